import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubToday } from '@club/contract/club-time';
import { addDays } from '@club/contract/payments';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { isoOf } from '../../src/lib/ids.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import type { ReceivedMail } from '../support/smtp.ts';
import { startServerProcess } from '../support/server-process.ts';
import type { RunningServer } from '../support/server-process.ts';
import { createTestDatabase, TEST_DIALECTS } from '../support/test-app.ts';

// Papers mails (licence expiring, dues lapsed, pack used up) with the server as operators run
// it: two real processes on one database, the real SMTP server of the tests, processes stopped
// and killed. Each mail goes once per member, kind and date whichever process runs its job and
// however often the job runs. Processes start slowly on a busy machine: the waits are generous.
const XSRF = 'papers-xsrf-0123456789abcdef0123456789ab';
const MEMBERS = 12;
const LANGUAGES = ['es', 'ca', 'en'] as const;
const PAPERS_JOBS = ['licence-notice', 'dues-notice', 'pack-notice'];
const CLASS_TITLE = 'Clase con bono';

describe.each(TEST_DIALECTS)('papers mails across server processes [%s]', { timeout: 300_000 }, (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let url: string;
  let db: Db;
  let staff: TestMember;
  const running: RunningServer[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    url = (await createTestDatabase(dialect)).url;
    db = openDatabase(url);
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await db?.close();
    await smtp?.close();
  });

  const start = async () => {
    const server = await startServerProcess({
      DATABASE_URL: url,
      SEED: 'none',
      SMTP_URL: smtp.url,
      RATE_LIMITS: 'off',
      JOBS_POLL_MS: '100',
      // An impatient liveness check: on a loaded machine each live process often looks gone to
      // the other, which then takes back the jobs it claimed. Only jobs not started yet may be
      // taken (a started one keeps its start lease, renewed while it runs), so no mail goes twice.
      JOBS_LEASE_MS: '60000',
      JOBS_HEARTBEAT_MS: '100',
      JOBS_WORKER_GONE_MS: '300',
      PUBLIC_URL: 'http://club.test',
    });
    running.push(server);
    return server;
  };

  const call = async (server: RunningServer, method: string, path: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Token ${staff.token}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as unknown;
  };

  // The papers mails only: seating a member for the class mails them its confirmation too.
  const mailsTo = (m: TestMember): ReceivedMail[] =>
    smtp.received.filter((mail) => mail.to.includes(m.email) && !mail.subject.includes(CLASS_TITLE));
  const papersSent = () => smtp.received.filter((mail) => !mail.subject.includes(CLASS_TITLE)).length;
  const papersJobs = () =>
    db.kysely.selectFrom('jobs').select(['id', 'kind', 'status', 'job_key']).where('kind', 'in', PAPERS_JOBS).execute();
  /** Every papers job that is due has run, and every mail they queued has gone. */
  const settled = async () => {
    const stamp = isoOf(new Date());
    const open = await db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['pending', 'running'])
      .where('run_at', '<=', stamp)
      .where((eb) => eb.or([eb('kind', 'in', PAPERS_JOBS), eb('kind', '=', 'mail')]))
      .execute();
    return open.length === 0;
  };

  it('sends each papers mail once with two processes, and never again after both are killed and restart', async () => {
    const clock = new ManualClock(new Date());
    const t = { db, clock };
    staff = await createTestMember(t, { staff: true });
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => createTestMember(t, { language: LANGUAGES[i % 3], nombre: `Socio${i}` })),
    );
    const today = clubToday(new Date());
    // Mails due now: the 15-day licence mail (expiry in ten days), the dues mail (dues ended two
    // days ago), the pack mail (a one-class pack whose class is taken below).
    const expiry = addDays(today, 10);
    const duesEnd = addDays(today, -2);

    const [a, b] = await Promise.all([start(), start()]);
    const servers = [a, b];
    const event = (
      (await call(a, 'POST', '/api/admin/events/', {
        type: 1, // a regular IPSC class: it takes a class of the member's packs
        start: `${addDays(today, 20)} 18:00:00`,
        end: `${addDays(today, 20)} 20:00:00`,
        evento: CLASS_TITLE,
        plazas: 50,
        status: 2,
      })) as Array<{ uuid: string }>
    )[0];
    // Half of the staff's calls go to each process, at once.
    await Promise.all(
      members.map(async (m, i) => {
        const server = servers[i % 2];
        await call(server, 'PUT', `/api/admin/users/${m.user.uuid}/`, { licenciaCaduca: expiry });
        await call(server, 'POST', '/api/admin/payments/', {
          personUuid: m.user.uuid,
          concept: 'cuota',
          amountCents: 6000,
          method: 'efectivo',
          paidAt: addDays(today, -400),
          periodEnd: duesEnd,
        });
        await call(server, 'POST', '/api/admin/payments/', {
          personUuid: m.user.uuid,
          concept: 'bono',
          amountCents: 1000,
          method: 'bizum',
          paidAt: today,
          classes: 1,
        });
        await call(server, 'POST', `/api/admin/events/${event.uuid}/participants/`, { personUuid: m.user.uuid });
      }),
    );
    // Each member is seated by staff and their class finalised (the pack's last class), on either process.
    await Promise.all(
      members.map(async (m, i) => {
        const server = servers[(i + 1) % 2];
        await call(server, 'PUT', `/api/admin/events/${event.uuid}/participants/${m.user.uuid}/`, { status: 4 });
      }),
    );

    // Three papers mails each, in their language, whichever process ran their jobs.
    await expect.poll(() => members.every((m) => mailsTo(m).length >= 3), { timeout: 90_000, interval: 200 }).toBe(true);
    await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const date = (iso: string) => iso.split('-').reverse().join('/');
    for (const [i, m] of members.entries()) {
      const subjects = mailsTo(m).map((mail) => mail.subject).sort();
      const expected = {
        es: [`Tu licencia caduca el ${date(expiry)}`, 'Tu cuota del club ha vencido', 'Has usado todas las clases de tu bono'],
        ca: [`La teva llicència caduca el ${date(expiry)}`, 'La teva quota del club ha vençut', 'Has fet servir totes les classes del teu bo'],
        en: [`Your licence expires on ${date(expiry)}`, 'Your club dues have lapsed', 'You have used every class of your pack'],
      }[LANGUAGES[i % 3]];
      expect(subjects, m.email).toEqual([...expected].sort());
    }
    // What the papers jobs queued: three mails per member, never more.
    const queued = await db.kysely.selectFrom('jobs').select(['mail_to', 'subject']).where('kind', '=', 'mail').execute();
    for (const m of members) {
      expect(queued.filter((job) => job.mail_to === m.email && !job.subject?.includes(CLASS_TITLE)), m.email).toHaveLength(3);
    }
    const sentBefore = papersSent();

    // Both processes die at once (kill -9): nothing they held is handed back.
    for (const server of [a, b]) server.child.kill('SIGKILL');
    await Promise.all([a.exited, b.exited]);

    // A process that died after a notice's transaction committed and before it marked the job
    // done leaves the job running under a worker that is gone: exactly that state, for every
    // papers job that ran.
    const ran = (await papersJobs()).filter((job) => job.status === 'done');
    expect(ran.length).toBeGreaterThanOrEqual(MEMBERS * 3);
    const past = isoOf(new Date(Date.now() - 60_000));
    await db.kysely
      .updateTable('jobs')
      .set({ status: 'running', claimed_by: 'gone-host:4242:papers', claimed_until: past, tries: 1 })
      .where('id', 'in', ran.map((job) => job.id))
      .execute();

    // Both processes start again; they take the jobs back and run them once more.
    const [c, d] = await Promise.all([start(), start()]);
    await expect
      .poll(
        async () => {
          const rows = await db.kysely.selectFrom('jobs').select('status').where('id', 'in', ran.map((job) => job.id)).execute();
          return rows.every((row) => row.status === 'done');
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    // Staff save the same dates again on both processes: planned again, nothing new to say.
    await Promise.all(
      members.map((m, i) => call([c, d][i % 2], 'PUT', `/api/admin/users/${m.user.uuid}/`, { licenciaCaduca: expiry })),
    );
    await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(papersSent()).toBe(sentBefore);

    // The processes still mail what is new: a later licence date gets its own mail, once.
    const later = addDays(today, 12);
    await call(d, 'PUT', `/api/admin/users/${members[0].user.uuid}/`, { licenciaCaduca: later });
    await call(c, 'PUT', `/api/admin/users/${members[0].user.uuid}/`, { licenciaCaduca: later });
    await smtp.waitFor((mail) => mail.to.includes(members[0].email) && mail.subject.includes(date(later)), 60_000);
    await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(papersSent()).toBe(sentBefore + 1);
    const notices = await db.kysely.selectFrom('membership_notices').select(['member_id', 'kind']).execute();
    expect(notices.filter((row) => members.some((m) => m.user.uuid === row.member_id))).toHaveLength(MEMBERS * 3 + 1);

    for (const server of [c, d]) {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });
});
