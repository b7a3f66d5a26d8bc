import { expect, it } from 'vitest';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';

describeEachDatabase('security headers and CSRF', (get) => {
  it('sends the security headers of DECISIONS, with no inline script allowed', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/health/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('uses no-referrer on the reset-password page', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/reset-password?hash=a&token=b' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sets the XSRF-TOKEN cookie on a GET when the client has none, and only then', async () => {
    const first = await get().app.inject({ method: 'GET', url: '/api/health/' });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie?.sameSite).toBe('Strict');
    const again = await get().app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}` },
    });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('refuses unsafe calls without the header, or with one that differs from the cookie', async () => {
    for (const headers of [
      {},
      { cookie: 'XSRF-TOKEN=abc' },
      { 'x-xsrf-token': 'abc' },
      { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
    ]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await get().app.inject({ method, url: '/api/logout/', headers });
        expect(res.statusCode).toBe(403);
        expect(res.json().errorCode).toBe('CSRF_FAILED');
      }
    }
  });

  it('lets a matching cookie and header through', async () => {
    // No such route: the CSRF check passes and the call reaches the 404 handler.
    const res = await apiClient(get().app).post('/api/not-a-route/', {});
    expect(res.statusCode).toBe(404);
  });

  it('refuses a cross-site Origin or Sec-Fetch-Site even with a matching token', async () => {
    const base = { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' };
    for (const extra of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
      const res = await get().app.inject({ method: 'POST', url: '/api/not-a-route/', headers: { ...base, ...extra } });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('CSRF_FAILED');
    }
    const same = await get().app.inject({
      method: 'POST',
      url: '/api/not-a-route/',
      headers: { ...base, origin: 'http://club.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(404);
  });

  it('answers health once the database answers', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
