import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { resultsSchema } from '@club/contract/match';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { competitorsOf, createMatch, insertShoot, registeredCompetitor, run, scorePath } from './fixtures.ts';

// Two server processes over one database: what one of them keeps computed must never hide what
// the other wrote (decision 0037).
describeEachDatabase(
  'results kept by version across two servers',
  (get) => {
    let second: FastifyInstance;
    let secondDb: Db;
    let staff: TestMember;
    beforeAll(async () => {
      const t = get();
      secondDb = openDatabase(t.config.databaseUrl);
      second = await buildApp({ config: t.config, db: secondDb, clock: t.clock, logger: false });
      await second.ready();
      staff = await createTestMember(t, { staff: true });
    });
    afterAll(async () => {
      await second.close();
      await secondDb.close();
    });

    it('serves a score, a disqualification and a cancelled registration written by the other server at once', async () => {
      const t = get();
      const first = apiClient(t.app);
      const other = apiClient(second);
      const eventId = await insertShoot(t);
      const ana = await registeredCompetitor(t, eventId, { nombre: 'Ana' });
      await registeredCompetitor(t, eventId, { nombre: 'Bea' });
      await createMatch(t, eventId, staff, { stages: [{ number: 1, name: 'Uno', minRounds: 10, maxPoints: 50 }] });
      const ids = Object.fromEntries((await competitorsOf(t, eventId)).map((c) => [c.nombre, c.id]));
      const read = async () =>
        resultsSchema.parse((await first.get(`/api/events/${eventId}/match/results/`, staff.token)).json()).divisions[0]!.competitors;

      expect((await first.put(scorePath(eventId, 1, ids.Ana!), run({ a: 10, time: 10 }), staff.token)).statusCode).toBe(200);
      expect((await read()).map((c) => [c.fullName.split(', ')[1], c.matchPoints])).toEqual([
        ['Ana', 50],
        ['Bea', 0],
      ]);
      // The other server saves Bea's run: the first one's kept results are old now.
      expect((await other.put(scorePath(eventId, 1, ids.Bea!), run({ a: 10, time: 5 }), staff.token)).statusCode).toBe(200);
      expect((await read()).map((c) => [c.fullName.split(', ')[1], c.matchPoints])).toEqual([
        ['Bea', 50],
        ['Ana', 25],
      ]);
      // The other server disqualifies Bea.
      await other.put(`/api/admin/events/${eventId}/match/competitors/${ids.Bea}/`, { dq: true, dqReason: 'Arma caída' }, staff.token);
      expect((await read()).map((c) => [c.fullName.split(', ')[1], c.place])).toEqual([
        ['Ana', 1],
        ['Bea', null],
      ]);
      // Ana cancels her registration through the other server (the events module's write).
      const cancelled = await other.put(`/api/events/${eventId}/subscribe/`, { uuid: ana.user.uuid, roles: [{ roleId: 3, status: 2 }] }, ana.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await read()).map((c) => c.fullName.split(', ')[1])).toEqual(['Bea']);
    });
  },
  { now: TEST_NOW },
);
