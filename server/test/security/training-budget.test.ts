import { expect, it } from 'vitest';
import { TRAINING_LIMITS, trainingLogSchema } from '@club/contract/library';
import type { TrainingSession } from '@club/contract/library';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import { expectError } from '../auth/accounts.ts';
import { newId } from '../../src/lib/ids.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// Finding of the hardening attack: one account, unverified and unthrottled, kept 500 sessions
// of 62 KB in 8 s, and GET /api/training/ then answered 31 MB and held the event loop for
// seconds. Now writing needs a verified address and keeps a pace, the log has a size, and the
// log is read a page at a time with its figures counted by the database.

const session = { startedAt: '2025-05-31T08:00:00Z', reps: [{ shots: [{ tMs: 900, zone: 'A' }], passed: true }] };

/** Writes `n` sessions straight into the database, a day apart going back from 31 May 2025. */
async function fill(t: TestApp, memberId: string, n: number, from = 0): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => {
    const started = new Date(Date.UTC(2025, 4, 31, 8) - (from + i) * 86_400_000);
    return {
      id: newId(),
      member_id: memberId,
      stage_id: null,
      library_stage_id: null,
      stage_name: `Etapa ${(from + i) % 3}`,
      started_at: started.toISOString(),
      day: started.toISOString().slice(0, 10),
      par_ms: null,
      power_factor: 'minor',
      reps: '[]',
      shots: 2,
      passed: 0,
      failed: 0,
      best_hit_factor: (from + i) % 7,
      created_at: started.toISOString(),
      reps_count: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 200) {
    await t.db.kysely.insertInto('training_sessions').values(rows.slice(i, i + 200)).execute();
  }
}

describeEachDatabase(
  'the training log has a size, a pace and pages',
  (get) => {
    const api = () => apiClient(get().app);

    it('keeps sessions only for a verified address', async () => {
      const m = await createTestMember(get());
      await get().db.kysely.updateTable('members').set({ email_verified: 0 }).where('id', '=', m.user.uuid).execute();
      expectError(await api().post('/api/training/', session, m.token), 403, 'EMAIL_NOT_VERIFIED');
    });

    it('answers the log a page at a time, first page by default, with the whole log figures', async () => {
      const t = get();
      const m = await createTestMember(t);
      await fill(t, m.user.uuid, 250);
      const seen: TrainingSession[] = [];
      let cursor: string | null | undefined;
      const sizes: number[] = [];
      do {
        const res = await api().get(`/api/training/${cursor ? `?before=${cursor}` : ''}`, m.token);
        expect(res.statusCode, res.body).toBe(200);
        const page = trainingLogSchema.parse(res.json());
        expect(page).toMatchObject({ totalSessions: 250, totalShots: 500, streakDays: 250 });
        // Best of "Etapa 0" is a hit factor of 6 (i = 6, 27, 48...): the first one counts.
        expect(page.bestByStage.map((b) => [b.stageName, b.hitFactor])).toEqual([
          ['Etapa 0', 6],
          ['Etapa 1', 6],
          ['Etapa 2', 6],
        ]);
        sizes.push(page.sessions.length);
        seen.push(...page.sessions);
        cursor = page.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([TRAINING_LIMITS.pageDefault, TRAINING_LIMITS.pageDefault, 50]);
      expect(new Set(seen.map((s) => s.id)).size).toBe(250);
      expect(seen.map((s) => s.startedAt)).toEqual([...seen.map((s) => s.startedAt)].sort().reverse());
      const small = trainingLogSchema.parse((await api().get('/api/training/?limit=7', m.token)).json());
      expect(small.sessions).toHaveLength(7);
      expectError(await api().get('/api/training/?limit=100000', m.token), 400, 'VALIDATION_ERROR');
      expectError(await api().get('/api/training/?before=bm90LWEtY3Vyc29y', m.token), 400, 'VALIDATION_ERROR');
    });

    it('counts sessions and repetitions per week over the whole log, not the page', async () => {
      const m = await createTestMember(get());
      // One session a day for 12 days back from Saturday 31 May 2025, with 1, 2, 3, 1... reps,
      // and one 70 days back, outside the chart's eight weeks.
      const days = [...Array.from({ length: 12 }, (_, i) => i), 70];
      for (const i of days) {
        const startedAt = new Date(Date.UTC(2025, 4, 31, 8) - i * 86_400_000).toISOString();
        const reps = Array.from({ length: (i % 3) + 1 }, () => ({ shots: [], passed: true }));
        expect((await api().post('/api/training/', { startedAt, reps }, m.token)).statusCode).toBe(201);
      }
      const log = trainingLogSchema.parse((await api().get('/api/training/?limit=2', m.token)).json());
      expect(log.sessions).toHaveLength(2);
      // Today is Sunday 1 June 2025: its week starts on Monday 26 May; 31-26 May are six sessions
      // of 1+2+3+1+2+3 reps, 25-20 May the same.
      const empty = (week: string) => ({ week, sessions: 0, reps: 0 });
      expect(log.weeks).toEqual([
        empty('2025-04-07'),
        empty('2025-04-14'),
        empty('2025-04-21'),
        empty('2025-04-28'),
        empty('2025-05-05'),
        empty('2025-05-12'),
        { week: '2025-05-19', sessions: 6, reps: 12 },
        { week: '2025-05-26', sessions: 6, reps: 12 },
      ]);
    });

    it('refuses a session beyond what one member may keep, with its own code', async () => {
      const t = get();
      const m = await createTestMember(t);
      await fill(t, m.user.uuid, TRAINING_LIMITS.sessionsMax - 1);
      expect((await api().post('/api/training/', session, m.token)).statusCode).toBe(201);
      const full = await api().post('/api/training/', session, m.token);
      expectError(full, 409, 'TRAINING_LOG_FULL');
      // Deleting one makes room again.
      const [oldest] = await t.db.kysely.selectFrom('training_sessions').select('id').where('member_id', '=', m.user.uuid).orderBy('started_at').limit(1).execute();
      expect((await api().delete(`/api/training/${oldest!.id}/`, undefined, m.token)).statusCode).toBe(204);
      expect((await api().post('/api/training/', session, m.token)).statusCode).toBe(201);
    });

    it('keeps a pace: writes past the hourly limit are refused with Retry-After', async () => {
      const t = get();
      const m = await createTestMember(t);
      for (let i = 0; i < TRAINING_LIMITS.writesPerHour; i += 1) {
        const res = await api().post('/api/training/', session, m.token);
        expect(res.statusCode, res.body).toBe(201);
      }
      const slow = await api().post('/api/training/', session, m.token);
      expectError(slow, 429, 'TOO_MANY_REQUESTS');
      expect(Number(slow.headers['retry-after'])).toBeGreaterThan(0);
      // 121 writes: a busy machine (PostgreSQL, 8 engineers on 2 cores) took over 30 s.
    }, 180_000);
  },
  { now: TEST_NOW },
);
