import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sexo } from '@club/contract/enums';
import { enqueueJob } from '../../src/jobs/queue.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { apiClient, createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { TEST_NOW } from '../events/fixtures.ts';

describe.each(TEST_DIALECTS)('papers mails: licence and dues [%s]', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let staff: TestMember;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, JOBS_POLL_MS: '100', RATE_LIMITS: 'off' },
      now: TEST_NOW,
    });
    staff = await createTestMember(t, { staff: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const api = () => apiClient(t.app);
  const mailsTo = (m: TestMember) => smtp.received.filter((mail) => mail.to.includes(m.email));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 800));
  const remindersOff = (m: TestMember) =>
    api().put(
      `/api/registro/${m.user.uuid}/`,
      { uuid: m.user.uuid, mobil: '600000000', nacimiento: '1990-05-05', sexo: Sexo.hombre, recordatorios: false },
      m.token,
    );

  it('mails 60 and 15 days before the licence expires, in the member’s language, once each, even with reminders off', async () => {
    const m = await createTestMember(t, { ...ALL_FLAGS, language: 'ca' });
    expect((await remindersOff(m)).statusCode).toBe(200);
    const set = await api().put(`/api/admin/users/${m.user.uuid}/`, { licenciaCaduca: '2025-08-30' }, staff.token);
    expect(set.statusCode).toBe(200);
    await settle();
    expect(mailsTo(m)).toHaveLength(0);
    // 09:00 in Madrid on 1 July (60 days before 30 August) is 07:00 UTC.
    t.clock.set(new Date('2025-07-01T06:59:00Z'));
    await settle();
    expect(mailsTo(m)).toHaveLength(0);
    t.clock.set(new Date('2025-07-01T07:00:30Z'));
    const first = await smtp.waitForMail(m.email);
    expect(first.subject).toBe('La teva llicència caduca el 30/08/2025');
    expect(first.text).toContain("T'escrivim encara que hagis desactivat els recordatoris");
    expect(first.text).toContain('http://club.test/my-membership');
    // The same job run again (a process that died before marking it) sends nothing more.
    await enqueueJob(t.db.kysely, {
      kind: 'licence-notice',
      payload: { memberId: m.user.uuid, expiry: '2025-08-30', days: 60 },
      runAt: t.clock.now(),
      now: t.clock.now(),
    });
    t.app.ctx.jobs.kick();
    await settle();
    expect(mailsTo(m)).toHaveLength(1);
    t.clock.set(new Date('2025-08-15T07:00:30Z'));
    await expect.poll(() => mailsTo(m).length, { timeout: 5000 }).toBe(2);
    await settle();
    expect(mailsTo(m).map((mail) => mail.subject)).toEqual([
      'La teva llicència caduca el 30/08/2025',
      'La teva llicència caduca el 30/08/2025',
    ]);
    t.clock.set(TEST_NOW);
  });

  it('sends only the 15-day mail for a licence set ten days before it expires, and none after a new date replaces it', async () => {
    t.clock.set(TEST_NOW);
    const m = await createTestMember(t, { ...ALL_FLAGS, language: 'en' });
    await api().put(`/api/admin/users/${m.user.uuid}/`, { licenciaCaduca: '2025-06-11' }, staff.token);
    const mail = await smtp.waitForMail(m.email);
    expect(mail.subject).toBe('Your licence expires on 11/06/2025');
    // Reminders on: the mail does not speak of them.
    expect(mail.text).not.toContain('reminders off');
    const renewed = await createTestMember(t, { ...ALL_FLAGS, language: 'es' });
    await api().put(`/api/admin/users/${renewed.user.uuid}/`, { licenciaCaduca: '2025-09-30' }, staff.token);
    await api().put(`/api/admin/users/${renewed.user.uuid}/`, { licenciaCaduca: '2026-09-30' }, staff.token);
    // 60 days before the first date: the plan of the old date is gone.
    t.clock.set(new Date('2025-08-01T07:00:30Z'));
    await settle();
    expect(mailsTo(renewed)).toHaveLength(0);
    t.clock.set(TEST_NOW);
  });

  it('mails once when dues lapse, not when they are renewed in time', async () => {
    t.clock.set(TEST_NOW);
    const [lapsing, renewing] = await Promise.all([
      createTestMember(t, { ...ALL_FLAGS, language: 'es' }),
      createTestMember(t, { ...ALL_FLAGS, language: 'es' }),
    ]);
    const dues = (m: TestMember, periodEnd: string) =>
      api().post(
        '/api/admin/payments/',
        { personUuid: m.user.uuid, concept: 'cuota', amountCents: 100, method: 'efectivo', paidAt: '2025-06-01', periodEnd },
        staff.token,
      );
    await dues(lapsing, '2025-06-30');
    await dues(renewing, '2025-06-30');
    await dues(renewing, '2026-06-30');
    t.clock.set(new Date('2025-07-01T07:00:30Z'));
    const mail = await smtp.waitForMail(lapsing.email);
    expect(mail.subject).toBe('Tu cuota del club ha vencido');
    expect(mail.text).toContain('30/06/2025');
    await settle();
    expect(mailsTo(lapsing)).toHaveLength(1);
    expect(mailsTo(renewing)).toHaveLength(0);
    t.clock.set(TEST_NOW);
  });
});
