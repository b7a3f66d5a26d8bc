import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@club/contract/errors';
import { createTestMember } from '../support/auth.ts';
import type { TestApp } from '../support/test-app.ts';
import { createTestApp, describeEachDatabase, TEST_DIALECTS } from '../support/test-app.ts';

// Findings of the attack on the HTTP layer (issue "Trust and hardening", item 5), replayed.

describeEachDatabase('HTTP edges: personal answers are never cached, whatever the path spelling', (get) => {
  const spellings = [
    '/api/registry/actvie-user/',
    '//api/registry/actvie-user/',
    '/%61pi/registry/actvie-user/',
    '/api//registry/actvie-user/',
    '/%61%70%69/registry/actvie-user',
  ];
  it.each(spellings)('%s answers the member with no-store', async (url) => {
    const t = get();
    const { token, user } = await createTestMember(t);
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    if (res.statusCode === 200) expect(res.json().uuid).toBe(user.uuid);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps no-store on errors and on unknown paths too', async () => {
    const t = get();
    for (const url of ['//api/not-a-route/', '/%61pi/registry/actvie-user/', '/api/registry/actvie-user/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describeEachDatabase('HTTP edges: a malformed URL gets the contract error body and the security headers', (get) => {
  it.each(['/api/%E0%A4%A/', '/%/', '/api/events/%ZZ/'])('%s', async (url) => {
    const res = await get().app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.errorCode).toBe('VALIDATION_ERROR');
    expect(res.body).not.toContain('FST_');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describeEachDatabase(
  'HTTP edges: the Origin check compares with PUBLIC_URL, not the Host of the request',
  (get) => {
    const tokens = { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' };
    it('refuses an Origin that names the forged Host of the request', async () => {
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/not-a-route/',
        headers: { ...tokens, host: 'evil.example', origin: 'http://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('CSRF_FAILED');
    });

    it("lets PUBLIC_URL's origin through whatever Host the proxy passes on", async () => {
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/not-a-route/',
        headers: { ...tokens, host: '127.0.0.1:3000', origin: 'https://club.example' },
      });
      expect(res.statusCode).toBe(404);
    });
  },
  { env: { PUBLIC_URL: 'https://club.example' } },
);

describe.each(TEST_DIALECTS)('HTTP edges: HSTS when PUBLIC_URL is https [%s]', (dialect) => {
  let https: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    https = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://club.example' } });
    plain = await createTestApp(dialect, { env: { PUBLIC_URL: 'http://club.example' } });
  });
  afterAll(async () => {
    await https?.close();
    await plain?.close();
  });

  it('sends Strict-Transport-Security on every answer, errors and malformed URLs included', async () => {
    for (const url of ['/api/health/', '/api/not-a-route/', '/api/%E0%A4%A/']) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
    }
  });

  it('sends none over plain http', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HTTP edges: hashed files served precompressed keep the year-long immutable cache', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'club-dist-'));
  const script = 'console.log("hashed")'.repeat(50);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([undefined, 'gzip', 'br', 'gzip, deflate, br, zstd'])('Accept-Encoding %s', async (encoding) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps no-cache on the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calendar', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
