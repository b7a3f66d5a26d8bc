// The scripts a drawn page starts with (web/build/prerender-pages.ts writes one per page kind):
// generated source, kept apart from the build's plugin so the browser-side code can be tested on
// its own (starter-source.test.ts).
import { LANGUAGE_COOKIE } from '../../packages/contract/src/languages.ts';
import type { FirstCalls } from '@club/contract/routes';
import { LANGUAGE_KEY, SESSION_TOKEN_KEY } from '../src/lib/session-storage.ts';
import { EARLY_CALLS_KEY } from '../src/lib/early-calls.ts';
import { DRAWN_TAP_KEY } from '../src/lib/drawn-taps.ts';
import { earlyCallsSource } from './early-calls-source.ts';

/**
 * The site's CSP allows no eval, and zod probes for it (`new Function`) when it builds its first
 * object schema, which the browser reports as a CSP violation. Zod reads its settings from this
 * global, and under `jitless` it never probes. It must be set before any zod module runs, which
 * `src/lib/zod-config.ts` cannot promise in the built app (a chunk the entry imports runs
 * before the entry), so the script that starts the app sets it first.
 */
export const ZOD_JITLESS = 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };';

/** How long a starter waits for the screen the server draws for the member before it asks for the app anyway. */
const DRAWING_WAIT_MS = 3000;

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
export function bootSource(
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
  return `// Generated by web/build/starter-source.ts.
${ZOD_JITLESS}
${earlyCallsSource(early, light)}// The whole stylesheets are asked for once the first screen has been shown (the app needs them,
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
    ? `// A light page decides in tasks of its own, after the one that runs this script: the first read
// of the device's storage waits on the browser (milliseconds to tens of them), and nothing here
// reads the page's layout, which the browser has not made yet (a read would make it inside this
// task: one long task instead of two short ones).
let decided = false;
let acted;
void nextTask()
  .then(() => {
    callEarly();
    return nextTask();
  })
  .then(() => {
    if (!signedIn() && !otherLanguage()${lightWhen ? ` && (${lightWhen})` : ''}) {
      document.documentElement.dataset.start = 'intent';
      afterShown = loadStyles;
      wireDrawing();
      const onIntent = (event) => {
        // The browser moves the pointer by itself where one rests over the page as it is laid out
        // (to update what it hovers): a move that goes nowhere is not the visitor's.
        if (event.type === 'pointermove' && !event.movementX && !event.movementY) return;
        acted();
      };
      acted = () => {
        for (const type of ${JSON.stringify(INTENT_EVENTS)}) removeEventListener(type, onIntent, true);
        void start();
      };
      for (const type of ${JSON.stringify(INTENT_EVENTS)}) addEventListener(type, onIntent, { capture: true, passive: true });
    }
    decided = true;
    maybeStart();
  });
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
  if (done || !loaded || !shown${early?.drawing ? ' || !drawn' : ''}${light ? ' || !decided' : ''}) return;
  done = true;
${
  light
    ? `  // A visitor who scrolled or took a focus before the page listened has acted already (read once
  // the page has been shown: its layout is made by then).
  if (acted && (scrollY > 0 || (document.activeElement && document.activeElement !== document.body))) acted();
`
    : ''
}  setTimeout(afterShown, 0);
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
