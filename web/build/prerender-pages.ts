import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, createServer } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { criticalCss } from './critical-css.ts';
// Relative, so that Vite bundles it with its config (Node cannot load the package's .ts).
import { LANGUAGES, LANGUAGE_COOKIE } from '../../packages/contract/src/languages.ts';
import type { DrawnMonth, PageDrawing, SignedInDrawing } from '../../packages/contract/src/content-view.ts';
import { clubMonth, formatYearMonth, shiftMonth } from '../../packages/contract/src/club-time.ts';
import { chunkRunOrder, chunksBeforeEntry } from './chunk-order.ts';
import { buildTimeContent, fullestContent } from './build-content.ts';
import { gzipSizes, overBudget, pageWeight } from './script-budget.ts';
import type { PageScripts } from './script-budget.ts';
import { LANGUAGE_KEY, SESSION_TOKEN_KEY } from '../src/lib/session-storage.ts';
import { EARLY_CALLS_KEY } from '../src/lib/early-calls.ts';
import { DRAWN_TAP_KEY } from '../src/lib/drawn-taps.ts';
import { earlyCallsSource } from './early-calls-source.ts';
import type { FirstCalls } from '@club/contract/routes';

const SHELL_ENTRY = '/src/prerender/page-shell.tsx';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
/** React's mark of a Suspense boundary it gave up drawing on the server (`renderToString`). */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The site's CSP allows no eval, and zod probes for it (`new Function`) when it builds its first
 * object schema, which the browser reports as a CSP violation. Zod reads its settings from this
 * global, and under `jitless` it never probes. It must be set before any zod module runs, which
 * `src/lib/zod-config.ts` cannot promise in the built app (a chunk the entry imports runs
 * before the entry), so the script that starts the app sets it first.
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };';

/** The module the app reads the session's check with (it imports it only for a stored session): its chunk is preloaded for a member. */
const SESSION_SCHEMAS = '../packages/contract/src/schemas.ts';

/** How long a starter waits for the screen the server draws for the member before it asks for the app anyway. */
const DRAWING_WAIT_MS = 3000;

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
 * What a page whose drawing is the whole page does before the app, on its own: the header's menu
 * toggle opens and closes the drawn menu (the app keeps it as it finds it, src/app/layout/header.tsx),
 * a language button keeps the choice as the app does (local storage and cookie) and asks the
 * server for the page again, drawn in that language, and a link to a section of the page glides
 * there. Nothing else on such a page needs a script.
 */
const DRAWN_CONTROLS = `const wireDrawing = () => {
  // A tap on one of the drawing's buttons (disabled until the app replaces them) is noted for the
  // app, which presses its own button there once it has drawn it (src/lib/drawn-taps.ts).
  // Not a form's submit button: a form is sent by its own act, not on the app's behalf.
  let pressed;
  const drawnButton = (event) => {
    const button = event.target instanceof Element ? event.target.closest('#root button[type="button"]') : null;
    return button && button.disabled ? button : null;
  };
  addEventListener('pointerdown', (event) => (pressed = drawnButton(event)), true);
  addEventListener('pointerup', (event) => {
    const button = drawnButton(event);
    if (!button || button !== pressed) return;
    window[${JSON.stringify(DRAWN_TAP_KEY)}] = {
      index: [...document.querySelectorAll('#root button')].indexOf(button),
      text: button.textContent,
    };
  }, true);
  const header = document.querySelector('.site-header');
  const toggle = header?.querySelector('.navbar-toggler');
  const menu = document.getElementById('main-navigation');
  const showMenu = (open) => {
    menu.classList.toggle('show', open);
    header.classList.toggle('menu-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  if (toggle && menu) {
    toggle.removeAttribute('disabled');
    toggle.addEventListener('click', () => {
      // The open menu's rules are in the whole stylesheets, not in the drawing's subset.
      void loadStyles().then(() => showMenu(!menu.classList.contains('show')));
    });
  }
  for (const button of header?.querySelectorAll('.language-select button[lang]') ?? []) {
    button.removeAttribute('disabled');
    button.addEventListener('click', () => {
      const language = button.lang;
      try {
        localStorage.setItem(${JSON.stringify(LANGUAGE_KEY)}, language);
      } catch {
        // Storage can be disabled; the cookie still carries the choice.
      }
      document.cookie = ${JSON.stringify(LANGUAGE_COOKIE)} + '=' + language + '; path=/; max-age=31536000; samesite=lax';
      location.reload();
    });
  }
  // A link to a section of this page glides there (the app's links do the same once it runs):
  // the browser still follows it itself (the address, the history, where Tab goes next), only
  // gliding. The page is marked while it glides: the app, starting meanwhile, lets the glide end
  // before it checks where the section is, instead of moving the page under it.
  const root = document.documentElement;
  let glideTimer;
  const glided = () => {
    clearTimeout(glideTimer);
    root.style.removeProperty('scroll-behavior');
    delete root.dataset.gliding;
    removeEventListener('scrollend', glided);
  };
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href*="#"]') : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search) return;
    if (url.hash.length < 2 || !document.getElementById(decodeURIComponent(url.hash.slice(1)))) return;
    // A link of the open menu closes it, as the app's do.
    if (toggle && menu?.classList.contains('show')) showMenu(false);
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    glided();
    root.style.scrollBehavior = 'smooth';
    root.dataset.gliding = 'true';
    addEventListener('scrollend', glided);
    // A browser without scrollend, or a glide to where the page already is.
    glideTimer = setTimeout(glided, 1500);
  });
};
const signedIn = () => {
  try {
    return [localStorage, sessionStorage].some((storage) => storage.getItem(${JSON.stringify(SESSION_TOKEN_KEY)}));
  } catch {
    return false;
  }
};
// A visitor whose chosen language is kept in the browser but not in the cookie (the server drew
// the page in another language) needs the app at once, to show the page in their language.
const otherLanguage = () => {
  try {
    const chosen = localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)});
    return Boolean(chosen) && chosen !== document.documentElement.lang;
  } catch {
    return false;
  }
};
`;

/** What sets a page's app off once the visitor acts on the page (light pages). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'scroll'];

/**
 * A drawn page's starter. The page is drawn with the style rules it needs inlined. Once the
 * first screen has been shown (the window's load event and the browser's first largest-
 * contentful-paint entry, or one more second where the browser reports none, as in a background
 * tab), the starter preloads the code and translation files the app needs, loads the whole
 * stylesheets and puts them in the inlined subset's place, then starts the app.
 *
 * A light page (`light`: its drawing is the whole page, and nothing on it needs the app) runs no
 * app code for a visitor who only reads it: its starter drives the drawn menu and language
 * buttons itself (DRAWN_CONTROLS) and starts the app only when the visitor acts on the page (a
 * pointer moves or presses, a key, a focus, a scroll), so the app is there for what comes next;
 * the move the browser makes by itself under a pointer resting over the page as it is laid out
 * does not count.
 * A signed-in member's page starts the app as any other page does, to show the member's header,
 * and so does the page of a visitor whose language, kept in the browser, is not the one drawn.
 */
function bootSource(
  entry: string,
  modules: string[],
  order: readonly string[],
  areas: readonly string[],
  styles: readonly string[],
  light: boolean,
  early: FirstCalls | undefined,
  memberModules: readonly string[],
  lightWhen?: string,
): string {
  return `// Generated by web/build/prerender-pages.ts.
${ZOD_JITLESS}
${earlyCallsSource(early)}// The whole stylesheets are asked for once the first screen has been shown (the app needs them,
// the drawing does not). They go before the inlined subset, which holds the same rules in the same
// order, for print only while they arrive: once all are in, they apply and the subset goes in the
// same step, so the page is restyled once (each change of the page's stylesheets restyles the
// whole page, tens of milliseconds on a phone), not once per stylesheet and again for the subset.
let styled;
const loadStyles = () => {
  if (styled) return styled;
  const subset = document.getElementById('critical-css');
  styled = Promise.all(
    ${JSON.stringify(styles)}.map(
      (href) =>
        new Promise((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.crossOrigin = '';
          link.media = 'print';
          link.onload = () => resolve(link);
          link.onerror = () => resolve(undefined);
          if (subset) subset.before(link);
          else document.head.append(link);
        }),
    ),
  ).then((links) => {
    for (const link of links) link?.removeAttribute('media');
    if (links.every(Boolean)) subset?.remove();
  });
  return styled;
};
// The next task, without the 4 ms a chain of timers is held to: what waits (a tap, a paint)
// runs in between.
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
let started = false;
const start = async () => {
  if (started) return;
  started = true;
  // The stylesheets' links in a task of their own: the browser sets up each one as it goes in.
  const styled = loadStyles();
  await nextTask();
  const language = document.documentElement.lang;
  const links = [
    ...${JSON.stringify(modules)}.map((href) => ['modulepreload', href]),
    // The session's schemas, which the app loads to read the session's check (sent ahead above).
    ...(globalThis[${JSON.stringify(EARLY_CALLS_KEY)}] ? ${JSON.stringify(memberModules)} : []).map((href) => ['modulepreload', href]),
    ...${JSON.stringify(areas)}.map((area) => ['preload', '/assets/i18n/' + area + '/' + language + '.json']),
  ];
  // Each link costs the page a little (the browser starts the fetch, and compiles what arrives):
  // they go in a few at a time, one group per task, not thirty in one long task.
  let since = performance.now();
  for (const [rel, href] of links) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (rel === 'preload') link.as = 'fetch';
    document.head.append(link);
    if (performance.now() - since > 4) {
      await nextTask();
      since = performance.now();
    }
  }
  await styled;
  // The entry's chunks are run one per task, in the order the entry itself would run them, each
  // after the chunks it imports, and so are the app's and the screen's chunks, which need nothing
  // of the entry (web/build/chunk-order.ts): the same code, in short tasks, so the page can answer
  // a tap between them instead of waiting out one long one when the router loads the screen.
  for (const href of ${JSON.stringify(order)}) {
    await import(href);
    await nextTask();
  }
  await import(${JSON.stringify(entry)});
};
${light ? DRAWN_CONTROLS : ''}// What the page's showing sets off: the app, or on a light page the whole stylesheets only.
let afterShown = start;
${
  light
    ? `if (!signedIn() && !otherLanguage()${lightWhen ? ` && (${lightWhen})` : ''}) {
  document.documentElement.dataset.start = 'intent';
  afterShown = loadStyles;
  wireDrawing();
  const onIntent = (event) => {
    // The browser moves the pointer by itself where one rests over the page as it is laid out
    // (to update what it hovers): a move that goes nowhere is not the visitor's.
    if (event.type === 'pointermove' && !event.movementX && !event.movementY) return;
    acted();
  };
  const acted = () => {
    for (const type of ${JSON.stringify(INTENT_EVENTS)}) removeEventListener(type, onIntent, true);
    void start();
  };
  for (const type of ${JSON.stringify(INTENT_EVENTS)}) addEventListener(type, onIntent, { capture: true, passive: true });
  // A visitor who scrolled or took a focus before this script ran has acted already.
  if (scrollY > 0 || (document.activeElement && document.activeElement !== document.body)) acted();
}
`
    : ''
}let loaded = document.readyState === 'complete';
let shown = !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
${
  early?.drawing
    ? `// A screen the server draws for the member (decision 0068) is shown before the app is asked for,
// or after ${DRAWING_WAIT_MS / 1000} s without it.
let drawn = drawingShown === undefined;
if (!drawn) {
  const settle = () => {
    drawn = true;
    maybeStart();
  };
  void drawingShown.then(settle);
  setTimeout(settle, ${DRAWING_WAIT_MS});
}
`
    : ''
}let done = false;
const maybeStart = () => {
  if (done || !loaded || !shown${early?.drawing ? ' || !drawn' : ''}) return;
  done = true;
  setTimeout(afterShown, 0);
};
if (!shown) {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    shown = true;
    maybeStart();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}
const afterLoad = () => {
  loaded = true;
  maybeStart();
  setTimeout(() => {
    shown = true;
    maybeStart();
  }, 1000);
};
if (loaded) afterLoad();
else addEventListener('load', afterLoad, { once: true });
`;
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
