import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiCallError, apiRequest, setUnauthorizedListener } from './http.ts';
import { clearStoredSession, writeStoredSession } from './session-storage.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=cookie-value; path=/';
  document.documentElement.lang = 'ca';
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearStoredSession();
  setUnauthorizedListener(null);
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  it('sends the token and the page language, and no XSRF header on a GET', async () => {
    writeStoredSession({ token: 'tok123', uuid: 'u1', remember: true });
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await apiRequest('/api/active-user/');
    const [, init] = fetchMock.mock.calls[0];
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Token tok123');
    expect(headers['Accept-Language']).toBe('ca');
    expect(headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('echoes the XSRF cookie on unsafe relative calls only', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiRequest('/api/login/', { method: 'POST', body: { a: 1 } });
    let headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers['X-XSRF-TOKEN']).toBe('cookie-value');
    expect(headers['Content-Type']).toBe('application/json');
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{"a":1}');
    await apiRequest('https://elsewhere.example/api/', { method: 'POST', body: {} });
    headers = fetchMock.mock.calls[1][1]?.headers as Record<string, string>;
    expect(headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('turns an error body into a typed error with its code and fields', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        errorCode: 'LOGIN_TAKEN',
        message: 'That login is taken.',
        fields: { login: ['required'] },
      }),
    );
    const error = await apiRequest('/api/registro/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 409, errorCode: 'LOGIN_TAKEN', fields: { login: ['required'] } });
  });

  it('gives a typed error for a body that is not the contract’s, and for no network', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('/api/x/')).rejects.toMatchObject({ status: 502, errorCode: 'HTTP_502' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x/')).rejects.toMatchObject({ status: 0, errorCode: 'NETWORK_ERROR' });
  });

  it('parses answers with the schema it is given', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: 'ok', extra: 1 }));
    await expect(
      apiRequest('/api/health/', { schema: z.object({ status: z.literal('ok') }) }),
    ).resolves.toEqual({
      status: 'ok',
    });
    fetchMock.mockResolvedValueOnce(json(200, { status: 'down' }));
    await expect(
      apiRequest('/api/health/', { schema: z.object({ status: z.literal('ok') }) }),
    ).rejects.toMatchObject({
      errorCode: 'BAD_RESPONSE',
    });
  });

  it('signs the member out when a signed-in call comes back 401', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    writeStoredSession({ token: 'old', uuid: 'u1', remember: false });
    fetchMock.mockImplementation(async () =>
      json(401, { errorCode: 'NOT_AUTHENTICATED', message: 'Not Autenticated!!!' }),
    );
    await expect(apiRequest('/api/registry/actvie-user/')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    clearStoredSession();
    await expect(apiRequest('/api/registry/actvie-user/')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
