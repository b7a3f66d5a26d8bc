// Both feeds and every kind of event mail, read by programs we did not write: ical.js and
// node-ical for the calendars, mailparser (through the real SMTP server of the tests) for the
// mails. Expected instants are written out by hand from the rules of Europe/Madrid.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { simpleParser } from 'mailparser';
import { EventStatus, EventType, RoleStatus } from '@club/contract/enums';
import type { ClubEvent } from '@club/contract/schemas';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import type { ReceivedMail } from '../support/smtp.ts';
import { apiClient, createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { subscribeBody } from './fixtures.ts';

/** 15 December 2026, 11:00 in Madrid: the feeds' window runs to 15 December 2027. */
const NOW = new Date('2026-12-15T10:00:00Z');

/** Wall time in Madrid -> the instant, worked out by hand (CET +01:00, CEST +02:00). */
const CASES: Array<{ title: string; start: string; end: string; startUtc: string; endUtc: string }> = [
  { title: 'Año nuevo', start: '2027-01-01 00:30:00', end: '2027-01-01 01:30:00', startUtc: '2026-12-31T23:30:00.000Z', endUtc: '2027-01-01T00:30:00.000Z' },
  { title: 'Antes del cambio', start: '2027-03-21 10:00:00', end: '2027-03-21 12:00:00', startUtc: '2027-03-21T09:00:00.000Z', endUtc: '2027-03-21T11:00:00.000Z' },
  { title: 'Día del cambio', start: '2027-03-28 01:30:00', end: '2027-03-28 03:30:00', startUtc: '2027-03-28T00:30:00.000Z', endUtc: '2027-03-28T01:30:00.000Z' },
  { title: 'Tras el cambio', start: '2027-04-04 10:00:00', end: '2027-04-04 12:00:00', startUtc: '2027-04-04T08:00:00.000Z', endUtc: '2027-04-04T10:00:00.000Z' },
  { title: 'Antes de otoño', start: '2027-10-24 10:00:00', end: '2027-10-24 12:00:00', startUtc: '2027-10-24T08:00:00.000Z', endUtc: '2027-10-24T10:00:00.000Z' },
  { title: 'Día de otoño', start: '2027-10-31 01:00:00', end: '2027-10-31 04:00:00', startUtc: '2027-10-30T23:00:00.000Z', endUtc: '2027-10-31T03:00:00.000Z' },
  { title: 'Tras otoño', start: '2027-11-07 10:00:00', end: '2027-11-07 12:00:00', startUtc: '2027-11-07T09:00:00.000Z', endUtc: '2027-11-07T11:00:00.000Z' },
];

interface ReadEvent {
  uid: string;
  start: string;
  end: string;
  sequence: number;
  status: string;
  location: string;
  summary: string;
}

/** A calendar read by both parsers, which must agree on every event; ical.js's reading returned. */
function readBoth(text: string): { method: string | null; name: string | null; events: ReadEvent[]; raw: ICAL.Component } {
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const component = new ICAL.Component(ICAL.parse(text));
  const events = component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status') ?? ''),
      location: event.location,
      summary: event.summary,
    };
  });
  const parsed = nodeIcal.sync.parseICS(text);
  const nodeEvents = Object.values(parsed).filter((entry) => entry?.type === 'VEVENT') as unknown as Array<{
    uid: string;
    start: Date;
    end: Date;
    sequence: string;
    status: string;
    location: string;
  }>;
  expect(nodeEvents.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  for (const e of nodeEvents) {
    const mine = events.find((x) => x.uid === e.uid)!;
    expect([e.start.toISOString(), e.end.toISOString(), Number(e.sequence), e.status ?? '', e.location]).toEqual([
      mine.start,
      mine.end,
      mine.sequence,
      mine.status,
      mine.location,
    ]);
  }
  const method = component.getFirstPropertyValue('method');
  const name = component.getFirstPropertyValue('x-wr-calname');
  return { method: method ? String(method) : null, name: name ? String(name) : null, events, raw: component };
}

/** The calendar part of a mail: its Content-Type parameters and its text, read by mailparser. */
async function calendarPartOf(mail: ReceivedMail) {
  const parsed = await simpleParser(mail.raw);
  const part = parsed.attachments.find((a) => a.contentType === 'text/calendar');
  expect(part).toBeDefined();
  const type = part!.headers.get('content-type') as { value: string; params: Record<string, string> };
  return { method: type.params.method, text: part!.content.toString('utf8'), parsed };
}

describe.each(TEST_DIALECTS)('calendars and mails as other programs read them [%s]', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let staff: TestMember;
  let member: TestMember;
  let other: TestMember;
  const events = new Map<string, ClubEvent>();
  const api = () => apiClient(t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, CLUB_EMAIL: 'club@club.test' }, now: NOW });
    staff = await createTestMember(t, { staff: true });
    member = await createTestMember(t, { ...ALL_FLAGS, language: 'en', nombre: 'Ana, "la de Lleida"' });
    other = await createTestMember(t, { ...ALL_FLAGS, language: 'es' });
    for (const c of CASES) {
      const res = await api().post(
        '/api/admin/events/',
        { type: EventType.clubPractices, start: c.start, end: c.end, evento: c.title, plazas: 5, status: EventStatus.publico },
        staff.token,
      );
      expect(res.statusCode).toBe(201);
      events.set(c.title, res.json()[0]);
    }
    return async () => {
      await t?.close();
      await smtp?.close();
    };
  });

  it('public feed: every instant as the JSON API gives it, across New Year and both clock changes; LOCATION; 304', async () => {
    const res = await api().get('/api/calendar.ics');
    expect(res.statusCode).toBe(200);
    const feed = readBoth(res.body);
    expect(feed.method).toBeNull();
    for (const c of CASES) {
      const json = (await api().get(`/api/events/${events.get(c.title)!.uuid}/`)).json();
      expect([json.start, json.end]).toEqual([c.start, c.end]);
      const read = feed.events.find((e) => e.uid === `${json.uuid}@club`);
      expect(read).toMatchObject({ start: c.startUtc, end: c.endUtc });
      expect(read?.location).toBe('Camí del Camp de Tir, 12, 08799 Serra Alta, Barcelona');
    }
    expect(res.body).toContain('LOCATION:Camí del Camp de Tir\\, 12\\, 08799 Serra Alta\\, Barcelona');
    // max-age agrees with REFRESH-INTERVAL; two fetches give the same bytes; unchanged: 304.
    const refresh = /REFRESH-INTERVAL;VALUE=DURATION:PT(\d+)M/.exec(res.body)![1];
    expect(res.headers['cache-control']).toBe(`public, max-age=${Number(refresh) * 60}`);
    const again = await api().get('/api/calendar.ics');
    expect(again.body).toBe(res.body);
    expect(again.headers.etag).toBe(res.headers.etag);
    const conditional = await t.app.inject({ method: 'GET', url: '/api/calendar.ics', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    const since = await t.app.inject({
      method: 'GET',
      url: '/api/calendar.ics',
      headers: { 'if-modified-since': String(res.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
  });

  it('personal feed: same window as the public one, SEQUENCE only grows, cancelled as CANCELLED, 304 until a change', async () => {
    const far = await api().post(
      '/api/admin/events/',
      { type: EventType.clubPractices, start: '2028-06-01 10:00:00', end: '2028-06-01 12:00:00', evento: 'Lejos', plazas: 5, status: EventStatus.publico },
      staff.token,
    );
    const farEvent: ClubEvent = far.json()[0];
    for (const event of [...events.values(), farEvent]) {
      expect((await api().put(`/api/events/${event.uuid}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token)).statusCode).toBe(200);
    }
    const { url } = (await api().get(`/api/registro/${member.user.uuid}/feed/`, member.token)).json();
    const feedPath = new URL(url).pathname;
    const first = await api().get(feedPath);
    expect(first.headers['cache-control']).toBe('no-store');
    const read = readBoth(first.body);
    // The registration two years ahead is outside the window, as in the public feed.
    expect(read.events.map((e) => e.uid)).not.toContain(`${farEvent.uuid}@club`);
    for (const c of CASES) {
      expect(read.events.find((e) => e.uid === `${events.get(c.title)!.uuid}@club`)).toMatchObject({
        start: c.startUtc,
        end: c.endUtc,
        status: 'CONFIRMED',
      });
    }
    expect((await api().get(feedPath)).body).toBe(first.body);
    expect((await t.app.inject({ method: 'GET', url: feedPath, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);

    const target = events.get('Tras el cambio')!;
    const uid = `${target.uuid}@club`;
    const sequences = [read.events.find((e) => e.uid === uid)!.sequence];
    // Cancel, register again, cancel: STATUS follows, SEQUENCE never goes back.
    for (const [status, expected] of [
      [2, 'CANCELLED'],
      [1, 'CONFIRMED'],
      [2, 'CANCELLED'],
    ] as const) {
      expect((await api().put(`/api/events/${target.uuid}/subscribe/`, subscribeBody(member.user.uuid, status), member.token)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: feedPath, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(res.statusCode).toBe(200);
      const entry = readBoth(res.body).events.find((e) => e.uid === uid)!;
      expect(entry.status).toBe(expected);
      sequences.push(entry.sequence);
    }
    for (let i = 1; i < sequences.length; i += 1) expect(sequences[i]).toBeGreaterThan(sequences[i - 1]);
  });

  it('mails: invitations with METHOD, ORGANIZER and ATTENDEE; cancellations with a higher SEQUENCE; HTML beside text', async () => {
    const event = events.get('Año nuevo')!;
    const uid = `${event.uuid}@club`;
    const seen: Array<{ method: string; sequence: number; status: string }> = [];
    const check = async (mail: ReceivedMail, method: 'REQUEST' | 'CANCEL') => {
      const part = await calendarPartOf(mail);
      expect(part.method).toBe(method);
      const cal = readBoth(part.text);
      expect(cal.method).toBe(method);
      // A single event sent by mail has no calendar name.
      expect(cal.name).toBeNull();
      expect(part.text).not.toMatch(/^NAME:/m);
      expect(cal.events).toHaveLength(1);
      const [read] = cal.events;
      expect(read).toMatchObject({ uid, start: '2026-12-31T23:30:00.000Z', end: '2027-01-01T00:30:00.000Z' });
      expect(read.summary).toBe(mail.subject.slice(mail.subject.indexOf(': ') + 2));
      const vevent = cal.raw.getFirstSubcomponent('vevent')!;
      const organizer = vevent.getFirstProperty('organizer')!;
      expect(organizer.getFirstValue()).toBe('mailto:club@club.test');
      expect(organizer.getParameter('cn')).toBe('Club de Tiro Serra Alta');
      const attendee = vevent.getFirstProperty('attendee')!;
      expect(attendee.getFirstValue()).toBe(`mailto:${member.email}`);
      expect(attendee.getParameter('cn')).toBe("Ana, 'la de Lleida'");
      if (method === 'REQUEST') expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
      seen.push({ method, sequence: read.sequence, status: read.status });
      // multipart/alternative with text and an HTML part; automatic; CRLF throughout.
      expect(part.parsed.html).toContain('<html lang="en">');
      expect(part.parsed.html).toContain('Club de Tiro Serra Alta');
      expect(part.parsed.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.raw.toString('latin1')).toMatch(/Content-Type: multipart\/alternative/);
      expect(mail.raw.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/\n/);
      return part;
    };

    // Each mail awaited by its subject, in order; a mail is taken once.
    const taken = new Set<ReceivedMail>();
    const next = async (subject: string) => {
      const mail = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === subject && !taken.has(m), 10_000);
      taken.add(mail);
      return mail;
    };
    expect((await api().put(`/api/events/${event.uuid}/subscribe/`, subscribeBody(member.user.uuid, 2), member.token)).statusCode).toBe(200);
    await check(await next('Registration cancelled: Año nuevo'), 'CANCEL');
    expect((await api().put(`/api/events/${event.uuid}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token)).statusCode).toBe(200);
    // (The first registration's confirmation came in the test before.)
    await next('Registration confirmed: Año nuevo');
    const registered = await check(await next('Registration confirmed: Año nuevo'), 'REQUEST');
    // Times name the zone, in the text and the HTML.
    expect(registered.parsed.text).toContain('Friday, 1 January 2027, 00:30-01:30 (Central European Standard Time)');
    expect(registered.parsed.html).toContain('Central European Standard Time');

    // Staff move it: an update of the same UID.
    const moved = await api().put(
      `/api/admin/events/${event.uuid}/`,
      { type: event.type, start: event.start, end: event.end, evento: 'Año nuevo (movido)', plazas: 6, status: event.status },
      staff.token,
    );
    expect(moved.statusCode).toBe(200);
    await check(await next('Event changed: Año nuevo (movido)'), 'REQUEST');
    // Staff cancel the registration, then give it back, then the event is deleted.
    expect((await api().put(`/api/admin/events/${event.uuid}/participants/${member.user.uuid}/`, { status: RoleStatus.anulado }, staff.token)).statusCode).toBe(200);
    await check(await next('The club cancelled your registration: Año nuevo (movido)'), 'CANCEL');
    expect((await api().put(`/api/admin/events/${event.uuid}/participants/${member.user.uuid}/`, { status: RoleStatus.reservado }, staff.token)).statusCode).toBe(200);
    await check(await next('The club restored your registration: Año nuevo (movido)'), 'REQUEST');
    expect((await api().delete(`/api/admin/events/${event.uuid}/`, undefined, staff.token)).statusCode).toBe(204);
    await check(await next('Event cancelled: Año nuevo (movido)'), 'CANCEL');

    expect(seen.map((s) => [s.method, s.status])).toEqual([
      ['CANCEL', 'CANCELLED'],
      ['REQUEST', 'CONFIRMED'],
      ['REQUEST', 'CONFIRMED'],
      ['CANCEL', 'CANCELLED'],
      ['REQUEST', 'CONFIRMED'],
      ['CANCEL', 'CANCELLED'],
    ]);
    // Every cancellation carries a higher SEQUENCE than anything before it for this UID.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i].sequence).toBeGreaterThanOrEqual(seen[i - 1].sequence);
    for (const [i, s] of seen.entries()) if (s.method === 'CANCEL' && i > 0) expect(s.sequence).toBeGreaterThan(seen[i - 1].sequence);
  });

  it('reminders: an invitation with List-Unsubscribe one-click that turns reminders off without signing in', async () => {
    const event = events.get('Día de otoño')!;
    expect((await api().put(`/api/events/${event.uuid}/subscribe/`, subscribeBody(other.user.uuid, 1), other.token)).statusCode).toBe(200);
    // The reminder is due 24 hours before the start: move the clock there and let it run.
    t.clock.set(new Date('2027-10-30T00:00:00Z'));
    t.app.ctx.jobs.kick();
    const reminder = await smtp.waitFor((m) => m.to.includes(other.email) && m.subject.startsWith('Recordatorio'), 15_000);
    const part = await calendarPartOf(reminder);
    expect(part.method).toBe('REQUEST');
    const cal = readBoth(part.text);
    // 01:00 to 04:00 on the night the clocks go back: four hours long, as every reader agrees.
    expect(cal.events[0]).toMatchObject({ start: '2027-10-30T23:00:00.000Z', end: '2027-10-31T03:00:00.000Z' });
    expect(part.parsed.text).toContain('(hora de verano de Europa central - hora estándar de Europa central)');
    // The header block, its folded lines unfolded (RFC 5322 §2.2.3).
    const head = reminder.raw.toString('utf8').split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribe = /^List-Unsubscribe: (.*)$/m.exec(head)?.[1] ?? '';
    const link = /^<(http:\/\/club\.test\/api\/reminders-off\/[^>\s]+)>$/.exec(unsubscribe.trim())?.[1] ?? `none in ${unsubscribe}`;
    expect(part.parsed.text).toContain('http://club.test/reminders-off?token=');

    // A link scanner's GET changes nothing; it leads a person to the page that asks.
    const get = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toMatch(/^\/reminders-off\?token=/);
    const remindersOn = async () =>
      (await t.db.kysely.selectFrom('members').select('recordatorios').where('id', '=', other.user.uuid).executeTakeFirstOrThrow())
        .recordatorios === 1;
    expect(await remindersOn()).toBe(true);
    // A forged signature is refused.
    const forged = link.replace(/.{4}$/, 'AAAA');
    const refused = await t.app.inject({
      method: 'POST',
      url: new URL(forged).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    // The mail program's one-click POST: no cookie, no session, a form body.
    const post = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(await remindersOn()).toBe(false);
    t.clock.set(NOW);
  });
});

describe('the outbox without a mail server', () => {
  it('writes .eml files with CRLF at the end of every line, which mailparser reads as sent', async () => {
    const t = await createTestApp('sqlite', { now: NOW });
    try {
      const staff = await createTestMember(t, { staff: true });
      const member = await createTestMember(t, { ...ALL_FLAGS, language: 'ca' });
      const made = await apiClient(t.app).post(
        '/api/admin/events/',
        { type: EventType.clubPractices, start: '2027-01-01 00:30:00', end: '2027-01-01 01:30:00', evento: 'Outbox', plazas: 5, status: EventStatus.publico },
        staff.token,
      );
      const uuid = made.json()[0].uuid;
      expect((await apiClient(t.app).put(`/api/events/${uuid}/subscribe/`, subscribeBody(member.user.uuid, 1), member.token)).statusCode).toBe(200);
      const dir = t.config.mailOutbox;
      await expect.poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0), { timeout: 10_000 }).toBeGreaterThan(0);
      const file = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]));
      expect(file.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const mail = await simpleParser(file);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      const part = mail.attachments.find((a) => a.contentType === 'text/calendar')!;
      const read = readBoth(part.content.toString('utf8'));
      expect(read.method).toBe('REQUEST');
      expect(read.events[0]).toMatchObject({ start: '2026-12-31T23:30:00.000Z' });
    } finally {
      await t.close();
    }
  });
});

describe('LOCATION and GEO as both parsers read them', () => {
  it('escapes the address and writes GEO where it is known', async () => {
    const { renderCalendar } = await import('../../src/lib/icalendar.ts');
    const text = renderCalendar({
      timeZone: 'Europe/Madrid',
      stamp: NOW,
      events: [
        {
          uid: 'geo@club',
          start: '2027-03-28 03:00:00',
          end: '2027-03-28 04:00:00',
          summary: 'Campo',
          location: 'Camí; del Camp, 12\n08799 Serra Alta',
          geo: { lat: 41.5, lon: -1.25 },
          sequence: 0,
          lastModified: '2026-12-01T10:00:00.000Z',
        },
      ],
    });
    const [read] = readBoth(text).events;
    expect(read).toMatchObject({ location: 'Camí; del Camp, 12\n08799 Serra Alta', start: '2027-03-28T01:00:00.000Z' });
    const geo = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('geo');
    expect(geo).toEqual([41.5, -1.25]);
    expect((Object.values(nodeIcal.sync.parseICS(text)).find((e) => e?.type === 'VEVENT') as { geo: unknown }).geo).toEqual({
      lat: 41.5,
      lon: -1.25,
    });
    // A feed's DTSTAMP is the event's last change: the same events give the same bytes.
    expect(text).toContain('DTSTAMP:20261201T100000Z');
  });
});
