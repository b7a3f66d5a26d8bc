import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventType } from '@club/contract/enums';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { enqueueMail } from '../../src/jobs/queue.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { ALL_FLAGS, createTestMember } from '../support/auth.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { startServerProcess } from '../support/server-process.ts';
import type { RunningServer } from '../support/server-process.ts';
import { createTestDatabase, TEST_DIALECTS } from '../support/test-app.ts';
import { insertEvent, subscribeBody } from '../events/fixtures.ts';

const XSRF = 'process-xsrf-0123456789abcdef0123456789';

// Processes start slowly on a busy machine; the limits are generous, not a speed target.
describe.each(TEST_DIALECTS)(
  'the job queue across server processes [%s]',
  { timeout: 240_000 },
  (dialect) => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let url: string;
    let db: Db;
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

    const start = async (env: Record<string, string> = {}) => {
      const server = await startServerProcess({
        DATABASE_URL: url,
        SEED: 'none',
        SMTP_URL: smtp.url,
        RATE_LIMITS: 'off',
        JOBS_POLL_MS: '100',
        JOBS_LEASE_MS: '3000',
        ...env,
      });
      running.push(server);
      return server;
    };

    it('delivers each mail once with two servers on one database claiming at the same time', async () => {
      const [a, b] = await Promise.all([start(), start()]);
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 150; i += 1) {
          await enqueueMail(trx, now, { to: `two.${i}@club.test`, subject: `two-process ${i}`, text: 'x' });
        }
      });
      const ours = () => smtp.received.filter((m) => m.subject.startsWith('two-process '));
      await expect.poll(() => ours().length, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(150);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(ours()).toHaveLength(150);
      expect(new Set(ours().map((m) => m.subject)).size).toBe(150);
      const done = await db.kysely
        .selectFrom('jobs')
        .select(['status', 'tries'])
        .where('subject', 'like', 'two-process %')
        .execute();
      expect(done.every((row) => row.status === 'done' && row.tries === 1)).toBe(true);
      for (const server of [a, b]) {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    });

    it('loses no mail of an answered registration when the server is killed with kill -9', async () => {
      const t = { db, clock: new ManualClock(new Date()) };
      const id = await insertEvent(t, {
        type: EventType.clubPractices,
        plazas: 100,
        start_at: '2099-07-10 19:00:00',
        end_at: '2099-07-10 21:00:00',
        evento: 'Tras el corte',
      });
      const members = await Promise.all(Array.from({ length: 40 }, () => createTestMember(t, ALL_FLAGS)));
      const first = await start();
      const answered: string[] = [];
      let killed = false;
      const calls = members.map(async (m) => {
        const res = await fetch(`http://127.0.0.1:${first.port}/api/events/${id}/subscribe/`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Token ${m.token}`,
            cookie: `XSRF-TOKEN=${XSRF}`,
            'x-xsrf-token': XSRF,
          },
          body: JSON.stringify(subscribeBody(m.user.uuid, 1)),
        }).catch(() => null);
        if (res?.status === 200) {
          answered.push(m.user.email);
          // Killed right after answers came back, while the worker is sending.
          if (answered.length >= 15 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      });
      await Promise.all(calls);
      await first.exited;
      expect(answered.length).toBeGreaterThanOrEqual(15);
      const undelivered = await db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('status', '!=', 'done')
        .where('kind', '=', 'mail')
        .execute();

      // The next start delivers what the dead process left: queued mails and those it held.
      const second = await start();
      for (const email of answered) {
        await smtp.waitFor(
          (m) => m.to.includes(email) && m.subject === 'Inscripción confirmada: Tras el corte',
          30_000,
        );
      }
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      // Printed for the record: how much the kill left behind for the restart.
      process.stdout.write(
        `kill -9 [${dialect}]: ${answered.length} answered, ${undelivered.length} mails left undelivered at the kill\n`,
      );
    });
  },
);
