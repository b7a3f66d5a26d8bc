import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/jobs/queue.ts';
import { createJobWorker } from '../../src/jobs/worker.ts';
import type { JobWorker } from '../../src/jobs/worker.ts';
import { createTestApp, TEST_DIALECTS } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

/** A gate the handler waits on, so a test can look at the queue while jobs are in hand. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(TEST_DIALECTS)('job worker [%s]', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // The app's own worker stays off (poll 0): the test runs its own.
    t = await createTestApp(dialect, { env: { JOBS_POLL_MS: '0', RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t?.close());

  const rows = (prefix: string) =>
    t.db.kysely
      .selectFrom('jobs')
      .select(['subject', 'status', 'tries', 'claimed_by', 'payload'])
      .where('subject', 'like', `${prefix}%`)
      .orderBy('subject')
      .execute();

  const enqueue = async (prefix: string, count: number) => {
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        const n = String(i).padStart(2, '0');
        await enqueueMail(trx, t.clock.now(), { to: `${prefix}${n}@club.test`, subject: `${prefix} ${n}`, text: 'x' });
      }
    });
  };

  const worker = (started: string[], wait: Promise<void>): JobWorker => {
    const w = createJobWorker({
      db: t.db,
      clock: t.clock,
      log: t.app.log,
      pollMs: 60_000,
      retryLimit: 3,
      leaseMs: 60_000,
      concurrency: 2,
      claimBatch: 6,
    });
    w.handle('mail', async (job) => {
      started.push(job.subject ?? '');
      await wait;
    });
    return w;
  };

  it('claims a batch in one go, runs only as many as its concurrency, and marks them done', async () => {
    await enqueue('batch', 12);
    const started: string[] = [];
    const g = gate();
    const w = worker(started, g.opened);
    w.start();
    await expect.poll(() => started.length, { timeout: 30_000 }).toBe(2);
    const claimed = (await rows('batch')).filter((r) => r.status === 'running');
    // One claim took six (the batch), though only two run.
    expect(claimed).toHaveLength(6);
    expect(new Set(claimed.map((r) => r.claimed_by)).size).toBe(1);
    g.open();
    await expect.poll(async () => (await rows('batch')).filter((r) => r.status === 'done').length, { timeout: 30_000 }).toBe(12);
    expect(started).toHaveLength(12);
    const done = await rows('batch');
    for (const row of done) {
      expect(row.tries).toBe(1);
      // A delivered mail's body is dropped.
      expect(row.payload).toBe('{}');
    }
    await w.stop();
  });

  it('on stop, finishes the jobs in hand and gives back the claimed ones it never started', async () => {
    await enqueue('stop', 6);
    const started: string[] = [];
    const g = gate();
    const w = worker(started, g.opened);
    w.start();
    await expect.poll(() => started.length, { timeout: 30_000 }).toBe(2);
    const stopping = w.stop();
    g.open();
    await stopping;
    expect(started).toHaveLength(2);
    const after = await rows('stop');
    // The two it started are done (which two follows the queue's order, not the subjects').
    expect(after.filter((r) => r.status === 'done').map((r) => r.subject)).toEqual([...started].sort());
    const back = after.filter((r) => r.status !== 'done');
    expect(back).toHaveLength(4);
    for (const row of back) {
      expect(row.status).toBe('pending');
      expect(row.claimed_by).toBeNull();
      // No try was made, so none is counted.
      expect(row.tries).toBe(0);
    }
  });
});
