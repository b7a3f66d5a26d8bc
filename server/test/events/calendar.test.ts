import { beforeAll, expect, it } from 'vitest';
import { EventStatus, EventType, RoleStatus } from '@club/contract/enums';
import { eventListSchema, eventSchema } from '@club/contract/schemas';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { TEST_NOW, insertEvent, subscribeBody } from './fixtures.ts';

describeEachDatabase(
  'calendar: month, event and feed',
  (get) => {
    const api = () => apiClient(get().app);
    let staff: TestMember;
    let ana: TestMember;
    let bo: TestMember;
    let publicId: string;
    let privateId: string;
    let lateId: string;

    beforeAll(async () => {
      const t = get();
      [staff, ana, bo] = await Promise.all([
        createTestMember(t, { ...ALL_FLAGS, staff: true }),
        createTestMember(t, { ...ALL_FLAGS, nombre: 'Ana' }),
        createTestMember(t, { ...ALL_FLAGS, nombre: 'Bo' }),
      ]);
      lateId = await insertEvent(t, {
        start_at: '2025-07-20 10:00:00',
        end_at: '2025-07-20 12:00:00',
        evento: 'Late',
      });
      publicId = await insertEvent(t, {
        start_at: '2025-07-05 18:00:00',
        end_at: '2025-07-05 20:00:00',
        evento: 'Public',
      });
      privateId = await insertEvent(t, {
        start_at: '2025-07-12 18:00:00',
        end_at: '2025-07-12 19:00:00',
        evento: 'Private',
        status: EventStatus.privado,
        type: EventType.privateClass,
      });
      // Outside July on both sides: not in the month.
      await insertEvent(t, {
        start_at: '2025-06-30 23:59:59',
        end_at: '2025-07-01 01:00:00',
        evento: 'June',
      });
      await insertEvent(t, {
        start_at: '2025-08-01 00:00:00',
        end_at: '2025-08-01 01:00:00',
        evento: 'August',
      });
      for (const member of [ana, bo]) {
        const res = await api().put(
          `/api/events/${publicId}/subscribe/`,
          subscribeBody(member.user.uuid, 1),
          member.token,
        );
        expect(res.statusCode).toBe(200);
      }
    });

    it('lists the events starting in the month, by start, public only for an anonymous visitor, with no participants', async () => {
      const res = await api().get('/api/2025/7/');
      expect(res.statusCode).toBe(200);
      const events = eventListSchema.parse(res.json());
      expect(events.map((e) => e.evento)).toEqual(['Public', 'Late']);
      expect(events.every((e) => e.participantes.length === 0)).toBe(true);
      expect(events[0]).toMatchObject({
        uuid: publicId,
        plazas: 10,
        plazasLibres: 8,
        start: '2025-07-05 18:00:00',
      });
      expect(res.body).not.toContain(ana.user.email);
    });

    it('answers with and without the trailing slash and with a zero-padded month', async () => {
      for (const url of ['/api/2025/7', '/api/2025/07/']) {
        const res = await api().get(url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(2);
      }
    });

    it('shows private events to a member, with only their own registration and no contact data', async () => {
      const res = await api().get('/api/2025/7/', ana.token);
      const events = eventListSchema.parse(res.json());
      expect(events.map((e) => e.evento)).toEqual(['Public', 'Private', 'Late']);
      const pub = events[0];
      expect(pub.participantes).toHaveLength(1);
      expect(pub.participantes[0]).toMatchObject({
        uuid: ana.user.uuid,
        roles: [{ roleId: 2, status: RoleStatus.reservado }],
      });
      expect(pub.participantes[0].email).toBeUndefined();
      expect(pub.participantes[0].mobil).toBeUndefined();
      expect(res.body).not.toContain(bo.user.uuid);
    });

    it('gives staff the month with seat counts and their own registration only', async () => {
      const res = await api().get('/api/2025/7/', staff.token);
      const events = eventListSchema.parse(res.json());
      expect(events.map((e) => e.evento)).toEqual(['Public', 'Private', 'Late']);
      const pub = events.find((e) => e.uuid === publicId)!;
      expect(pub).toMatchObject({ plazas: 10, plazasLibres: 8, participantes: [] });
      expect(res.body).not.toContain(ana.user.email);
      expect(res.body).not.toContain(bo.user.uuid);
    });

    it('shows staff every registration with contact details when asked with participantes=all', async () => {
      expect((await api().get('/api/2025/7/?participantes=some', staff.token)).statusCode).toBe(400);
      const res = await api().get('/api/2025/7/?participantes=all', staff.token);
      const events = eventListSchema.parse(res.json());
      const pub = events.find((e) => e.uuid === publicId)!;
      expect(pub.participantes.map((p) => p.uuid).sort()).toEqual([ana.user.uuid, bo.user.uuid].sort());
      const anaRow = pub.participantes.find((p) => p.uuid === ana.user.uuid)!;
      expect(anaRow).toMatchObject({
        email: ana.user.email,
        mobil: '600000000',
        socio: ana.user.socio,
        licencia: 'A-100',
      });
    });

    it('treats a bad token on an optional call as anonymous', async () => {
      const res = await api().get('/api/2025/7/', 'x'.repeat(64));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(2);
    });

    it('answers 404 for a path that is not numbers and 400 for numbers out of range', async () => {
      for (const url of ['/api/abc/7/', '/api/2025/jul/', '/api/2025/7x/', '/api/-1/7/']) {
        const res = await api().get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().errorCode).toBe('NOT_FOUND');
      }
      for (const [url, field] of [
        ['/api/2025/13/', 'month'],
        ['/api/2025/0/', 'month'],
        ['/api/1999/5/', 'year'],
        ['/api/2101/5/', 'year'],
      ] as const) {
        const res = await api().get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_ERROR');
        expect(res.json().fields[field]).toBeDefined();
      }
    });

    it('gives one event with the same visibility rules', async () => {
      const anon = await api().get(`/api/events/${publicId}/`);
      expect(anon.statusCode).toBe(200);
      expect(eventSchema.parse(anon.json()).participantes).toEqual([]);
      expect((await api().get(`/api/events/${privateId}/`)).statusCode).toBe(404);
      const member = await api().get(`/api/events/${privateId}/`, bo.token);
      expect(member.statusCode).toBe(200);
      const mine = eventSchema.parse((await api().get(`/api/events/${publicId}/`, bo.token)).json());
      expect(mine.participantes.map((p) => p.uuid)).toEqual([bo.user.uuid]);
      const all = eventSchema.parse((await api().get(`/api/events/${publicId}`, staff.token)).json());
      expect(all.participantes).toHaveLength(2);
      expect(all.plazasLibres).toBe(8);
      expect(eventSchema.parse((await api().get(`/api/events/${lateId}/`)).json()).evento).toBe('Late');
    });

    it('answers 404 NOT_FOUND for an unknown event', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await api().get(`/api/events/${id}/`);
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('NOT_FOUND');
      }
    });

    it('serves public events from a month ago on as iCalendar in the club time zone', async () => {
      // One from more than a month before "now" (1 June 2025) and one just inside the month.
      await insertEvent(get(), {
        start_at: '2025-04-20 10:00:00',
        end_at: '2025-04-20 11:00:00',
        evento: 'Too old',
      });
      await insertEvent(get(), {
        start_at: '2025-05-02 10:00:00',
        end_at: '2025-05-02 11:00:00',
        evento: 'Recent',
      });
      const res = await get().app.inject({ method: 'GET', url: '/api/calendar.ics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(String(res.headers['cache-control'])).toMatch(/max-age=\d+/);
      expect(res.headers['cache-control']).not.toContain('no-store');
      const events = parseIcs(res.body);
      const summaries = events.map((e) => e.SUMMARY).sort();
      // Public: Recent, June, Public, Late, August (not Private, not Too old).
      expect(summaries).toEqual(['August', 'June', 'Late', 'Public', 'Recent']);
      const pub = events.find((e) => e.SUMMARY === 'Public')!;
      expect(pub['DTSTART;TZID=Europe/Madrid']).toBe('20250705T180000');
      expect(pub['DTEND;TZID=Europe/Madrid']).toBe('20250705T200000');
      expect(res.body).toContain('X-WR-TIMEZONE:Europe/Madrid');
      // The zone's rules travel with the feed: 2025's changes to summer and winter time.
      const zone = /BEGIN:VTIMEZONE\r\n([\s\S]*?)\r\nEND:VTIMEZONE/.exec(res.body)?.[1];
      expect(zone).toBeDefined();
      expect(zone).toContain('TZID:Europe/Madrid');
      expect(zone).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20250330T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT');
      expect(zone).toContain('BEGIN:STANDARD\r\nDTSTART:20251026T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD');
      expect(res.body.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(res.body.indexOf('BEGIN:VEVENT'));
      expect(res.body).not.toContain('Private');
    });
  },
  { now: TEST_NOW },
);

/** A small iCalendar reader: unfolds lines, checks BEGIN/END nesting, returns each VEVENT's properties. */
function parseIcs(text: string): Array<Record<string, string>> {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter((line) => line !== '');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const stack: string[] = [];
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    expect(colon, line).toBeGreaterThan(0);
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') current = {};
    } else if (name === 'END') {
      expect(stack.pop()).toBe(value);
      if (value === 'VEVENT' && current) {
        events.push(current);
        current = null;
      }
    } else if (current) {
      current[name] = value;
    }
  }
  expect(stack).toEqual([]);
  return events;
}
