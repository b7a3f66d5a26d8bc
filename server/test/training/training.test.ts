import { beforeAll, expect, it } from 'vitest';
import { trainingLogSchema, trainingSessionSchema } from '@club/contract/library';
import type { LibraryStage, TrainingSession } from '@club/contract/library';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { expectError } from '../auth/accounts.ts';
import { libraryBody } from '../library/fixtures.ts';

// The clock stands at 2025-06-01 12:00 in Madrid; days are the club's calendar days.
const NOW = new Date('2025-06-01T10:00:00Z');

describeEachDatabase(
  'training log calls',
  (get) => {
    let member: TestMember;
    let other: TestMember;
    let library: LibraryStage;
    beforeAll(async () => {
      const staff = await createTestMember(get(), { staff: true });
      member = await createTestMember(get());
      other = await createTestMember(get());
      library = (await apiClient(get().app).post('/api/library/stages/', libraryBody(), staff.token)).json<LibraryStage>();
    });

    it('keeps a drill of the member only, scored with IPSC minor by default', async () => {
      const api = apiClient(get().app);
      expectError(await api.get('/api/training/'), 401, 'NOT_AUTHENTICATED');
      expectError(await api.post('/api/training/', { reps: [] }), 401, 'NOT_AUTHENTICATED');

      const res = await api.post(
        '/api/training/',
        {
          libraryStageId: library.id,
          startedAt: '2025-06-01T09:30:00.000Z',
          parMs: 3000,
          reps: [
            // A A C D in 2 s: minor 5+5+3+1 = 14 points, 7.0 hit factor.
            { shots: [{ tMs: 800, zone: 'A' }, { tMs: 1100, zone: 'A' }, { tMs: 1500, zone: 'C' }, { tMs: 2000, zone: 'D' }] },
            // A miss and a no-shoot: 10 - 20 = -10 points, hit factor 0.
            { shots: [{ tMs: 900, zone: 'A' }, { tMs: 1200, zone: 'A' }, { tMs: 1300, zone: 'M' }, { tMs: 1600, zone: 'NS' }] },
          ],
        },
        member.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const session = trainingSessionSchema.parse(res.json());
      expect(session).toMatchObject({
        libraryStageId: library.id,
        stageId: null,
        stageName: 'El Presidente',
        day: '2025-06-01',
        parMs: 3000,
        powerFactor: 'minor',
        shots: 8,
        bestHitFactor: 7,
      });

      // Major scores C as 4 and D as 2: 5+5+4+2 = 16 points in 2 s.
      const major = await api.post(
        '/api/training/',
        {
          libraryStageId: library.id,
          startedAt: '2025-05-31T18:00:00.000Z',
          powerFactor: 'major',
          reps: [{ shots: [{ tMs: 800, zone: 'A' }, { tMs: 1100, zone: 'A' }, { tMs: 1500, zone: 'C' }, { tMs: 2000, zone: 'D' }] }],
        },
        member.token,
      );
      expect(major.json()).toMatchObject({ bestHitFactor: 8, day: '2025-05-31' });

      // Passed and failed by hand, on an own stage's name only.
      const manual = await api.post(
        '/api/training/',
        { stageName: 'Bill drill at home', startedAt: '2025-05-29T19:00:00+02:00', reps: [{ passed: true }, { passed: false }, { passed: true }] },
        member.token,
      );
      expect(manual.json()).toMatchObject({ passed: 2, failed: 1, shots: 0, bestHitFactor: null, day: '2025-05-29' });

      const log = trainingLogSchema.parse((await api.get('/api/training/', member.token)).json());
      expect(log.sessions.map((s) => s.day)).toEqual(['2025-06-01', '2025-05-31', '2025-05-29']);
      // 1 June and 31 May in a row; 30 May is missing.
      expect(log.streakDays).toBe(2);
      expect(log.totalShots).toBe(12);
      expect(log.bestByStage).toEqual([
        expect.objectContaining({ key: library.id, libraryStageId: library.id, hitFactor: 8, stageName: 'El Presidente', day: '2025-05-31' }),
      ]);

      // Another member sees none of it and cannot delete it.
      const theirs = trainingLogSchema.parse((await api.get('/api/training/', other.token)).json());
      const { weeks, ...rest } = theirs;
      expect(rest).toEqual({ sessions: [], streakDays: 0, totalShots: 0, bestByStage: [], nextCursor: null, totalSessions: 0 });
      // Their weekly chart has its weeks, every one empty.
      expect(weeks?.length).toBeGreaterThan(0);
      expect((weeks ?? []).every((w) => w.sessions === 0 && w.reps === 0)).toBe(true);
      expectError(await api.delete(`/api/training/${session.id}/`, undefined, other.token), 404, 'NOT_FOUND');
      expectError(await api.delete(`/api/training/${session.id}/`), 401, 'NOT_AUTHENTICATED');
      expect((await api.delete(`/api/training/${session.id}/`, undefined, member.token)).statusCode).toBe(204);
      const after = trainingLogSchema.parse((await api.get('/api/training/', member.token)).json());
      expect(after.sessions.map((s: TrainingSession) => s.id)).not.toContain(session.id);
      // Without today's session the streak ends yesterday and still counts.
      expect(after.streakDays).toBe(1);
    });

    it('scores reps that carry their targets as the player panel did, unhit targets as misses', async () => {
      const api = apiClient(get().app);
      const res = await api.post(
        '/api/training/',
        {
          libraryStageId: library.id,
          startedAt: '2025-06-01T08:00:00.000Z',
          reps: [
            // t1 A A, t2 A A, t3 one A (one short), the popper down, in 2 s: 25 + 5 − 10 = 20, hit factor 10.
            {
              shots: [
                { tMs: 500, zone: 'A', targetId: 't1' },
                { tMs: 800, zone: 'A', targetId: 't1' },
                { tMs: 1100, zone: 'A', targetId: 't2' },
                { tMs: 1400, zone: 'A', targetId: 't2' },
                { tMs: 1700, zone: 'A', targetId: 't3' },
                { tMs: 2000, zone: 'P', targetId: 'p1' },
              ],
              targetIds: ['t1', 't2', 't3'],
              popperIds: ['p1'],
            },
            // Four A on t1 in 1 s and t2 left unhit: 10 − 20 = −10 points, hit factor 0 (20 before, counting every hit).
            {
              shots: [
                { tMs: 250, zone: 'A', targetId: 't1' },
                { tMs: 500, zone: 'A', targetId: 't1' },
                { tMs: 750, zone: 'A', targetId: 't1' },
                { tMs: 1000, zone: 'A', targetId: 't1' },
              ],
              targetIds: ['t1', 't2'],
            },
          ],
        },
        member.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const session = trainingSessionSchema.parse(res.json());
      expect(session.bestHitFactor).toBe(10);
      // The targets are kept and answered, so the log can score the reps again the same way.
      expect(session.reps[1]).toEqual({
        shots: [250, 500, 750, 1000].map((tMs) => ({ tMs, zone: 'A', targetId: 't1' })),
        targetIds: ['t1', 't2'],
      });
      const log = trainingLogSchema.parse((await api.get('/api/training/', member.token)).json());
      const kept = log.sessions.find((s) => s.id === session.id);
      expect(kept?.reps[0]).toMatchObject({ targetIds: ['t1', 't2', 't3'], popperIds: ['p1'] });
      expect(kept?.bestHitFactor).toBe(10);
      expectError(
        await api.post('/api/training/', { startedAt: '2025-06-01T08:00:00.000Z', reps: [{ shots: [{ tMs: 1, zone: 'A', targetId: '' }] }] }, member.token),
        400,
        'VALIDATION_ERROR',
      );
      expect((await api.delete(`/api/training/${session.id}/`, undefined, member.token)).statusCode).toBe(204);
    });

    it('refuses a stage the member may not see, a future start and bad shots', async () => {
      const api = apiClient(get().app);
      const privateStage = await api.post(
        '/api/stages/',
        { name: 'Private', elements: [] },
        other.token,
      );
      expect(privateStage.statusCode, privateStage.body).toBe(201);
      const base = { startedAt: '2025-06-01T09:00:00Z', reps: [{ passed: true }] };
      expectError(await api.post('/api/training/', { ...base, stageId: privateStage.json<{ id: string }>().id }, member.token), 404, 'NOT_FOUND');
      expectError(
        await api.post('/api/training/', { ...base, libraryStageId: '00000000-0000-4000-8000-000000000000' }, member.token),
        404,
        'NOT_FOUND',
      );
      expectError(await api.post('/api/training/', { ...base, startedAt: '2025-06-02T09:00:00Z' }, member.token), 400, 'VALIDATION_ERROR');
      const bad = await api.post(
        '/api/training/',
        { startedAt: 'yesterday', reps: [{ shots: [{ tMs: -1, zone: 'X' }] }] },
        member.token,
      );
      expect(expectError(bad, 400, 'VALIDATION_ERROR').fields).toMatchObject({ startedAt: ['date'] });
      expectError(await api.post('/api/training/', { ...base, reps: [] }, member.token), 400, 'VALIDATION_ERROR');
      const tooMany = { ...base, reps: Array.from({ length: 51 }, () => ({ passed: true })) };
      expectError(await api.post('/api/training/', tooMany, member.token), 400, 'VALIDATION_ERROR');
    });

    it('puts the log in the member export and deletes it with the account', async () => {
      const t = get();
      const api = apiClient(t.app);
      const leaving = await createTestMember(t);
      const kept = await api.post(
        '/api/training/',
        { libraryStageId: library.id, startedAt: '2025-06-01T08:00:00Z', reps: [{ shots: [{ tMs: 700, zone: 'A' }] }] },
        leaving.token,
      );
      expect(kept.statusCode).toBe(201);
      const exported = await api.get(`/api/registro/${leaving.user.uuid}/export/`, leaving.token);
      expect(exported.statusCode).toBe(200);
      expect(exported.json<{ training: unknown[] }>().training).toEqual([
        expect.objectContaining({ id: kept.json<TrainingSession>().id, libraryStageId: library.id, reps: [{ shots: [{ tMs: 700, zone: 'A' }] }] }),
      ]);
      const gone = await api.delete(`/api/registro/${leaving.user.uuid}/`, { password: leaving.password }, leaving.token);
      expect(gone.statusCode, gone.body).toBe(204);
      const rows = await t.db.kysely.selectFrom('training_sessions').select('id').where('member_id', '=', leaving.user.uuid).execute();
      expect(rows).toEqual([]);
      // The library stage it named is the club's: still there.
      expect((await api.get(`/api/library/stages/${library.id}/`)).statusCode).toBe(200);
    });
  },
  { now: NOW },
);
