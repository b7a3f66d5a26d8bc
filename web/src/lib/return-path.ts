import { APP_ROUTES } from '@club/contract/routes';

/** The query parameter that carries where to go back to after signing in. */
export const NEXT_PARAM = 'next';

// A stand-in origin to resolve against: what resolves elsewhere is not one of our paths.
const BASE = 'http://club.invalid';

/**
 * A path of this site to go back to, or null. The value is normalised first (dot segments
 * resolved, percent-escapes read) and only a single-slash same-origin path ('/calendar?month=…')
 * passes: an absolute or protocol-relative address ('https://…', '//evil.example', '/\\evil'),
 * any spelling that normalises to one ('/.//evil.example', '/%2f/evil.example', '/%5cevil'), a
 * scheme ('javascript:…'), control characters (tabs, which URL parsers drop) and the login screen
 * itself never do, so `?next=` cannot send anyone to another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512 || !isSingleSlashPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What the parser made of it must still be one of our paths, and stay one when a router or a
  // server decodes its escapes ('%2f') and resolves the dot segments again, however often.
  let decoded = url.pathname;
  let stable = false;
  for (let round = 0; round < 4 && !stable; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (!isSingleSlashPath(next)) return null;
    const resolved = new URL(next, BASE);
    if (resolved.origin !== BASE || !isSingleSlashPath(resolved.pathname)) return null;
    stable = resolved.pathname === decoded;
    decoded = resolved.pathname;
  }
  if (!stable || !isSingleSlashPath(path)) return null;
  const again = new URL(path, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== path) return null;
  if (url.pathname === APP_ROUTES.login || decoded === APP_ROUTES.login) return null;
  return path;
}

/** Starts with exactly one slash and holds no backslash or control character. */
function isSingleSlashPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith('/') && !value.startsWith('//') && !/[\u0000-\u001f\u007f\\]/.test(value);
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
