import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStatus, EventType, Sexo } from '@club/contract/enums';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from './fixtures.ts';

describe.each(TEST_DIALECTS)('reminders and notices [%s]', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let staff: TestMember;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, REMINDER_HOURS: '24', JOBS_POLL_MS: '100', RATE_LIMITS: 'off' },
      now: TEST_NOW,
    });
    staff = await createTestMember(t, { staff: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const api = () => apiClient(t.app);
  const register = (id: string, m: TestMember) =>
    api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token);
  const profile = (m: TestMember, extra: Record<string, unknown>) =>
    api().put(
      `/api/registro/${m.user.uuid}/`,
      { uuid: m.user.uuid, mobil: '600000000', nacimiento: '1990-05-05', sexo: Sexo.hombre, ...extra },
      m.token,
    );
  const mailJobsTo = (m: TestMember) =>
    t.db.kysely
      .selectFrom('jobs')
      .select(['subject', 'status'])
      .where('mail_to', '=', m.user.email)
      .execute();
  const adminBody = (fields: Record<string, unknown>) => ({
    type: EventType.clubPractices,
    start: '2025-07-10 19:00:00',
    end: '2025-07-10 21:00:00',
    evento: 'Entrenamiento',
    plazas: 10,
    status: EventStatus.publico,
    soloLectura: false,
    ...fields,
  });

  it('mails one reminder REMINDER_HOURS before the start, to those who keep reminders on and registered before', async () => {
    // 19:00 in Madrid on 10 July is 17:00 UTC; the reminder is due a day before.
    const id = await insertEvent(t, { type: EventType.clubPractices, evento: 'Práctica recordada' });
    const [on, off, late] = await Promise.all([1, 2, 3].map(() => createTestMember(t, ALL_FLAGS)));
    const switched = await profile(off, { recordatorios: false });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().recordatorios).toBe(false);
    for (const m of [on, off]) expect((await register(id, m)).statusCode).toBe(200);
    const planned = await t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('job_key', '=', `reminder:${id}`)
      .execute();
    expect(planned.map((j) => [j.status, j.run_at])).toEqual([['pending', '2025-07-09T17:00:00.000Z']]);

    t.clock.set(new Date('2025-07-09T16:59:00Z'));
    t.app.ctx.jobs.kick();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.received.some((m) => m.subject.startsWith('Recordatorio'))).toBe(false);

    t.clock.set(new Date('2025-07-09T17:00:30Z'));
    const reminder = await smtp.waitFor(
      (m) => m.to.includes(on.user.email) && m.subject === 'Recordatorio: Práctica recordada',
    );
    expect(reminder.text).toContain('jueves, 10 de julio de 2025, 19:00-21:00');
    // Registered inside the window: no reminder is planned any more.
    expect((await register(id, late)).statusCode).toBe(200);
    t.app.ctx.jobs.kick();
    await expect
      .poll(async () => (await mailJobsTo(late)).map((j) => j.status), { timeout: 5000 })
      .toEqual(['done']);
    expect((await mailJobsTo(late)).map((j) => j.subject)).toEqual([
      'Inscripción confirmada: Práctica recordada',
    ]);
    expect((await mailJobsTo(off)).map((j) => j.subject)).toEqual([
      'Inscripción confirmada: Práctica recordada',
    ]);
    t.clock.set(TEST_NOW);
  });

  it('moving an event moves its reminder and mails each registered member what changed, in their language', async () => {
    const id = await insertEvent(t, { type: EventType.clubPractices, evento: 'Práctica movida' });
    const [es, en] = [
      await createTestMember(t, ALL_FLAGS),
      await createTestMember(t, { ...ALL_FLAGS, language: 'en' }),
    ];
    for (const m of [es, en]) expect((await register(id, m)).statusCode).toBe(200);
    const moved = await api().put(
      `/api/admin/events/${id}/`,
      adminBody({ start: '2025-07-12 10:00:00', end: '2025-07-12 12:00:00', evento: 'Práctica movida' }),
      staff.token,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().version).toBe(2);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('job_key', '=', `reminder:${id}`)
      .execute();
    expect(jobs.map((j) => [j.status, j.run_at])).toEqual([['pending', '2025-07-11T08:00:00.000Z']]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(es.user.email) && m.subject === 'Cambios en el evento: Práctica movida',
    );
    expect(mail.text).toContain('Cuándo: sábado, 12 de julio de 2025, 10:00-12:00');
    expect(mail.text).toContain('Antes: jueves, 10 de julio de 2025, 19:00-21:00');
    expect(mail.attachments[0].content).toContain('SEQUENCE:2');
    const english = await smtp.waitFor(
      (m) => m.to.includes(en.user.email) && m.subject === 'Event changed: Práctica movida',
    );
    expect(english.text).toContain('Before: Thursday, 10 July 2025, 19:00-21:00');

    // A change of the seats alone tells no one.
    const before = smtp.received.length;
    expect(
      (
        await api().put(
          `/api/admin/events/${id}/`,
          adminBody({
            start: '2025-07-12 10:00:00',
            end: '2025-07-12 12:00:00',
            evento: 'Práctica movida',
            plazas: 12,
          }),
          staff.token,
        )
      ).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.received.length).toBe(before);
  });

  it('mails the member when staff confirm the registration, and writes in the language of the profile', async () => {
    const id = await insertEvent(t, { type: EventType.clubPractices, evento: 'Práctica confirmada' });
    const m = await createTestMember(t, ALL_FLAGS);
    expect((await profile(m, { idioma: 'zz' })).statusCode).toBe(400);
    const set = await profile(m, { idioma: 'ca' });
    expect(set.statusCode).toBe(200);
    expect(set.json().idioma).toBe('ca');
    expect((await register(id, m)).statusCode).toBe(200);
    await smtp.waitFor(
      (r) => r.to.includes(m.user.email) && r.subject === 'Inscripció confirmada: Práctica confirmada',
    );
    const confirmed = await api().put(
      `/api/admin/events/${id}/participants/${m.user.uuid}/`,
      { status: 3 },
      staff.token,
    );
    expect(confirmed.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      (r) =>
        r.to.includes(m.user.email) &&
        r.subject === 'El club ha confirmat la teva plaça: Práctica confirmada',
    );
    // The invitation travels as the calendar part of the alternative and as an .ics file.
    expect(mail.attachments.map((a) => [a.contentType, a.filename])).toEqual([
      ['text/calendar', ''],
      ['application/ics', 'event.ics'],
    ]);
    expect(mail.text).toContain(`http://club.test/calendar?month=2025-07&event=${id}`);
  });
});
