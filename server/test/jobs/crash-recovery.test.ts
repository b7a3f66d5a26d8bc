import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { enqueueMail } from '../../src/jobs/queue.ts';
import { isoOf } from '../../src/lib/ids.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { startServerProcess } from '../support/server-process.ts';
import type { RunningServer } from '../support/server-process.ts';
import { createTestDatabase, TEST_DIALECTS } from '../support/test-app.ts';

// A lease of an hour: without taking back the jobs of a process that is gone, none of the mails
// below could arrive within the test's waits.
const HOUR_MS = 3_600_000;

describe.each(TEST_DIALECTS)('mail after a crash [%s]', { timeout: 240_000 }, (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let blackHole: net.Server;
  let blackHoleUrl: string;
  let url: string;
  let db: Db;
  const running: RunningServer[] = [];
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A mail server that takes connections and never greets: sends hang while it holds them.
    blackHole = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    blackHoleUrl = `smtp://127.0.0.1:${(blackHole.address() as net.AddressInfo).port}`;
    url = (await createTestDatabase(dialect)).url;
    db = openDatabase(url);
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
    await db?.close();
    await smtp?.close();
  });

  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({
      DATABASE_URL: url,
      SEED: 'none',
      RATE_LIMITS: 'off',
      JOBS_POLL_MS: '100',
      JOBS_LEASE_MS: String(HOUR_MS),
      JOBS_HEARTBEAT_MS: '500',
      JOBS_WORKER_GONE_MS: '3000',
      ...env,
    });
    running.push(server);
    return server;
  };

  const heldBy = async (pid: number) =>
    (
      await db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'running')
        .where('claimed_by', 'like', `%:${pid}:%`)
        .execute()
    ).length;

  it('a process started after a kill -9 takes back at once the mails the dead one held', async () => {
    const first = await start({ SMTP_URL: blackHoleUrl });
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 36; i += 1) {
        await enqueueMail(trx, new Date(), { to: `crash.${i}@club.test`, subject: `crash ${i}`, text: 'x' });
      }
    });
    // The dead-to-be process has claimed them and is stuck sending.
    await expect.poll(() => heldBy(first.child.pid!), { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    const held = await heldBy(first.child.pid!);
    first.child.kill('SIGKILL');
    await first.exited;

    const restarted = Date.now();
    const second = await start({ SMTP_URL: smtp.url });
    const healthy = Date.now();
    const ours = () => smtp.received.filter((m) => m.subject.startsWith('crash '));
    await expect.poll(() => ours().length, { timeout: 60_000, interval: 100 }).toBe(36);
    const delivered = Date.now();
    expect(new Set(ours().map((m) => m.subject)).size).toBe(36);
    // Printed for the record (not a speed target): how long the mails waited after the restart.
    process.stdout.write(
      `crash recovery [${dialect}]: ${held} mails held by the killed process; all 36 delivered ` +
        `${delivered - healthy} ms after the new process answered (${delivered - restarted} ms after its start)\n`,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('takes back the jobs of a worker elsewhere whose heartbeat stopped, never those of a live one', async () => {
    const long = isoOf(new Date(Date.now() + HOUR_MS));
    const stale = isoOf(new Date(Date.now() - 60_000));
    await db.kysely
      .insertInto('job_workers')
      .values([
        { id: 'elsewhere:101:dead', started_at: stale, heartbeat_at: stale },
        { id: 'elsewhere:102:live', started_at: stale, heartbeat_at: isoOf(new Date()) },
      ])
      .execute();
    // The live worker elsewhere keeps beating for the whole test.
    const beating = setInterval(() => {
      void db.kysely
        .updateTable('job_workers')
        .set({ heartbeat_at: isoOf(new Date()) })
        .where('id', '=', 'elsewhere:102:live')
        .execute();
    }, 300);
    try {
      const ids: Record<string, string[]> = { dead: [], live: [] };
      await db.kysely.transaction().execute(async (trx) => {
        for (const who of ['dead', 'live'] as const) {
          for (let i = 0; i < 5; i += 1) {
            ids[who].push(await enqueueMail(trx, new Date(), { to: `${who}.${i}@club.test`, subject: `${who} ${i}`, text: 'x' }));
          }
        }
      });
      for (const who of ['dead', 'live'] as const) {
        await db.kysely
          .updateTable('jobs')
          .set({ status: 'running', tries: 1, claimed_by: `elsewhere:${who === 'dead' ? 101 : 102}:${who}`, claimed_until: long })
          .where('id', 'in', ids[who])
          .execute();
      }
      const server = await start({ SMTP_URL: smtp.url });
      const deadMails = () => smtp.received.filter((m) => m.subject.startsWith('dead '));
      await expect.poll(() => deadMails().length, { timeout: 60_000, interval: 100 }).toBe(5);
      // Several heartbeats later, the live worker's claims are still its own and nothing of them was sent.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(smtp.received.filter((m) => m.subject.startsWith('live '))).toEqual([]);
      const live = await db.kysely.selectFrom('jobs').select(['status', 'claimed_by']).where('id', 'in', ids.live).execute();
      expect(live.every((row) => row.status === 'running' && row.claimed_by === 'elsewhere:102:live')).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // A stopped worker is gone at once: its row is removed, or left with no live heartbeat.
      const rows = await db.kysely.selectFrom('job_workers').select(['id', 'heartbeat_at']).execute();
      const own = rows.filter((row) => row.id.includes(`:${server.child.pid}:`));
      expect(own.filter((row) => row.heartbeat_at !== isoOf(new Date(0)))).toEqual([]);
      expect(rows.map((row) => row.id)).toContain('elsewhere:102:live');
    } finally {
      clearInterval(beating);
    }
  });
});
