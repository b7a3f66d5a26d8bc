import type { Page } from '@playwright/test';

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

/**
 * Signs a member in through the API and stores the session as the app does with remember-me,
 * for tests whose subject is not the login screen itself. Returns the session token.
 */
export async function signInByApi(page: Page, member: { login: string; password: string }): Promise<string> {
  const response = await apiCall(page, 'POST', '/api/login/', {
    login: member.login,
    password: member.password,
    rememberMe: true,
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const session = (await response.json()) as { token: string; user: { uuid: string } };
  await page.addInitScript(
    ([token, uuid]) => {
      localStorage.setItem('ipsc-club.token', token);
      localStorage.setItem('ipsc-club.uuid', uuid);
    },
    [session.token, session.user.uuid],
  );
  return session.token;
}
