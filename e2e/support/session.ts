import type { BrowserContext, Page } from '@playwright/test';

/** The XSRF cookie the server set for this browser context (a GET sets it first if needed). */
export async function xsrfToken(page: Page): Promise<string> {
  let cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await page.request.get('/api/health/');
    cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  }
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return cookie.value;
}

/** Calls the API from the page's browser context, with the XSRF header and an optional token. */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
) {
  const headers: Record<string, string> = { 'x-xsrf-token': await xsrfToken(page) };
  if (token) headers.authorization = `Token ${token}`;
  return page.request.fetch(url, { method, headers, data: body === undefined ? undefined : body });
}

/** A signed-in member as the API answers the login: the session token and the member's uuid. */
export interface Session {
  token: string;
  uuid: string;
}

/**
 * Signs a member in through the API (the login form's call, with remember-me) and returns the
 * session without storing it anywhere: a test may hold several members' sessions at once, and
 * stores one for the app with `storeSession`.
 */
export async function signIn(page: Page, member: { login: string; password: string }): Promise<Session> {
  const response = await apiCall(page, 'POST', '/api/login/', {
    login: member.login,
    password: member.password,
    rememberMe: true,
  });
  if (!response.ok()) throw new Error(`login of ${member.login} failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { uuid: string } };
  return { token: body.token, uuid: body.user.uuid };
}

/**
 * Stores a session where the app reads it at start (remember-me), for every page the page or
 * context opens from now on; with a language, the language the member chose too.
 */
export async function storeSession(
  target: Page | BrowserContext,
  session: Session,
  lang?: 'es' | 'ca' | 'en',
): Promise<void> {
  await target.addInitScript(
    ([token, uuid, language]) => {
      localStorage.setItem('ipsc-club.token', token);
      localStorage.setItem('ipsc-club.uuid', uuid);
      if (language) localStorage.setItem('ipsc-club.lang', language);
    },
    [session.token, session.uuid, lang ?? null] as const,
  );
}

/**
 * Signs a member in through the API and stores the session as the app does with remember-me,
 * for tests whose subject is not the login screen itself. Returns the session token.
 */
export async function signInByApi(page: Page, member: { login: string; password: string }): Promise<string> {
  const session = await signIn(page, member);
  await storeSession(page, session);
  return session.token;
}
