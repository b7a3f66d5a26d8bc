import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { MONTH_ELEMENT_ID } from '@club/contract/content-view';
import type { DrawnMonth } from '@club/contract/content-view';
import { EventStatus } from '@club/contract/enums';
import type { ClubEvent } from '@club/contract/schemas';
import { describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertEvent, TEST_NOW } from './fixtures.ts';

const CALLS = '__drawnCalendarCalls';

/**
 * A web build with the calendar's build-time drawings and, with `drawingCode`, drawing code that
 * writes down what it was asked to draw (the real drawing is the web build's, checked in the
 * browser tests, e2e/page-weight.spec.ts): here, which month, address, language and events the
 * server draws a visitor's calendar with, when it draws it again, and what the page carries.
 */
function webBuild(drawingCode: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-calendar-'));
  const web = path.join(dir, 'web');
  fs.mkdirSync(path.join(web, 'pages'), { recursive: true });
  fs.mkdirSync(path.join(web, 'assets', 'i18n', 'calendar'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(web, 'assets', 'i18n', 'calendar', 'ca.json'), JSON.stringify({ TITLE: 'Calendari' }));
  for (const language of ['es', 'ca', 'en'])
    fs.writeFileSync(
      path.join(web, 'pages', `calendar.${language}.html`),
      `<!doctype html><html lang="${language}"><head><script type="module" src="/assets/boot-x.js"></script></head><body><div id="root" data-areas="calendar">drawn at build time</div></body></html>`,
    );
  if (drawingCode) {
    fs.mkdirSync(path.join(dir, 'dist-ssr'));
    fs.writeFileSync(
      path.join(dir, 'dist-ssr', 'page-shell.js'),
      `export async function renderPage(address, language, areas, session, now, content, signedIn, month) {
  globalThis.${CALLS} = (globalThis.${CALLS} ?? 0) + 1;
  const asked = { address, language, areas: Object.keys(areas), session, now: now.toISOString(), content: content ?? null, signedIn: signedIn ?? null, month };
  return { markup: '<pre>' + JSON.stringify(asked).replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</pre>', areas: ['common', 'calendar'] };
}
`,
    );
  }
  return web;
}

interface Asked {
  address: string;
  language: string;
  areas: string[];
  session: string;
  now: string;
  content: null;
  signedIn: null;
  month: DrawnMonth;
}

/** What the fake drawing code was asked to draw, read back from the page's `#root`. */
function askedOf(html: string): Asked {
  const found = /<div id="root" data-areas="common,calendar"><pre>(.*?)<\/pre><\/div>/s.exec(html);
  if (!found) throw new Error(`not drawn by the server: ${html.slice(0, 400)}`);
  return JSON.parse(found[1]!.replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as Asked;
}

/** The month the page carries for the app's first render. */
function carriedOf(html: string): { raw: string; month: DrawnMonth } | undefined {
  const found = new RegExp(`<script type="application/json" id="${MONTH_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return found ? { raw: found[1]!, month: JSON.parse(found[1]!) as DrawnMonth } : undefined;
}

const calls = () => ((globalThis as Record<string, unknown>)[CALLS] as number | undefined) ?? 0;

// TEST_NOW: 1 June 2025 in the club's time zone; the month after next is August.
const NAUGHTY = '</script><script>alert(1)</script> Tirada';

async function page(t: TestApp, url: string, language = 'ca') {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: `ipsc-club.lang=${language}` } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
}

describeEachDatabase(
  'a visitor’s calendar drawn by the server',
  (get) => {
    beforeEach(() => get().clock.set(TEST_NOW));

    it('is drawn for the club’s month with its public events, as the month’s call answers a visitor, and carries them for the app', async () => {
      const t = get();
      await insertEvent(t, { evento: NAUGHTY, start_at: '2025-06-10 18:00:00', end_at: '2025-06-10 20:00:00' });
      await insertEvent(t, { evento: 'Clase privada', status: EventStatus.privado, start_at: '2025-06-12 18:00:00', end_at: '2025-06-12 19:00:00' });
      await insertEvent(t, { evento: 'En julio', start_at: '2025-07-03 18:00:00', end_at: '2025-07-03 19:00:00' });
      const visitorAnswer = (await t.app.inject({ method: 'GET', url: '/api/2025/6/' })).json<ClubEvent[]>();
      expect(visitorAnswer.map((event) => event.evento)).toEqual([NAUGHTY]);

      const html = await page(t, '/calendar');
      const asked = askedOf(html);
      expect(asked).toMatchObject({ address: '/calendar', language: 'ca', session: 'anonymous', now: TEST_NOW.toISOString() });
      expect(asked.areas).toContain('calendar');
      expect(asked.month).toEqual({ year: 2025, month: 6, events: visitorAnswer });
      // The build's page is the frame: its starter stays; the app reads the month drawn.
      expect(html).toContain('<script type="module" src="/assets/boot-x.js"></script>');
      const carried = carriedOf(html);
      expect(carried?.month).toEqual({ year: 2025, month: 6, events: visitorAnswer });
      // No text of an event ends the data's script element.
      expect(carried?.raw).not.toContain('<');
      expect(carried?.raw).toContain('\\u003c/script>');
    });

    it('shows the month the address asks for, within the months that may be opened', async () => {
      const t = get();
      for (const [url, month, address] of [
        ['/calendar?month=2025-07', 7, '/calendar?month=2025-07'],
        ['/calendar/?month=2026-01', 8, '/calendar?month=2025-08'],
        ['/calendar?month=2025-06', 6, '/calendar'],
        ['/calendar?month=later', 6, '/calendar'],
      ] as const) {
        const asked = askedOf(await page(t, url));
        expect(asked.month.month, url).toBe(month);
        expect(asked.address, url).toBe(address);
        expect(carriedOf(await page(t, url))?.month.month).toBe(month);
      }
      const july = askedOf(await page(t, '/calendar?month=2025-07')).month.events.map((event) => event.evento);
      expect(july).toContain('En julio');
    });

    it('is drawn once until the events change, the day changes or an event of the month passes', async () => {
      const t = get();
      await page(t, '/calendar', 'es');
      const before = calls();
      await page(t, '/calendar', 'es');
      expect(calls()).toBe(before);
      // Another language is another drawing.
      expect(askedOf(await page(t, '/calendar', 'en')).language).toBe('en');
      expect(calls()).toBe(before + 1);

      // A new event: drawn again, with it.
      await insertEvent(t, { evento: 'Nueva clase', start_at: '2025-06-20 18:00:00', end_at: '2025-06-20 19:00:00' });
      expect(askedOf(await page(t, '/calendar', 'es')).month.events.map((event) => event.evento)).toContain('Nueva clase');
      expect(calls()).toBe(before + 2);
      await page(t, '/calendar', 'es');
      expect(calls()).toBe(before + 2);

      // An hour later, nothing drawn has changed.
      t.clock.set(new Date('2025-06-01T11:00:00Z'));
      await page(t, '/calendar', 'es');
      expect(calls()).toBe(before + 2);
      // The next day: today moved.
      t.clock.set(new Date('2025-06-02T10:00:00Z'));
      await page(t, '/calendar', 'es');
      expect(calls()).toBe(before + 3);
      // The evening of the 10th, once the event has started (it shows as past from then on).
      t.clock.set(new Date('2025-06-10T15:00:00Z'));
      await page(t, '/calendar', 'es');
      expect(calls()).toBe(before + 4);
      t.clock.set(new Date('2025-06-10T16:30:00Z'));
      const asked = askedOf(await page(t, '/calendar', 'es'));
      expect(calls()).toBe(before + 5);
      expect(asked.now).toBe('2025-06-10T16:30:00.000Z');
    });
  },
  { now: TEST_NOW, env: { WEB_DIST: webBuild(true) } },
);

describeEachDatabase(
  'a visitor’s calendar without the drawing code',
  (get) => {
    it('is the build’s page, without a month for the app (its starter then starts the app at once)', async () => {
      await insertEvent(get(), { start_at: '2025-06-10 18:00:00', end_at: '2025-06-10 20:00:00' });
      const html = await page(get(), '/calendar', 'ca');
      expect(html).toContain('<div id="root" data-areas="calendar">drawn at build time</div>');
      expect(carriedOf(html)).toBeUndefined();
    });
  },
  { now: TEST_NOW, env: { WEB_DIST: webBuild(false) } },
);

