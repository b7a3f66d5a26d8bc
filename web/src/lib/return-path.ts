import { APP_ROUTES } from '@club/contract/routes';

/** The query parameter that carries where to go back to after signing in. */
export const NEXT_PARAM = 'next';

// A stand-in origin to resolve against: what resolves elsewhere is not one of our paths.
const BASE = 'http://club.invalid';

/**
 * A path of this site to go back to, or null: only a same-origin path ('/calendar?month=…')
 * passes; an absolute or protocol-relative address ('https://…', '//evil.example', '/\\evil'),
 * a scheme ('javascript:…'), control characters and the login screen itself never do, so
 * `?next=` cannot send anyone to another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === APP_ROUTES.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login screen's address that comes back to `path` (a path of this site) once signed in. */
export function loginPathReturningTo(path: string): string {
  return `${APP_ROUTES.login}?${new URLSearchParams({ [NEXT_PARAM]: path }).toString()}`;
}

/**
 * Where the login screen sends a member once signed in: `?next=` or the members-only screen that
 * sent them there (router state `from`), each only when it is a path of this site; else null.
 */
export function returnPathOf(params: URLSearchParams, state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return safeReturnPath(params.get(NEXT_PARAM)) ?? safeReturnPath(typeof from === 'string' ? from : null);
}
