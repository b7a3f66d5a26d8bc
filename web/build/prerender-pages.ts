import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, createServer } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { criticalCss } from './critical-css.ts';
// Relative, so that Vite bundles it with its config (Node cannot load the package's .ts).
import { LANGUAGES } from '../../packages/contract/src/languages.ts';
import type { DrawnMonth, PageDrawing, SignedInDrawing } from '../../packages/contract/src/content-view.ts';
import { clubMonth, formatYearMonth, shiftMonth } from '../../packages/contract/src/club-time.ts';
import { chunkRunOrder, chunksBeforeEntry } from './chunk-order.ts';
import { buildTimeContent, fullestContent } from './build-content.ts';
import { gzipSizes, overBudget, pageWeight } from './script-budget.ts';
import type { PageScripts } from './script-budget.ts';
import { earlyCallsSource } from './early-calls-source.ts';
import { bootSource, ZOD_JITLESS } from './starter-source.ts';
import type { FirstCalls } from '@club/contract/routes';
import { FOOTER_ID } from '../src/app/layout/footer-id.ts';

const SHELL_ENTRY = '/src/prerender/page-shell.tsx';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
/** React's mark of a Suspense boundary it gave up drawing on the server (`renderToString`). */
const CLIENT_RENDERED = '<!--$!-->';

/** The module the app reads the session's check with (it imports it only for a stored session): its chunk is preloaded for a member. */
const SESSION_SCHEMAS = '../packages/contract/src/schemas.ts';

/** The areas the app loads before its first render (src/lib/i18n.ts). */
const APP_AREAS = ['common', 'header', 'footer'];

interface Chunk {
  file: string;
  css: string[];
  imports: string[];
}

interface PrerenderedPage {
  path: string;
  content?: boolean;
  name: string;
  module?: string;
  session: string;
  preloadAreas?: readonly string[];
  months?: number;
  images?: readonly string[];
  light?: boolean;
  early?: FirstCalls;
  signedInModel?: SignedInDrawing;
  monthModel?: (now: Date | undefined) => { now: Date; month: DrawnMonth };
  lightWhen?: string;
}

interface ShellModule extends PageDrawing {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
}

/**
 * The drawings of a page: one (suffix '', drawn now), or for a page drawn per month, that one
 * plus one per month from the build's (`.YYYY-MM`), each drawn at noon on its first day (the
 * build's month at the build's instant, so its day is today).
 */
function variants(page: PrerenderedPage): { suffix: string; now?: Date }[] {
  const built = new Date();
  const first = clubMonth(built);
  const months = Array.from({ length: page.months ?? 0 }, (_, k) => {
    const { year, month } = shiftMonth(first, k);
    const now = k === 0 ? built : new Date(Date.UTC(year, month - 1, 1, 12));
    return { suffix: `.${formatYearMonth(clubMonth(now))}`, now };
  });
  return [{ suffix: '' }, ...months];
}

function memo<T>(kept: Map<string, T>, key: string, make: () => T): T {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    kept.set(key, value);
  }
  return value;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The shell's `lang` and noscript text in a language (the template is written in Spanish). */
function localiseShell(html: string, language: string, areas: Record<string, object>): string {
  const noscript = (areas.common as { NOSCRIPT?: unknown } | undefined)?.NOSCRIPT;
  if (typeof noscript !== 'string') throw new Error(`prerender: common/${language}.json has no NOSCRIPT`);
  if (!html.includes('<html lang="es">') || !NOSCRIPT.test(html))
    throw new Error('prerender: index.html has no lang or noscript to localise');
  return html
    .replace('<html lang="es">', `<html lang="${language}">`)
    .replace(NOSCRIPT, `<noscript>${escapeAttribute(noscript).replace(/</g, '&lt;')}</noscript>`);
}

/** Every translation area of one language, read from the source tree. */
function readAreas(root: string, language: string): Record<string, object> {
  const base = path.join(root, 'public/assets/i18n');
  const areas: Record<string, object> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(base, dir), { withFileTypes: true })) {
      const area = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(area);
      else if (entry.name === `${language}.json`)
        areas[dir] = JSON.parse(readFileSync(path.join(base, area), 'utf8')) as object;
    }
  };
  walk('');
  return areas;
}

/**
 * Writes `pages/{name}.{lang}.html` beside `index.html` for every screen of PRERENDERED_PAGES:
 * the same document with the screen's first view already in `#root` (rendered by React on the
 * server side of the build, from the app's own components), the style rules that drawing needs
 * inlined (its whole stylesheets come through the starter, without holding up the first paint),
 * and a small starter in place of the app's script tags. The server sends it for the screen's path in the
 * visitor's language, so the first paint and the largest text or picture come straight from the
 * HTML, the screen's code (Konva and the stage engine too) loads after it, and the links work
 * before any script has run.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  const chunks = new Map<string, Chunk>();
  let sessionSchemas: string | undefined;
  return {
    name: 'club-prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const info = {
          file: chunk.fileName,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          imports: chunk.imports,
        };
        chunks.set(chunk.fileName, info);
        if (chunk.facadeModuleId) chunks.set(path.relative(root, chunk.facadeModuleId), info);
        if (chunk.moduleIds.some((id) => path.relative(root, id) === SESSION_SCHEMAS)) sessionSchemas = chunk.fileName;
      }
    },
    async writeBundle() {
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const entry = ENTRY_SCRIPT.exec(template)?.[1];
      if (!entry || !template.includes('<div id="root"></div>')) {
        throw new Error('prerender: index.html has no module entry script or no empty #root');
      }
      const entryModules = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
      const entryStyles = [...template.matchAll(STYLESHEET)].map((m) => m[1]);
      const criticalKept = new Map<string, string>();
      const entryOrder = chunkRunOrder(chunks, entry.replace(/^\//, '')).map((file) => `/${file}`);
      /** A chunk with every chunk it imports, each once. */
      const closure = (file: string, seen = new Set<string>()): Chunk[] => {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(chunk.file)) return [];
        seen.add(chunk.file);
        return [chunk, ...chunk.imports.flatMap((imported) => closure(imported, seen))];
      };
      if (!sessionSchemas) throw new Error(`prerender: no chunk holds ${SESSION_SCHEMAS}`);
      const memberModules = closure(sessionSchemas).map((chunk) => `/${chunk.file}`);

      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      const buildContent = buildTimeContent();
      const fullest = fullestContent();
      try {
        const shell = (await server.ssrLoadModule(SHELL_ENTRY)) as ShellModule;
        const boots = new Map<string, string>();
        const scripts = new Map<string, PageScripts>();
        for (const page of shell.PRERENDERED_PAGES) {
          let own: Chunk[] = [];
          // The entry's chunks, then those of the screen's chunk that do not need the entry.
          let order = entryOrder;
          if (page.module) {
            const screen = chunks.get(page.module);
            if (!screen) throw new Error(`prerender: no chunk for ${page.module}`);
            own = closure(page.module);
            const entryFile = entry.replace(/^\//, '');
            const before = entryOrder.map((href) => href.replace(/^\//, ''));
            // A chunk that held only styles is gone from the output by now.
            const screenOrder = chunksBeforeEntry(chunks, screen.file, entryFile, before).filter((file) => existsSync(path.join(outDir, file)));
            order = [...entryOrder, ...screenOrder.map((file) => `/${file}`)];
          }
          // The entry's styles first, as the template links them, then the screen's own.
          const css = [...new Set(own.flatMap((chunk) => chunk.css))].filter(
            (file) => !template.includes(file),
          );
          const styles = [...entryStyles, ...css.map((file) => `/${file}`)];
          for (const [language, { suffix, now }] of LANGUAGES.flatMap((language) =>
            variants(page).map((variant) => [language, variant] as const),
          )) {
            const areas = readAreas(root, language);
            const drawn = await shell.renderPage(page.path, language, areas, page.session, now, page.content ? buildContent : undefined);
            // A component that fails on the server (a `window` read in render, say) does not stop
            // React: it leaves that part to the browser and draws the nearest fallback, a spinner,
            // and the page arrives without its screen. The build stops instead.
            if (drawn.markup.includes(CLIENT_RENDERED))
              throw new Error(
                `prerender: ${page.path} (${language}) was not drawn: a component of it failed on the server and React left it to the browser (render the page with the dev server's SSR to see the error)`,
              );
            const preload = [...new Set([...APP_AREAS, ...drawn.areas, ...(page.preloadAreas ?? [])])];
            // A chunk that held only styles is gone from the output by now (its styles are linked above).
            // The entry goes with the rest: the app is imported through it once they have run.
            const modules = [...new Set([...entryModules, entry, ...own.map((chunk) => `/${chunk.file}`)])].filter(
              (href) => existsSync(path.join(outDir, href)),
            );
            // Pages show their drawing first and ask for the app once it is shown: asked earlier,
            // the requests would share the network with the drawing's pictures, and Lighthouse's
            // simulation counts every request started before the largest paint as holding it up.
            const members = memberModules.filter((href) => !modules.includes(href));
            const boot = bootSource(entry, modules, order, preload, styles, page.light === true, page.early, members, page.lightWhen);
            let bootFile = boots.get(boot);
            if (!bootFile) {
              bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 10)}.js`;
              writeFileSync(path.join(outDir, bootFile), boot);
              boots.set(boot, bootFile);
            }
            if (!scripts.has(page.name)) {
              scripts.set(page.name, {
                name: page.name,
                light: page.light === true,
                starter: bootFile,
                app: [...new Set([...modules, ...order, entry])].map((href) => href.replace(/^\//, '')),
              });
            }
            const description = (areas['home/hero'] as { META_DESCRIPTION?: unknown }).META_DESCRIPTION;
            if (typeof description !== 'string')
              throw new Error(`prerender: home/hero/${language}.json has no META_DESCRIPTION`);
            const drawnPage = localiseShell(template, language, areas)
              .replace(
                /<meta name="description" content="[^"]*"/,
                `<meta name="description" content="${escapeAttribute(description)}"`,
              )
              .replace(ENTRY_SCRIPT, '')
              .replace(MODULE_PRELOAD, '')
              .replace(STYLESHEET, '')
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-areas="${escapeAttribute(drawn.areas.join(','))}">${drawn.markup}</div>`,
              );
            // A content page is drawn again by the server from whatever staff keep (decision
            // 0041): its inlined rules are chosen for that drawing too, from the page drawn with
            // every optional part and every kind of text markup (fullestContent).
            // So is the scoring screen, drawn by the server for each range officer (decision 0068):
            // its rules come from a model officer's drawing too.
            // The visitor's calendar is drawn by the server with the month's events (decision
            // 0073): its rules come from a model month's drawing too.
            const drawnWithModelMonth = async (model: { now: Date; month: DrawnMonth }) =>
              (await shell.renderPage(page.path, language, areas, page.session, model.now, undefined, undefined, model.month)).markup;
            const rulesFor = page.content
              ? `${drawnPage}${(await shell.renderPage(page.path, language, areas, page.session, now, fullest)).markup}`
              : page.signedInModel
                ? `${drawnPage}${(await shell.renderPage(page.path, language, areas, page.session, now, undefined, page.signedInModel)).markup}`
                : page.monthModel
                  ? `${drawnPage}${await drawnWithModelMonth(page.monthModel(now))}`
                  : drawnPage;
            // Pages drawn alike (the languages of one screen, mostly) share their subset.
            const critical = memo(
              criticalKept,
              `${styles.join()} ${rulesFor.replace(/>[^<]*</g, '><')}`,
              () =>
                criticalCss(
                  rulesFor,
                  styles.map((file) => path.join(outDir, file)),
                ),
            );
            const head = [
              ...(page.images ?? []).map(
                (image) => `<link rel="preload" as="image" href="${escapeAttribute(image)}">`,
              ),
              // The browser paints nothing before the footer has been read, that is before the
              // whole of main: a first paint of half a page (the document arriving in parts, or
              // the parser pausing on a busy phone) moved what the rest then pushed, as the
              // home's hero, centred on its height, or a team page's columns (decision 0074).
              // A page without the footer is painted once it has all been read.
              `<link rel="expect" href="#${FOOTER_ID}" blocking="render">`,
              `<style id="critical-css">${critical}</style>`,
              // A light page's drawing is the whole page and needs no script to show: its starter
              // is fetched at low priority, after what the page shows, not ahead of it as a
              // module script would be.
              `<script type="module"${page.light === true ? ' fetchpriority="low"' : ''} crossorigin src="/${bootFile}"></script>`,
            ].join('\n    ');
            const html = drawnPage.replace('</head>', `  ${head}\n  </head>`);
            // The precompress plugin, which runs after this one, writes its .br and .gz.
            const file = path.join(outDir, 'pages', `${page.name}${suffix}.${language}.html`);
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, html);
          }
        }
        // Each public page's JavaScript against its budget (bytes, not times): the build stops
        // when a page grows past it.
        const sizeOf = gzipSizes(outDir);
        const weights = [...scripts.values()].map((page) => pageWeight(page, sizeOf));
        for (const { name, first, total, budget } of weights) {
          if (budget)
            this.info(`${name}: ${(first / 1024).toFixed(1)} KB gzip before interactive, ${(total / 1024).toFixed(1)} KB in all`);
        }
        const over = overBudget(weights);
        if (over.length > 0) throw new Error(`script budget (web/build/script-budget.ts):\n${over.join('\n')}`);
        // The plain shell (screens not drawn) starts the app at once, through the same setting.
        const plainStart = `// Generated by web/build/prerender-pages.ts.\n${ZOD_JITLESS}\n${earlyCallsSource(undefined)}import(${JSON.stringify(entry)});\n`;
        const plainFile = `assets/start-${createHash('sha256').update(plainStart).digest('base64url').slice(0, 10)}.js`;
        writeFileSync(path.join(outDir, plainFile), plainStart);
        const plain = template
          .replace(ENTRY_SCRIPT, (tag) => tag.replace(entry, `/${plainFile}`))
          .replace('</head>', `  <link rel="modulepreload" crossorigin href="${entry}">\n  </head>`);
        writeFileSync(path.join(outDir, 'index.html'), plain);
        // The plain shell in each language too (`index.{lang}.html`): the server sends the one of
        // the visitor's language cookie, so `lang` and the noscript text match it.
        for (const language of LANGUAGES) {
          writeFileSync(
            path.join(outDir, `index.${language}.html`),
            localiseShell(plain, language, readAreas(root, language)),
          );
        }
      } finally {
        await server.close();
      }
      // The same drawing code for the server, which draws content pages again whenever the
      // club's content changes (decision 0041): `dist-ssr/page-shell.js`, beside `dist/` and
      // never served. React and the packages built on it are bundled in, for production: React's development
      // build, which Node would pick for a server started without NODE_ENV, draws three times
      // slower (the scoring screen drawn for an officer on every opening, decision 0068); and
      // packages that import styles must be bundled anyway (Node cannot import a stylesheet).
      await build({
        root,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: {
          noExternal: [
            'react',
            'react-dom',
            'scheduler',
            'react-router',
            'react-i18next',
            'react-bootstrap',
            // react-bootstrap's own packages: dom-helpers is imported by folder, which Node's
            // loader refuses (the calendar's dialogs, drawn by the server, decision 0073).
            '@restart/ui',
            '@restart/hooks',
            'dom-helpers',
            'react-transition-group',
            'uncontrollable',
            'react-hook-form',
            '@hookform/resolvers',
            '@tanstack/react-query',
            'yet-another-react-lightbox',
            'swiper',
          ],
        },
        build: {
          ssr: SHELL_ENTRY.slice(1),
          outDir: path.join(root, 'dist-ssr'),
          emptyOutDir: true,
          minify: false,
          copyPublicDir: false,
        },
      });
    },
  };
}
