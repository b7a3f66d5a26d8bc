import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { createTestApp } from '../support/test-app.ts';

// A stand-in web build: the real one is served the same way and is covered by the browser tests.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'club-dist-'));
fs.mkdirSync(path.join(dist, 'assets/i18n/common'), { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), 'console.log(1)');
// The plain shell per language (`index.{lang}.html`): its `lang` and noscript text.
const plainShell = (language: string) => `<!doctype html><html lang="${language}"><div id="root"></div><noscript>${language}</noscript>`;
for (const language of ['es', 'ca', 'en']) fs.writeFileSync(path.join(dist, `index.${language}.html`), plainShell(language));
fs.writeFileSync(path.join(dist, 'assets/i18n/common/es.json'), '{"loading":"Cargando"}');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
// Screens drawn at build time, `pages/{name}.{lang}.html` (web/build/prerender-pages.ts).
const DRAWN = ['home', 'calendar', 'login', 'user-profile', 'team/marta-ribas', 'not-found', 'match-score', 'match-results'];
for (const name of DRAWN) {
  fs.mkdirSync(path.dirname(path.join(dist, 'pages', name)), { recursive: true });
  for (const language of ['es', 'ca', 'en']) {
    const html = `<!doctype html><html lang="${language}"><div id="root"><h1>${name} ${language}</h1></div>`;
    fs.writeFileSync(path.join(dist, 'pages', `${name}.${language}.html`), html);
    fs.writeFileSync(path.join(dist, 'pages', `${name}.${language}.html.gz`), gzipSync(html));
  }
}

// The calendar is drawn per month as well (`calendar.{YYYY-MM}.{lang}.html`), for two months.
for (const month of ['2026-11', '2026-12']) {
  for (const language of ['es', 'ca', 'en']) {
    const html = `<!doctype html><html lang="${language}"><div id="root"><h1>calendar ${month} ${language}</h1></div>`;
    fs.writeFileSync(path.join(dist, 'pages', `calendar.${month}.${language}.html`), html);
  }
}

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const spaRoutes = [
    '/',
    '/home',
    '/calendar',
    '/login',
    '/register',
    '/user-profile',
    '/team/marta-ribas',
    '/team/jordi-puig',
    '/team/elena-navarro',
    '/team/sergio-ortega',
    '/reset-password?hash=a&token=b',
    '/reset-password',
    '/change-password',
    '/forgoten',
    '/dry-training',
    '/dry-training/5f0c2a5e-2d1b-4c53-9d35-0b7a4b9e1c11',
    '/stage-designer',
    '/stage-designer/5f0c2a5e-2d1b-4c53-9d35-0b7a4b9e1c11',
    '/admin',
    '/admin/events',
    '/terms',
    '/privacy',
    '/calendar/',
  ];

  it.each(spaRoutes)('answers %s with the app and 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/nothing-here', '/not-found', '/team/nobody', '/calendar/2026', '/login/extra'])(
    'answers %s with the app and 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('sends the home page drawn in the language of its cookie, Spanish without one', async () => {
    for (const url of ['/', '/home']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.body).toContain('<h1>home es</h1>');
      expect(plain.headers.vary).toContain('cookie');
      for (const language of ['ca', 'en']) {
        const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': language } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<html lang="${language}">`);
        expect(res.body).toContain(`<h1>home ${language}</h1>`);
      }
      const unknown = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': '../index' } });
      expect(unknown.body).toContain('<h1>home es</h1>');
    }
  });

  it.each([
    ['/login', 'login'],
    ['/user-profile', 'user-profile'],
    ['/team/marta-ribas', 'team/marta-ribas'],
  ])('sends %s drawn as the %s page, in the language of the cookie', async (url, name) => {
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain(`<h1>${name} es</h1>`);
    expect(plain.headers.vary).toContain('cookie');
    for (const language of ['es', 'ca', 'en']) {
      const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': language } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(`<!doctype html><html lang="${language}"><div id="root"><h1>${name} ${language}</h1></div>`);
    }
  });

  it('sends the scoring and results screens of any match as their frames drawn at build time, and the match’s other screens the plain shell', async () => {
    const match = '5f0c2a5e-2d1b-4c53-9d35-0b7a4b9e1c11';
    for (const language of ['es', 'ca', 'en']) {
      for (const url of [`/match/${match}/score`, `/match/${match}/score/?stage=2`]) {
        const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': language } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<h1>match-score ${language}</h1>`);
      }
      const results = await t.app.inject({ method: 'GET', url: `/match/${match}/results`, cookies: { 'ipsc-club.lang': language } });
      expect(results.body).toContain(`<h1>match-results ${language}</h1>`);
      for (const url of [`/match/${match}`, `/match/${match}/setup`]) {
        const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': language } });
        expect(res.body).toBe(plainShell(language));
      }
    }
    // A path that only looks like it is no screen: the not-found page.
    const odd = await t.app.inject({ method: 'GET', url: `/match/${match}/score/more` });
    expect(odd.statusCode).toBe(404);
    expect(odd.body).toContain('<h1>not-found es</h1>');
  });

  it('sends the calendar drawn for the club’s current month, and the build’s month beyond the drawn ones', async () => {
    const drawnFor = async (instant: string, url = '/calendar') => {
      t.clock.set(new Date(instant));
      const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': 'en' } });
      expect(res.statusCode).toBe(200);
      return /<h1>([^<]*)<\/h1>/.exec(res.body)?.[1];
    };
    try {
      expect(await drawnFor('2026-11-15T10:00:00Z')).toBe('calendar 2026-11 en');
      expect(await drawnFor('2026-12-02T10:00:00Z', '/calendar/?month=2026-11')).toBe('calendar 2026-12 en');
      // Midnight of 1 December in Madrid is still 30 November in UTC: the club's month counts.
      expect(await drawnFor('2026-11-30T23:30:00Z')).toBe('calendar 2026-12 en');
      expect(await drawnFor('2027-03-01T10:00:00Z')).toBe('calendar en');
    } finally {
      t.clock.set(new Date());
    }
  });

  it('sends an unknown path the not-found page drawn in its language, with 404', async () => {
    for (const url of ['/nothing-here', '/team/nobody', '/news/no-such-item/es', '/calendar/2026']) {
      const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': 'ca' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<h1>not-found ca</h1>');
    }
  });

  it('sends the plain shell for a screen not drawn at build time, in the language of the cookie', async () => {
    for (const url of ['/register', '/reset-password?hash=a&token=b', '/dry-training/5f0c2a5e-2d1b-4c53-9d35-0b7a4b9e1c11', '/admin/events']) {
      for (const language of ['es', 'ca', 'en']) {
        const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': language } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(plainShell(language));
        expect(res.headers.vary).toContain('cookie');
      }
      // Without a cookie, or with a foreign value, Spanish.
      const none = await t.app.inject({ method: 'GET', url });
      expect(none.body).toBe(plainShell('es'));
      const foreign = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': '../index' } });
      expect(foreign.body).toBe(plainShell('es'));
    }
  });

  it('never reads a drawn page from outside the pages folder', async () => {
    // The path and the cookie are both the visitor's; neither may reach another file.
    for (const url of ['/..%2findex', '/pages%2f..%2f..%2fetc%2fpasswd', '/team%2f..%2f..%2findex']) {
      const res = await t.app.inject({ method: 'GET', url, cookies: { 'ipsc-club.lang': '../../index' } });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('<div id="root"></div>');
      expect(res.body).not.toContain('root:');
    }
    const login = await t.app.inject({ method: 'GET', url: '/login', cookies: { 'ipsc-club.lang': '../index' } });
    expect(login.body).toContain('<h1>login es</h1>');
  });

  it('sends the compressed page when the browser accepts it, and only then', async () => {
    const zipped = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate' }, cookies: { 'ipsc-club.lang': 'ca' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toContain('<h1>home ca</h1>');
    const refused = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<h1>home es</h1>');
    // Brotli is asked for but there is no .br file here: the plain page, not a broken answer.
    const brotliOnly = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotliOnly.headers['content-encoding']).toBeUndefined();
    expect(brotliOnly.body).toContain('<h1>home es</h1>');
  });

  it('serves hashed files with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves translation files so that a change shows at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/i18n/common/es.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loading: 'Cargando' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with the JSON 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/i18n/common/fr.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('NOT_FOUND');
  });

  it('refuses to serve files outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().errorCode).toMatch(/NOT_FOUND|VALIDATION_ERROR/);
    expect(res.body).not.toContain('root:');
  });
});
