// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { dropUnusedRules, unusedBootstrapFilter } from './unused-bootstrap.ts';

const words = new Set(['btn', 'primary', 'outline-primary', 'dialog', 'centered', 'md', 'navbar']);
const inUse = unusedBootstrapFilter(words, ['btn', 'modal', 'col']);

describe('unusedBootstrapFilter', () => {
  it('keeps a class written whole, and the names react-bootstrap composes from a prefix and words or numbers', () => {
    expect(inUse('navbar')).toBe(true);
    expect(inUse('btn-primary')).toBe(true);
    expect(inUse('btn-outline-primary')).toBe(true);
    expect(inUse('modal-dialog-centered')).toBe(true);
    expect(inUse('col-md-6')).toBe(true);
    expect(inUse('col-12')).toBe(true);
  });

  it('drops a class no code can write', () => {
    expect(inUse('accordion')).toBe(false);
    expect(inUse('btn-warning')).toBe(false);
    expect(inUse('navbar-expand-lg')).toBe(false);
    expect(inUse('col-md-six')).toBe(false);
  });
});

describe('dropUnusedRules', () => {
  it('drops a rule only when none of its selectors can match, inside media queries too', () => {
    const css = [
      '.btn{color:red}',
      '.accordion .btn{color:blue}',
      '.accordion,.btn-primary{color:green}',
      '@media (min-width:768px){.accordion{color:red}.col-md-6{width:50%}}',
      'a{color:red}',
      '[hidden]{display:none}',
      ':root{--bs-x:1}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
    ].join('');
    const out = dropUnusedRules(css, inUse);
    expect(out).toContain('.btn{color:red}');
    expect(out).not.toContain('.accordion .btn');
    expect(out).toContain('.btn-primary');
    expect(out).toContain('.col-md-6');
    expect(out).not.toMatch(/\.accordion\{/);
    expect(out).toContain('a{color:red}');
    expect(out).toContain('[hidden]');
    expect(out).toContain('--bs-x:1');
    expect(out).toContain('@keyframes spin');
  });

  it("reads Bootstrap's own stylesheet, keeping the modal's rules for a site that uses the modal and dropping the accordion's", () => {
    const bootstrap = readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
    const used = unusedBootstrapFilter(new Set(['modal', 'dialog', 'header', 'body', 'content', 'backdrop', 'show', 'fade']), ['modal']);
    const out = dropUnusedRules(bootstrap, used);
    expect(out.length).toBeLessThan(bootstrap.length / 2);
    for (const rule of ['.modal{', '.modal-dialog{', '.modal-header{', '.modal-backdrop{', '.fade']) expect(out).toContain(rule);
    expect(out).not.toContain('.accordion');
    expect(out).not.toContain('.carousel');
    // Custom properties and the element rules (the reboot) stay whole.
    expect(out).toContain('--bs-body-font-family');
    expect(out).toMatch(/(^|[},])body\{/);
  });
});
