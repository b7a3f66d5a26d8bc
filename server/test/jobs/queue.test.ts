import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { claimJob, enqueueMail, retryDelayMs } from '../../src/jobs/queue.ts';
import type { Mailer, MailMessage } from '../../src/mail/mailer.ts';
import { createTestMember } from '../support/auth.ts';
import { apiClient, createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const contact = {
  name: 'Marta',
  email: 'marta@example.com',
  subject: 'Horarios',
  message: 'Hola, ¿a qué hora abrís?',
};

/** A mailer that fails while `down` is set, and keeps what it sent. */
function switchableMailer() {
  const sent: MailMessage[] = [];
  const state = { down: true };
  const mailer: Mailer = {
    send: async (message) => {
      if (state.down) throw new Error('smtp down');
      sent.push(message);
    },
    close: () => undefined,
  };
  return { mailer, sent, state };
}

describe.each(TEST_DIALECTS)('durable mail queue [%s]', (dialect) => {
  const mail = switchableMailer();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      mailer: mail.mailer,
      env: { MAIL_RETRY_LIMIT: '3', JOBS_POLL_MS: '50', RATE_LIMITS: 'off' },
      now: new Date('2025-06-01T10:00:00Z'),
    });
  });
  afterAll(async () => t?.close());

  const jobs = () => t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'mail').execute();

  it('writes a mail with its change, retries it after growing waits, marks it failed, and staff retry it', async () => {
    const api = apiClient(t.app);
    expect((await api.post('/api/send-message/', contact)).statusCode).toBe(201);
    // The message and its mail were written together.
    expect(await t.db.kysely.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
    // tries grows at the claim; the outcome is written once the send failed.
    const state = async () => {
      const [row] = await jobs();
      return row ? `${row.tries}:${row.status}` : '';
    };
    await expect.poll(state, { timeout: 5000 }).toBe('1:pending');
    let [job] = await jobs();
    expect(job.status).toBe('pending');
    expect(job.last_error).toBe('smtp down');
    const start = t.clock.now().getTime();
    expect(new Date(job.run_at).getTime() - start).toBe(retryDelayMs(1));

    // Nothing is tried again before its time.
    t.clock.advance(retryDelayMs(1) - 1000);
    t.app.ctx.jobs.kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await jobs())[0].tries).toBe(1);

    t.clock.advance(1000);
    await expect.poll(state, { timeout: 5000 }).toBe('2:pending');
    [job] = await jobs();
    expect(new Date(job.run_at).getTime() - t.clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    t.clock.advance(retryDelayMs(2));
    await expect.poll(state, { timeout: 5000 }).toBe('3:failed');

    const staff = await createTestMember(t, { staff: true });
    const member = await createTestMember(t);
    expect((await api.get('/api/admin/mail/?status=failed', member.token)).statusCode).toBe(403);
    expect((await api.get('/api/admin/mail/?status=failed')).statusCode).toBe(401);
    expect((await api.get('/api/admin/mail/?status=nope', staff.token)).statusCode).toBe(400);
    const listed = await api.get('/api/admin/mail/?status=failed', staff.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        id: job.id,
        to: expect.stringContaining('@'),
        subject: '[Web] Horarios',
        tries: 3,
        lastError: 'smtp down',
        createdAt: job.created_at,
      },
    ]);

    mail.state.down = false;
    expect((await api.post(`/api/admin/mail/${job.id}/retry/`, {}, member.token)).statusCode).toBe(403);
    expect(
      (await api.post('/api/admin/mail/00000000-0000-4000-8000-000000000000/retry/', {}, staff.token))
        .statusCode,
    ).toBe(404);
    const retried = await api.post(`/api/admin/mail/${job.id}/retry/`, {}, staff.token);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toEqual({});
    await expect.poll(() => mail.sent.length, { timeout: 5000 }).toBe(1);
    expect(mail.sent[0].subject).toBe('[Web] Horarios');
    await expect.poll(async () => (await jobs())[0].status, { timeout: 5000 }).toBe('done');
    // A delivered mail keeps no body (a reset link must not stay in the database).
    expect((await jobs())[0].payload).toBe('{}');
    expect((await api.get('/api/admin/mail/?status=failed', staff.token)).json()).toEqual([]);
  });

  it('queues nothing when the change rolls back', async () => {
    const before = (await jobs()).length;
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await enqueueMail(trx, t.clock.now(), { to: 'x@club.test', subject: 'never', text: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobs()).toHaveLength(before);
  });

  // On SQLite two connections in one process would block each other's event loop (the driver
  // waits synchronously on the lock); the two-process test covers SQLite. Defined for PostgreSQL only.
  if (dialect === 'postgres') it(
    'gives each due job to one claimer only, with two connections claiming at once',
    async () => {
      // A second connection to the same database, as a second process would have.
      const other = openDatabase(t.config.databaseUrl);
      try {
        const now = t.clock.now();
        await t.db.kysely.transaction().execute(async (trx) => {
          for (let i = 0; i < 60; i += 1) {
            await enqueueMail(trx, now, { to: `claim${i}@club.test`, subject: `claim ${i}`, text: 'x' });
          }
        });
        // This app's worker takes part too; what matters is that no job is claimed twice.
        const claimed: string[] = [];
        // SKIP LOCKED lets a claimer come back empty while another holds rows it has not
        // committed yet: a claimer stops only once no job of the test waits.
        const waiting = async () =>
          (
            await t.db.kysely
              .selectFrom('jobs')
              .select('id')
              .where('subject', 'like', 'claim %')
              .where('status', '=', 'pending')
              .execute()
          ).length;
        const claimer = async (db: typeof other, name: string) => {
          for (;;) {
            const job = await claimJob(db, name, t.clock.now(), 60_000);
            if (job) claimed.push(job.id);
            else if ((await waiting()) === 0) return;
          }
        };
        await Promise.all([claimer(t.db, 'a'), claimer(other, 'b'), claimer(t.db, 'c'), claimer(other, 'd')]);
        expect(new Set(claimed).size).toBe(claimed.length);
        const rows = await t.db.kysely
          .selectFrom('jobs')
          .select(['tries', 'status'])
          .where('subject', 'like', 'claim %')
          .execute();
        expect(rows).toHaveLength(60);
        // Each was claimed exactly once, by the test's claimers or the app's own worker.
        for (const row of rows) expect(row.tries).toBe(1);
      } finally {
        await other.close();
      }
    },
  );
});
