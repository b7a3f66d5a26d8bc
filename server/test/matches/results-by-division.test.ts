import { spawnSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { resultsSchema } from '@club/contract/match';
import { Division } from '@club/contract/enums';
import { buildApp } from '../../src/app.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { createMatch, matchOfEntrants, run, scorePath } from './fixtures.ts';

// A server ranks again only the divisions whose competitors have new scores, and joins its answer
// (and the answer's gzip) from pieces kept per division (decision 0067). After every change, the
// answer must be the one a server that kept nothing computes, and the gzip must be one that the
// system's gzip reads back into exactly the JSON.
describeEachDatabase(
  'results ranked again by division',
  (get) => {
    /** The results as a server that has kept nothing computes them (a fresh app on the same database). */
    async function fromScratch(t: TestApp, eventId: string, token: string): Promise<unknown> {
      const fresh = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
      try {
        await fresh.ready();
        return withoutTime(
          (await apiClient(fresh).get(`/api/events/${eventId}/match/results/`, token)).json(),
        );
      } finally {
        // The database is the test app's: only the routes close.
        await fresh.close();
      }
    }
    const withoutTime = (body: unknown) => ({ ...resultsSchema.parse(body), computedAt: '' });

    const divisions = [
      Division.produccion,
      Division.produccion,
      Division.open,
      Division.open,
      Division.standard,
      Division.standard,
    ];

    /** A match of six competitors in three divisions, and their ids in registration order. */
    const matchOfSix = (t: TestApp) =>
      matchOfEntrants(t, divisions.map((division, i) => ({ division, factor: i % 2 === 0 ? 1 : 2 })));

    it('answers after each save as a server that kept nothing would, gzip included', async () => {
      const t = get();
      const { staff, eventId, ids } = await matchOfSix(t);
      const api = apiClient(t.app);
      const revisions = new Map<string, number>();
      const save = async (stage: number, competitor: number, values: Parameters<typeof run>[0]) => {
        const key = `${stage}:${ids[competitor]}`;
        const res = await api.put(
          scorePath(eventId, stage, ids[competitor]!),
          run({ ...values, basedOn: revisions.get(key) ?? null }),
          staff.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        revisions.set(key, res.json<{ revision: number }>().revision);
      };
      const check = async () => {
        const url = `/api/events/${eventId}/match/results/`;
        const plain = await api.get(url, staff.token);
        const zipped = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Token ${staff.token}`, 'accept-encoding': 'gzip' },
        });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        const read = spawnSync('gzip', ['-dc'], { input: zipped.rawPayload });
        expect(read.status, read.stderr.toString()).toBe(0);
        expect(read.stdout.equals(plain.rawPayload)).toBe(true);
        const answer = withoutTime(plain.json());
        expect(answer).toEqual(await fromScratch(t, eventId, staff.token));
        return answer;
      };

      for (const [i] of divisions.entries()) await save(1, i, { a: 8 + i, c: 2, time: 10 + i });
      await check();
      // One division's best run gets better: its stage points move, the others' stay.
      await save(1, 2, { a: 12, time: 6 });
      const afterOpen = await check();
      const open = afterOpen.divisions.find((d) => d.division === Division.open)!.competitors;
      expect(open.find((c) => c.competitorId === ids[2])!.stages[0]!.hitFactor).toBe(10);
      await save(2, 0, { a: 14, c: 2, time: 12 });
      await check();
      await save(2, 5, { a: 10, time: 9, dnf: true });
      await check();
      await save(1, 2, { a: 12, m: 1, time: 6 });
      await check();
      // A competitor moves to another division (its roster changes): every division again.
      const moved = await api.put(
        `/api/admin/events/${eventId}/match/competitors/${ids[4]}/`,
        { division: Division.produccion },
        staff.token,
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const afterMove = await check();
      expect(afterMove.divisions.map((d) => d.division)).toEqual([
        Division.produccion,
        Division.open,
        Division.standard,
      ]);
      await save(2, 4, { a: 16, time: 8 });
      await check();
      // The stages change (a stage's maximum points): every division again.
      await createMatch(t, eventId, staff, {
        stages: [
          { number: 1, name: 'El Presidente', minRounds: 12, maxPoints: 70 },
          { number: 2, name: 'Puertas', minRounds: 16, maxPoints: 80 },
        ],
      });
      await check();
      await save(1, 3, { a: 11, c: 1, time: 7 });
      await check();
    });

    it('answers reads that come while saves arrive with results at least as new as each read, the last as a fresh server would', async () => {
      const t = get();
      const { staff, eventId, ids } = await matchOfSix(t);
      const api = apiClient(t.app);
      const url = `/api/events/${eventId}/match/results/`;
      const versionNow = async () =>
        (
          await t.db.kysely
            .selectFrom('matches')
            .select('version')
            .where('event_id', '=', eventId)
            .executeTakeFirstOrThrow()
        ).version;
      // Saves of every competitor on both stages, and reads between them, all at once.
      const asks = ids.flatMap((id, i) => [1, 2].map((stage) => ({ id, i, stage })));
      const reads: Promise<void>[] = [];
      const saves = asks.map(async ({ id, i, stage }, n) => {
        const res = await api.put(
          scorePath(eventId, stage, id),
          run({ a: 6 + i + stage, c: n % 3, time: 7 + n / 4 }),
          staff.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        reads.push(
          (async () => {
            const asked = Number(await versionNow());
            const zipped = await t.app.inject({
              method: 'GET',
              url,
              headers: { authorization: `Token ${staff.token}`, 'accept-encoding': 'gzip' },
            });
            expect(zipped.statusCode).toBe(200);
            const answer = resultsSchema.parse(JSON.parse(gunzipSync(zipped.rawPayload).toString()));
            expect(answer.version).toBeGreaterThanOrEqual(asked);
          })(),
        );
      });
      await Promise.all(saves);
      await Promise.all(reads);
      const last = withoutTime((await api.get(url, staff.token)).json());
      expect(last.divisions.flatMap((d) => d.competitors).every((c) => c.stages.every((s) => s.scored))).toBe(
        true,
      );
      expect(last).toEqual(await fromScratch(t, eventId, staff.token));
    });
  },
  { now: TEST_NOW },
);
