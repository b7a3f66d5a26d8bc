import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beat,
  claimJobs,
  DEAD_HEARTBEAT,
  enqueueMail,
  renewStartedJobs,
  startJobs,
} from '../../src/jobs/queue.ts';
import { createJobWorker } from '../../src/jobs/worker.ts';
import type { JobWorker } from '../../src/jobs/worker.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// A live process whose heartbeat is late (a loaded machine, a long pause) looks gone to its
// peers. A job it has not started yet may be taken from it; a job it has started (a mail in the
// middle of its SMTP conversation) must not be, or the member gets the mail twice.
const LEASE_MS = 60_000;

describe.each(TEST_DIALECTS)('started jobs keep their worker [%s]', { timeout: 120_000 }, (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // The app's own worker stays off (poll 0): the tests run their own.
    t = await createTestApp(dialect, { env: { JOBS_POLL_MS: '0', RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t?.close());

  const row = async (id: string) =>
    t.db.kysely.selectFrom('jobs').select(['status', 'claimed_by', 'started_until']).where('id', '=', id).executeTakeFirstOrThrow();
  const setHeartbeat = (worker: string, at: string) =>
    t.db.kysely.updateTable('job_workers').set({ heartbeat_at: at }).where('id', '=', worker).execute();
  /** Peers count a worker gone when its heartbeat is older than ten seconds. */
  const liveness = () => ({ goneBefore: new Date(Date.now() - 10_000).toISOString() });
  const enqueue = (to: string) => enqueueMail(t.db.kysely, t.clock.now(), { to, subject: to, text: 'x' });
  const claimOne = async (worker: string, now = t.clock.now()) =>
    (await claimJobs(t.db, worker, now, LEASE_MS, 10, liveness())).map((job) => job.id);

  it('takes a claimed, unstarted job from a late worker, which then may not start it', async () => {
    const [a, b] = ['test-host:101:late', 'test-host:102:peer'];
    await beat(t.db.kysely, a, new Date(), true);
    await beat(t.db.kysely, b, new Date(), true);
    const id = await enqueue('unstarted@club.test');
    expect(await claimOne(a)).toEqual([id]);
    await setHeartbeat(a, new Date(Date.now() - 60_000).toISOString());
    expect(await claimOne(b)).toEqual([id]);
    expect((await startJobs(t.db.kysely, [id], a, t.clock.now(), LEASE_MS)).has(id)).toBe(false);
    expect((await startJobs(t.db.kysely, [id], b, t.clock.now(), LEASE_MS)).has(id)).toBe(true);
    expect((await row(id)).claimed_by).toBe(b);
  });

  it('leaves a started job with its late worker until the start lease runs out, renewed while it runs', async () => {
    const [a, b] = ['test-host:201:late', 'test-host:202:peer'];
    await beat(t.db.kysely, a, new Date(), true);
    await beat(t.db.kysely, b, new Date(), true);
    const id = await enqueue('started@club.test');
    const start = t.clock.now();
    expect(await claimOne(a, start)).toEqual([id]);
    expect((await startJobs(t.db.kysely, [id], a, start, LEASE_MS)).has(id)).toBe(true);
    await setHeartbeat(a, new Date(Date.now() - 60_000).toISOString());
    // Late heartbeat, lease still running: the peer leaves the job alone.
    expect(await claimOne(b, new Date(start.getTime() + LEASE_MS - 1000))).toEqual([]);
    // The live worker renews the lease while the job runs.
    await renewStartedJobs(t.db.kysely, a, new Date(start.getTime() + LEASE_MS / 2), LEASE_MS);
    expect(await claimOne(b, new Date(start.getTime() + LEASE_MS + 1000))).toEqual([]);
    expect((await row(id)).claimed_by).toBe(a);
    // A worker that stopped renewing (frozen, or on another machine that died) loses it at last.
    expect(await claimOne(b, new Date(start.getTime() + 2 * LEASE_MS))).toEqual([id]);
    const taken = await row(id);
    expect(taken.claimed_by).toBe(b);
    expect(taken.started_until).toBeNull();
  });

  it('takes a started job back at once when its worker is known dead', async () => {
    const [a, b] = ['test-host:301:dead', 'test-host:302:peer'];
    await beat(t.db.kysely, a, new Date(), true);
    await beat(t.db.kysely, b, new Date(), true);
    const id = await enqueue('dead@club.test');
    expect(await claimOne(a)).toEqual([id]);
    expect((await startJobs(t.db.kysely, [id], a, t.clock.now(), LEASE_MS)).has(id)).toBe(true);
    await setHeartbeat(a, DEAD_HEARTBEAT);
    expect(await claimOne(b)).toEqual([id]);
  });

  it('sends a mail once over SMTP when the sending process looks gone to a peer in the middle of the send', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const smtp = await startSmtpServer({ hold });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'club@club.test', outbox: '/nonexistent', log: t.app.log });
    const workers: JobWorker[] = [];
    const worker = (heartbeatMs: number, goneMs: number) => {
      const w = createJobWorker({
        db: t.db,
        clock: t.clock,
        log: t.app.log,
        pollMs: 50,
        retryLimit: 3,
        leaseMs: LEASE_MS,
        heartbeatMs,
        goneMs,
        concurrency: 2,
      });
      w.handle('mail', (job) => mailer.send(JSON.parse(job.payload) as MailMessage));
      workers.push(w);
      return w;
    };
    try {
      // Only this test's mail is in the queue.
      await t.db.kysely.deleteFrom('jobs').execute();
      const to = 'twice@club.test';
      const id = await enqueue(to);
      // The sender beats once, at its start, and never again: to a peer that counts a worker
      // gone after 300 ms it looks gone for the whole send (as a slow heartbeat does under load).
      const sender = worker(3_600_000, 3_600_000);
      sender.start();
      await smtp.waitForMail(to, 30_000);
      const { claimed_by: senderId } = await row(id);
      const peerStart = Date.now();
      const peer = worker(100, 300);
      peer.start();
      // The peer beats and looks for work every 50 ms; give it seconds of it while the sender's
      // SMTP server has not answered yet. It must not claim the job, so no second mail arrives.
      const beats = () =>
        t.db.kysely
          .selectFrom('job_workers')
          .select('id')
          .where('id', '!=', senderId ?? '')
          .where('heartbeat_at', '>', new Date(peerStart + 2000).toISOString())
          .execute();
      await expect.poll(async () => (await beats()).length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
      const senderBeat = await t.db.kysely.selectFrom('job_workers').select('heartbeat_at').where('id', '=', senderId ?? '').executeTakeFirstOrThrow();
      expect(new Date(senderBeat.heartbeat_at).getTime()).toBeLessThan(Date.now() - 2000);
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
      expect((await row(id)).claimed_by).toBe(senderId);
      // The server answers; the sender marks its mail done; still one mail.
      release();
      await expect.poll(async () => (await row(id)).status, { timeout: 60_000, interval: 100 }).toBe('done');
      await Promise.all(workers.map((w) => w.stop()));
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    } finally {
      release();
      await Promise.all(workers.map((w) => w.stop()));
      mailer.close();
      await smtp.close();
    }
  });
});
