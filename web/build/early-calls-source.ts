// The first lines of every page's starter (web/build/prerender-pages.ts): the page's first calls.
// Relative, so that Vite bundles it with its config (Node cannot load the package's .ts).
import { SESSION_TOKEN_KEY, SESSION_UUID_KEY } from '../src/lib/session-storage.ts';
import { DRAWN_SCREEN_KEY, EARLY_CALLS_KEY } from '../src/lib/early-calls.ts';
import type { FirstCalls } from '@club/contract/routes';

/** The session's check, which the app makes before its first render (src/lib/session.tsx). */
const SESSION_CHECK = '/api/active-user/';

/** The starter's lines that ask for the screen drawn for the member and put it in the page (decision 0068; earlyCallsSource). */
const DRAWING_LINES = `  if (!drawing) return undefined;
  return fetch(drawing, { headers, credentials: 'same-origin', cache: 'no-cache' })
    // 204: the server draws nothing for this screen (the app will).
    .then((response) => (response.status === 200 ? response.json() : undefined))
    .then((drawn) => {
      const root = document.getElementById('root');
      // Over the frame only (the page's drawing waits for its data), never once the app started.
      if (!drawn || !root || root.dataset.started !== undefined || !root.querySelector('[aria-busy="true"]')) return undefined;
      root.innerHTML = drawn.markup;
      root.dataset.areas = drawn.areas.join(',');
      globalThis[${JSON.stringify(DRAWN_SCREEN_KEY)}] = { token, data: drawn.snapshot };
      // Settled once the browser has had a frame to paint it in.
      return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    })
    .catch(() => undefined);
`;

/** The query a drawn screen's address may carry that its drawing follows (the scoring screen's stage and squad). */
const DRAWING_QUERY = ['stage', 'squad'];

/**
 * What a starter runs first (decision 0060): the page's first calls leave at once, beside the
 * app's code, instead of after it: for a member with a session stored on the device (token and
 * uuid in the same storage, as the app reads them) the session's check, and the screen's own
 * calls when the address is one of `screen`'s (for a visitor too where they are for anyone).
 * Each answer is read whole and kept on `window` (EARLY_CALLS_KEY), with the token they carried,
 * for the app to take once (src/lib/early-calls.ts). They carry what the app's calls carry
 * (src/lib/http.ts): the token if any, the page's language, no cache.
 *
 * Where the screen has a `drawing` and a session is stored, the starter asks for the screen
 * drawn by the server for that member instead of its calls (decision 0068), puts it in the page
 * in place of the frame (unless the app has started meanwhile) and leaves its data on `window`
 * (DRAWN_SCREEN_KEY) for the app's first render. `callEarly` answers a promise that settles once
 * the drawing is shown or will not be, which the starter waits for before it asks for the app.
 * `deferred`: the starter calls `callEarly` itself, later (a light page reads the device's storage
 * in a task of its own: its first read waits on the browser, decision 0073).
 */
export function earlyCallsSource(screen: FirstCalls | undefined, deferred = false): string {
  // Only a screen the server draws carries the lines that ask for the drawing (every page's
  // starter is in its first bytes).
  const draws = screen?.drawing !== undefined;
  return `const callEarly = () => {
  let token;${draws ? '\n  let drawing;' : ''}
  try {
    for (const storage of [localStorage, sessionStorage]) {
      const kept = storage.getItem(${JSON.stringify(SESSION_TOKEN_KEY)});
      if (kept && storage.getItem(${JSON.stringify(SESSION_UUID_KEY)})) {
        token = kept;
        break;
      }
    }
  } catch {
    // Storage can be disabled: the calls go as a visitor's.
  }
  const calls = token ? [${JSON.stringify(SESSION_CHECK)}] : [];
${
  screen
    ? `  const address = location.pathname.length > 1 ? location.pathname.replace(/\\/+$/, '') : location.pathname;
  const id = new RegExp(${JSON.stringify(screen.pattern.source)}).exec(address)?.[1];
${
  screen.drawing
    ? `  if (id && token) {
    const asked = new URLSearchParams(location.search);
    const query = new URLSearchParams();
    for (const name of ${JSON.stringify(DRAWING_QUERY)}) if (asked.get(name)) query.set(name, asked.get(name));
    drawing = ${JSON.stringify(screen.drawing)}.replace('$1', id) + (query.size > 0 ? '?' + query : '');
  } else `
    : '  '
}if (id && (token || ${JSON.stringify(screen.callsFor === 'anyone')})) calls.push(...${JSON.stringify(screen.calls)}.map((call) => call.replace('$1', id)));
`
    : ''
}  if (calls.length === 0${draws ? ' && !drawing' : ''}) return undefined;
  const headers = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'es' };
  if (token) headers.Authorization = 'Token ' + token;
  const answers = {};
  for (const call of calls) {
    answers[call] = fetch(call, { headers, credentials: 'same-origin', cache: 'no-cache' }).then(async (response) => ({
      status: response.status,
      statusText: response.statusText,
      text: await response.text(),
    }));
    // One the app never takes is dropped without a word.
    answers[call].catch(() => undefined);
  }
  globalThis[${JSON.stringify(EARLY_CALLS_KEY)}] = { token, at: performance.now(), answers };
${draws ? DRAWING_LINES : ''}};
${deferred ? '' : 'const drawingShown = callEarly();\n'}`;
}
