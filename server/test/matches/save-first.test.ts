import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { Division } from '@club/contract/enums';
import type { AppContext } from '../../src/context.ts';
import { SAVE_FIRST_MAX_WAIT_MS, saveBegins, turnAfterSaves } from '../../src/modules/matches/save-first.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { createTestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { competitorsOf, createMatch, insertShoot, registeredCompetitor, run, scorePath } from './fixtures.ts';

/** Whether `promise` has settled once the callbacks already due have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

// A range officer's save goes before a computation of results (decision 0069).
describe('a computation of results waits for the saves under way', () => {
  it('goes on at once when no save is under way', async () => {
    const ctx = {} as AppContext;
    expect(await settled(turnAfterSaves(ctx))).toBe(true);
  });

  it('waits until the last save under way is done', async () => {
    // The longest wait's timer is held still: a machine that stalls for its 25 ms between two
    // steps would otherwise end the wait here, which is the other test's case.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const ctx = {} as AppContext;
      const first = saveBegins(ctx);
      const second = saveBegins(ctx);
      const turn = turnAfterSaves(ctx);
      expect(await settled(turn)).toBe(false);
      first();
      first(); // a second call of the same save's end counts once
      expect(await settled(turn)).toBe(false);
      second();
      expect(await settled(turn)).toBe(true);
      // Another process's context is not this one's.
      const other = saveBegins({} as AppContext);
      expect(await settled(turnAfterSaves(ctx))).toBe(true);
      other();
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on after the longest wait under saves that never stop', async () => {
    const ctx = {} as AppContext;
    const endless = saveBegins(ctx);
    const started = performance.now();
    await turnAfterSaves(ctx);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SAVE_FIRST_MAX_WAIT_MS - 1);
    endless();
  });
});

describeEachDatabase(
  'results read while a save is under way',
  (get) => {
    it('are computed once the save is done, and hold it', async () => {
      const t = get();
      const staff = await createTestMember(t, { staff: true });
      const eventId = await insertShoot(t);
      for (const [i, division] of [Division.produccion, Division.open, Division.standard].entries()) {
        await registeredCompetitor(t, eventId, { nombre: `Tirador${i}`, division, factor: 1 });
      }
      await createMatch(t, eventId, staff);
      const [competitor] = await competitorsOf(t, eventId, staff.token);
      const api = apiClient(t.app);
      const saved = await api.put(
        scorePath(eventId, 1, competitor!.id),
        run({ a: 10, time: 8 }),
        staff.token,
      );
      expect(saved.statusCode, saved.body).toBe(200);

      const underWay = saveBegins(t.app.ctx);
      const read = api.get(`/api/events/${eventId}/match/results/`, staff.token);
      // Less than one longest wait: the computation has not ranked a division yet.
      await sleep(SAVE_FIRST_MAX_WAIT_MS / 2);
      expect(await settled(read)).toBe(false);
      underWay();
      const res = await read;
      expect(res.statusCode, res.body).toBe(200);
      const line = res
        .json<{ divisions: { competitors: { competitorId: string; stages: { hitFactor: number }[] }[] }[] }>()
        .divisions.flatMap((d) => d.competitors)
        .find((c) => c.competitorId === competitor!.id);
      expect(line?.stages[0]?.hitFactor).toBe(6.25);
    });
  },
  { now: TEST_NOW },
);
