import { expect, it, vi } from 'vitest';
import { resultsSchema } from '@club/contract/match';
import { Division } from '@club/contract/enums';
import { buildApp } from '../../src/app.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import type * as Scoring from '@club/contract/match-scoring';
import type * as Repository from '../../src/modules/matches/repository.ts';
import { matchOfEntrants, run, scorePath } from './fixtures.ts';

// What a computation of results reads of the scores, and how many divisions it ranks, seen
// through the module's own functions (each still does its work).
const seen = vi.hoisted(() => ({ ranked: 0, beforeScoresRead: undefined as (() => Promise<void>) | undefined }));

vi.mock('@club/contract/match-scoring', async (importOriginal) => {
  const original = await importOriginal<typeof Scoring>();
  return {
    ...original,
    divisionResults: (...args: Parameters<typeof original.divisionResults>) => {
      seen.ranked++;
      return original.divisionResults(...args);
    },
  };
});

vi.mock('../../src/modules/matches/repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Repository>();
  return {
    ...original,
    listScoreValues: async (...args: Parameters<typeof original.listScoreValues>) => {
      const before = seen.beforeScoresRead;
      seen.beforeScoresRead = undefined;
      await before?.();
      return original.listScoreValues(...args);
    },
  };
});

// A computation of results reads the scores after the key it answers under (decision 0037), so
// it often reads saves newer than that key. The basis it keeps is as of the newest save it read:
// the next computation reads and ranks only what came after it, not again what this one ranked.
describeEachDatabase(
  'results kept as of the newest save they read',
  (get) => {
    it('ranks no division again for a save the results before it already held', async () => {
      const t = get();
      const { staff, eventId, ids } = await matchOfEntrants(
        t,
        [Division.produccion, Division.produccion, Division.open, Division.open].map((division) => ({ division, factor: 1 })),
      );
      const api = apiClient(t.app);
      const url = `/api/events/${eventId}/match/results/`;
      const save = async (competitor: number, values: Parameters<typeof run>[0], stage = 1) => {
        const res = await api.put(scorePath(eventId, stage, ids[competitor]!), run(values), staff.token);
        expect(res.statusCode, res.body).toBe(200);
      };
      const read = async () => {
        const res = await api.get(url, staff.token);
        expect(res.statusCode, res.body).toBe(200);
        return resultsSchema.parse(res.json());
      };

      await save(0, { a: 10, time: 10 });
      await save(2, { a: 9, time: 10 });
      await read();

      // A save in the open division moves the key; another, in production, lands after the next
      // read took its key and before it reads the scores.
      await save(3, { a: 8, time: 10 });
      seen.beforeScoresRead = () => save(1, { a: 12, time: 8 });
      seen.ranked = 0;
      const first = await read();
      expect(seen.beforeScoresRead).toBeUndefined();
      // It holds the save newer than its key, and ranked both divisions again.
      const production = first.divisions.find((d) => d.division === Division.produccion)!;
      expect(production.competitors.find((c) => c.competitorId === ids[1])!.stages[0]!.hitFactor).toBe(7.5);
      expect(seen.ranked).toBe(2);

      // The next read's key is that save's: nothing newer to read, nothing to rank again.
      seen.ranked = 0;
      const second = await read();
      expect(seen.ranked).toBe(0);
      expect({ ...second, computedAt: '', version: 0 }).toEqual({ ...first, computedAt: '', version: 0 });

      // And what it answers is what a server that kept nothing computes.
      const fresh = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
      try {
        await fresh.ready();
        const scratch = resultsSchema.parse((await apiClient(fresh).get(url, staff.token)).json());
        expect({ ...second, computedAt: '' }).toEqual({ ...scratch, computedAt: '' });
      } finally {
        await fresh.close();
      }

      // A save after it is read and ranked as before: its own division only.
      seen.ranked = 0;
      await save(3, { a: 11, time: 9 }, 2);
      await read();
      expect(seen.ranked).toBe(1);
    });
  },
  { now: TEST_NOW },
);
