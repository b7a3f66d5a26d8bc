import { beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { EventStatus } from '@club/contract/enums';
import { openDatabase } from '../../src/db/database.ts';
import { buildApp } from '../../src/app.ts';
import { describeEachDatabase } from '../support/test-app.ts';
import { TEST_NOW, insertEvent } from './fixtures.ts';

// Text that the feed must escape and fold: commas, semicolons, a line break, accents, an emoji
// (a surrogate pair) and more than 75 octets.
const LONG_TITLE = `Tirada social, IPSC; "Copa" de Núria i Àngel 🎯 ${'ñ'.repeat(60)} fin`;
const NOTE = 'Primera línea, con coma; y punto y coma\nSegunda línea: protección ocular 👓';

describeEachDatabase(
  'calendar feed: window, validity and the rendering kept until events change',
  (get) => {
    const feed = () => get().app.inject({ method: 'GET', url: '/api/calendar.ics' });

    beforeAll(async () => {
      const t = get();
      // "Now" is 1 June 2025 in Madrid: the window runs from 1 May 2025 to 31 May 2026.
      await insertEvent(t, {
        start_at: '2025-04-30 10:00:00',
        end_at: '2025-04-30 11:00:00',
        evento: 'Too old',
      });
      await insertEvent(t, {
        start_at: '2025-05-01 09:00:00',
        end_at: '2025-05-01 10:00:00',
        evento: 'First day',
      });
      await insertEvent(t, {
        start_at: '2025-07-05 18:00:00',
        end_at: '2025-07-05 20:00:00',
        evento: LONG_TITLE,
        nota: NOTE,
      });
      await insertEvent(t, {
        start_at: '2026-05-31 23:00:00',
        end_at: '2026-06-01 01:00:00',
        evento: 'Last day',
      });
      await insertEvent(t, {
        start_at: '2026-06-01 10:00:00',
        end_at: '2026-06-01 11:00:00',
        evento: 'Too far',
      });
      await insertEvent(t, {
        start_at: '2025-07-06 18:00:00',
        end_at: '2025-07-06 19:00:00',
        evento: 'Private',
        status: EventStatus.privado,
      });
    });

    it('covers public events from a month ago up to a year ahead', async () => {
      const res = await feed();
      expect(res.statusCode).toBe(200);
      const events = Object.values(nodeIcal.sync.parseICS(res.body)).filter((c) => c.type === 'VEVENT');
      expect(events.map((e) => String(e.summary)).sort()).toEqual(
        ['First day', 'Last day', LONG_TITLE].sort(),
      );
    });

    it('is valid iCalendar for ical.js and node-ical, with text, times and zone intact', async () => {
      const { body } = await feed();
      // Folded: no line longer than 75 octets.
      for (const line of body.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);

      const calendar = new ICAL.Component(ICAL.parse(body));
      const zone = calendar.getFirstSubcomponent('vtimezone');
      expect(zone).not.toBeNull();
      ICAL.TimezoneService.register(zone!);
      const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
      const long = events.find((e) => e.summary === LONG_TITLE);
      expect(long).toBeDefined();
      expect(long!.description).toBe(NOTE);
      // 18:00 in Madrid in summer is 16:00 UTC.
      expect(long!.startDate.toJSDate().toISOString()).toBe('2025-07-05T16:00:00.000Z');
      expect(long!.endDate.toJSDate().toISOString()).toBe('2025-07-05T18:00:00.000Z');
      const winter = events.find((e) => e.summary === 'Last day');
      expect(winter!.startDate.toJSDate().toISOString()).toBe('2026-05-31T21:00:00.000Z');

      const parsed = Object.values(nodeIcal.sync.parseICS(body)).filter((c) => c.type === 'VEVENT');
      const same = parsed.find((e) => String(e.summary) === LONG_TITLE);
      expect(same && 'start' in same ? same.start.toISOString() : null).toBe('2025-07-05T16:00:00.000Z');
      expect(same && 'description' in same ? String(same.description) : null).toBe(NOTE);
    });

    it('serves the same rendering until events change, also when another server process writes', async () => {
      const t = get();
      const first = (await feed()).body;
      // DTSTAMP is the time of rendering: an unchanged body a minute later was not rendered again.
      t.clock.advance(60_000);
      expect((await feed()).body).toBe(first);

      // A second server process on the same database adds an event.
      const otherDb = openDatabase(t.config.databaseUrl);
      const other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false });
      await other.ready();
      try {
        await insertEvent(
          { db: otherDb },
          { start_at: '2025-08-01 10:00:00', end_at: '2025-08-01 11:00:00', evento: 'Added elsewhere' },
        );
        const after = (await feed()).body;
        expect(after).toContain('SUMMARY:Added elsewhere');
        expect(after).not.toBe(first);
        // A change by hand in the database counts too: the triggers move the version.
        await otherDb.kysely
          .updateTable('events')
          .set({ evento: 'Renamed elsewhere' })
          .where('evento', '=', 'Added elsewhere')
          .execute();
        const renamed = (await feed()).body;
        expect(renamed).toContain('SUMMARY:Renamed elsewhere');
        expect(renamed).not.toContain('Added elsewhere');
      } finally {
        await other.close();
        await otherDb.close();
      }
    });

    it('moves the window with the day', async () => {
      const t = get();
      const before = (await feed()).body;
      expect(before).toContain('SUMMARY:First day');
      t.clock.advance(2 * 24 * 3600 * 1000);
      expect((await feed()).body).not.toContain('SUMMARY:First day');
      t.clock.set(TEST_NOW);
    });
  },
  { now: TEST_NOW },
);
