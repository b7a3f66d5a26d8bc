// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css.ts';

// Bootstrap's own stylesheet, as the site ships it: a file we did not write.
const bootstrap = createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css');

/** The custom properties `css` defines. */
const defined = (css: string) => new Set([...css.matchAll(/(?:^|[;{])(--[\w-]+):/g)].map((match) => match[1]));

describe('criticalCss', () => {
  const markup = '<body><main class="container"><a class="btn btn-primary" href="/x">Go</a></main></body>';

  it('keeps the rules the markup can use and drops the rest', () => {
    const css = criticalCss(markup, [bootstrap]);
    expect(css).toContain('.btn-primary{');
    expect(css).toMatch(/\.container[,{]/);
    expect(css).not.toContain('.accordion');
    expect(css).not.toContain('.carousel');
  });

  it('keeps the custom properties the kept rules read, and those their values read in turn', () => {
    const properties = defined(criticalCss(markup, [bootstrap]));
    // Read by `.btn` and set by `.btn-primary`.
    expect(properties).toContain('--bs-btn-bg');
    // body reads --bs-body-font-family, whose value reads --bs-font-sans-serif.
    expect(properties).toContain('--bs-body-font-family');
    expect(properties).toContain('--bs-font-sans-serif');
  });

  it('drops the custom properties nothing reads', () => {
    const whole = defined(criticalCss('<body><div class="accordion"><div class="accordion-item"></div></div></body>', [bootstrap]));
    const properties = defined(criticalCss(markup, [bootstrap]));
    expect(whole).toContain('--bs-accordion-bg');
    expect(properties).not.toContain('--bs-accordion-bg');
    expect(properties).not.toContain('--bs-pink');
    expect(properties.size).toBeLessThan(defined(criticalCss('<body></body>', [bootstrap])).size + 60);
  });

  it('keeps the declarations of properties lightningcss does not know', () => {
    const css = criticalCss('<body><span class="visually-hidden">x</span></body>', [bootstrap]);
    expect(css).toContain('clip:rect(0,0,0,0)!important');
    expect(css).toContain('-webkit-tap-highlight-color:transparent');
  });

  it('keeps a custom property the markup reads in an inline style', () => {
    expect(defined(criticalCss(`${markup}<p style="color: var(--bs-pink)">x</p>`, [bootstrap]))).toContain('--bs-pink');
  });

  it('follows a chain of custom properties across stylesheets', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'critical-'));
    const base = path.join(dir, 'base.css');
    const page = path.join(dir, 'page.css');
    writeFileSync(base, ':root{--a:1px;--b:var(--a);--c:var(--missing,var(--d));--d:2px;--e:3px}');
    writeFileSync(page, '.x{margin:var(--b) var(--c)}.y{padding:var(--e)}');
    const properties = defined(criticalCss('<div class="x"></div>', [base, page]));
    expect([...properties].sort()).toEqual(['--a', '--b', '--c', '--d']);
  });
});
