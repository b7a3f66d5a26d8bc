// The first lines of every page's starter (web/build/prerender-pages.ts): the page's first calls.
// Relative, so that Vite bundles it with its config (Node cannot load the package's .ts).
import { SESSION_TOKEN_KEY, SESSION_UUID_KEY } from '../src/lib/session-storage.ts';
import { EARLY_CALLS_KEY } from '../src/lib/early-calls.ts';
import type { FirstCalls } from '@club/contract/routes';

/** The session's check, which the app makes before its first render (src/lib/session.tsx). */
const SESSION_CHECK = '/api/active-user/';

/**
 * What a starter runs first (decision 0060): the page's first calls leave at once, beside the
 * app's code, instead of after it: for a member with a session stored on the device (token and
 * uuid in the same storage, as the app reads them) the session's check, and the screen's own
 * calls when the address is one of `screen`'s (for a visitor too where they are for anyone).
 * Each answer is read whole and kept on `window` (EARLY_CALLS_KEY), with the token they carried,
 * for the app to take once (src/lib/early-calls.ts). They carry what the app's calls carry
 * (src/lib/http.ts): the token if any, the page's language, no cache.
 */
export function earlyCallsSource(screen: FirstCalls | undefined): string {
  return `const callEarly = () => {
  let token;
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
  if (id && (token || ${JSON.stringify(screen.callsFor === 'anyone')})) calls.push(...${JSON.stringify(screen.calls)}.map((call) => call.replace('$1', id)));
`
    : ''
}  if (calls.length === 0) return;
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
};
callEarly();
`;
}
