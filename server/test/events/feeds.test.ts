import { beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { EventStatus, EventType } from '@club/contract/enums';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

/** Checks what strict readers need, then parses with both libraries; returns ical.js's events. */
function readCalendar(text: string) {
  // CRLF after every line, the last one included, and no bare LF.
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = text.split('\r\n');
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  // Calendar properties before the first component.
  const firstComponent = lines.findIndex((line, i) => i > 0 && line.startsWith('BEGIN:'));
  const calendarProps = lines.filter((line) =>
    /^(VERSION|PRODID|CALSCALE|NAME|X-WR-[A-Z]+|REFRESH-INTERVAL[^:]*|X-PUBLISHED-TTL):/.test(line),
  );
  for (const prop of calendarProps) expect(lines.indexOf(prop)).toBeLessThan(firstComponent);
  for (const stamp of text.match(/^(DTSTAMP|LAST-MODIFIED):.*$/gm) ?? [])
    expect(stamp).toMatch(/:\d{8}T\d{6}Z$/);

  const component = new ICAL.Component(ICAL.parse(text));
  const parsed = nodeIcal.sync.parseICS(text);
  const nodeEvents = Object.values(parsed).filter((entry) => entry?.type === 'VEVENT');
  const events = component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
      lastModified: String(vevent.getFirstPropertyValue('last-modified')),
    };
  });
  expect(nodeEvents.map((e) => (e as { uid: string }).uid).sort()).toEqual(events.map((e) => e.uid).sort());
  // Both readers place the start at the same instant (the zone's rules travel with the feed).
  for (const e of nodeEvents as Array<{ uid: string; start: Date }>) {
    expect(e.start.toISOString()).toBe(events.find((x) => x.uid === e.uid)?.start);
  }
  return events;
}

describeEachDatabase(
  'calendar feeds',
  (get) => {
    let member: TestMember;
    let staff: TestMember;
    beforeAll(async () => {
      member = await createTestMember(get(), ALL_FLAGS);
      staff = await createTestMember(get(), { staff: true });
    });
    const api = () => apiClient(get().app);
    const path = (url: string) => new URL(url).pathname;

    it('gives the member a secret calendar address with their own registrations, cancelled ones as CANCELLED', async () => {
      const t = get();
      const open = await insertEvent(t, { type: EventType.clubPractices, evento: 'Pública' });
      const closed = await insertEvent(t, {
        type: EventType.clubPractices,
        evento: 'Privada, con; comas',
        status: EventStatus.privado,
        start_at: '2025-07-11 19:00:00',
        end_at: '2025-07-11 21:00:00',
      });
      const dropped = await insertEvent(t, {
        type: EventType.clubPractices,
        evento: 'Anulada',
        start_at: '2025-07-12 19:00:00',
        end_at: '2025-07-12 21:00:00',
      });
      await insertEvent(t, { type: EventType.clubPractices, evento: 'De otro' });
      for (const id of [open, closed, dropped]) {
        expect(
          (await api().put(`/api/events/${id}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token))
            .statusCode,
        ).toBe(200);
      }
      expect(
        (
          await api().put(
            `/api/events/${dropped}/subscribe/`,
            subscribeBody(member.user.uuid, 2),
            member.token,
          )
        ).statusCode,
      ).toBe(200);

      const first = await api().get(`/api/registro/${member.user.uuid}/feed/`, member.token);
      expect(first.statusCode).toBe(200);
      const { url } = first.json() as { url: string };
      expect(url).toMatch(/^http:\/\/club\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await api().get(`/api/registro/${member.user.uuid}/feed/`, member.token)).json().url).toBe(url);
      expect((await api().get(`/api/registro/${member.user.uuid}/feed/`)).statusCode).toBe(401);
      expect((await api().get(`/api/registro/${member.user.uuid}/feed/`, staff.token)).statusCode).toBe(403);

      const feed = await api().get(path(url));
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
      const events = readCalendar(feed.body);
      expect(events.map((e) => [e.summary, e.status]).sort()).toEqual([
        ['Anulada', 'CANCELLED'],
        ['Privada, con; comas', 'CONFIRMED'],
        ['Pública', 'CONFIRMED'],
      ]);
      // 19:00 in Madrid in July is 17:00 UTC.
      expect(events.find((e) => e.summary === 'Pública')?.start).toBe('2025-07-10T17:00:00.000Z');

      // A new address; the old one is gone.
      const renewed = await api().post(`/api/registro/${member.user.uuid}/feed/`, {}, member.token);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().url).not.toBe(url);
      expect((await api().get(path(url))).statusCode).toBe(404);
      expect((await api().get(path(renewed.json().url))).statusCode).toBe(200);
      expect((await api().get('/api/calendar/not-a-token.ics')).statusCode).toBe(404);
      expect((await api().get(`/api/calendar/${'a'.repeat(64)}.ics`)).statusCode).toBe(404);
    });

    it('raises SEQUENCE and LAST-MODIFIED when staff change an event, in the public feed too', async () => {
      const t = get();
      const id = await insertEvent(t, {
        type: EventType.clubPractices,
        evento: 'Cambiante',
        start_at: '2025-07-20 10:00:00',
        end_at: '2025-07-20 12:00:00',
      });
      const read = async () =>
        readCalendar((await api().get('/api/calendar.ics')).body).find((e) => e.uid === `${id}@club`)!;
      const before = await read();
      expect(before.sequence).toBe(1);
      t.clock.advance(60_000);
      const res = await api().put(
        `/api/admin/events/${id}/`,
        {
          type: EventType.clubPractices,
          start: '2025-07-20 11:00:00',
          end: '2025-07-20 13:00:00',
          evento: 'Cambiante',
          plazas: 10,
          status: EventStatus.publico,
        },
        staff.token,
      );
      expect(res.statusCode).toBe(200);
      const after = await read();
      expect(after.sequence).toBe(2);
      expect(after.lastModified).not.toBe(before.lastModified);
      expect(after.start).toBe('2025-07-20T09:00:00.000Z');
    });
  },
  { now: TEST_NOW, env: { RATE_LIMITS: 'off' } },
);
