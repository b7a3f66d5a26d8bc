import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { competitorListSchema, matchSchema, scoreListSchema } from '@club/contract/match';
import type { ScoringDrawing } from '@club/contract/match';
import { expectError } from '../auth/accounts.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { DRAWN_COMPETITORS_MAX } from '../../src/modules/matches/drawing.ts';
import { createMatch, insertShoot, registeredCompetitor, run, scorePath } from './fixtures.ts';

/**
 * A web build with drawing code that writes down what it was asked to draw (the real drawing
 * code is the web build's, checked in the browser tests): the call's part is who may ask, what
 * data and address the drawing gets, and what goes back.
 */
function buildWithDrawingCode(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-drawing-'));
  const web = path.join(dir, 'web');
  fs.mkdirSync(path.join(web, 'assets', 'i18n', 'match'), { recursive: true });
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(web, 'assets', 'i18n', 'match', 'ca.json'),
    JSON.stringify({ SCORE: { TITLE: 'Puntuar' } }),
  );
  fs.mkdirSync(path.join(dir, 'dist-ssr'));
  fs.writeFileSync(
    path.join(dir, 'dist-ssr', 'page-shell.js'),
    `export async function renderPage(address, language, areas, session, now, content, signedIn) {
  return { markup: JSON.stringify({ address, language, areas: Object.keys(areas), session, content: content ?? null, signedIn }), areas: ['common', 'match'] };
}
`,
  );
  return web;
}

const drawn = (answer: ScoringDrawing) =>
  JSON.parse(answer.markup) as {
    address: string;
    language: string;
    areas: string[];
    session: string;
    content: null;
    signedIn: { user: { uuid: string; arbitroIpsc: boolean }; scoring: ScoringDrawing['snapshot'] };
  };

describeEachDatabase(
  'the scoring screen drawn for a range officer',
  (get) => {
    let staff: TestMember;
    let officer: TestMember;
    let member: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true, nombre: 'Nuria', apellidos: 'Ferrer' });
      officer = await createTestMember(get(), { arbitroIpsc: true, nombre: 'Rafa', apellidos: 'Soler' });
      member = await createTestMember(get());
    });

    it('is drawn with the officer signed in, the match, the shown squad’s competitors and scores, at the address’s stage and squad, in the asked language', async () => {
      const api = apiClient(get().app);
      const eventId = await insertShoot(get());
      await registeredCompetitor(get(), eventId, { nombre: 'Laia', apellidos: 'Vidal' });
      await createMatch(get(), eventId, staff);
      for (const [nombre, squad] of [
        ['Ona', 1],
        ['Pau', 2],
      ] as const) {
        const guest = await api.post(
          `/api/admin/events/${eventId}/match/competitors/`,
          { nombre, apellidos: 'Invitada', division: 1, factor: 1, squad },
          staff.token,
        );
        expect(guest.statusCode, guest.body).toBe(201);
      }
      const all = competitorListSchema.parse(
        (await api.get(`/api/events/${eventId}/match/competitors/`, officer.token)).json(),
      );
      for (const competitor of all)
        expect(
          (await api.put(scorePath(eventId, 1, competitor.id), run({ a: 10 }), officer.token)).statusCode,
        ).toBe(200);
      const scores = scoreListSchema.parse(
        (await api.get(`/api/events/${eventId}/match/scores/`, officer.token)).json(),
      );
      const inSquad = (squad: number | null) => {
        const competitors = all.filter((c) => c.squad === squad);
        return {
          competitors,
          scores: scores.filter((score) => competitors.some((c) => c.id === score.competitorId)),
        };
      };

      const res = await get().app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/match/drawing/?stage=2&squad=none`,
        headers: { authorization: `Token ${officer.token}`, 'accept-language': 'ca' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const answer = res.json<ScoringDrawing>();
      const asked = drawn(answer);
      expect(asked.address).toBe(`/match/${eventId}/score?stage=2&squad=none`);
      expect(asked.language).toBe('ca');
      expect(asked.areas).toContain('match');
      expect(asked.session).toBe('authenticated');
      expect(asked.signedIn.user).toMatchObject({ uuid: officer.user.uuid, arbitroIpsc: true });
      expect(answer.areas).toEqual(['common', 'match']);
      // The data drawn is what the screen's own calls answer for the squad shown (Laia has none),
      // and what the app starts from.
      expect(asked.signedIn.scoring).toEqual(answer.snapshot);
      expect(answer.snapshot).toMatchObject({
        eventUuid: eventId,
        officerUuid: officer.user.uuid,
        savedAt: get().clock.now().toISOString(),
      });
      expect(answer.snapshot.match).toEqual(
        matchSchema.parse((await api.get(`/api/events/${eventId}/match/`, officer.token)).json()),
      );
      expect({ competitors: answer.snapshot.competitors, scores: answer.snapshot.scores }).toEqual(
        inSquad(null),
      );
      expect(answer.snapshot.competitors.map((c) => c.nombre)).toEqual(['Laia']);
      expect(answer.snapshot.scores).toHaveLength(1);

      // Gzipped for a client that takes it, the same answer.
      const zipped = await get().app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/match/drawing/?stage=2&squad=none`,
        headers: {
          authorization: `Token ${officer.token}`,
          'accept-language': 'ca',
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(answer);

      // Another squad by its number.
      const second = await api.get(`/api/events/${eventId}/match/drawing/?squad=2`, officer.token);
      expect(second.statusCode, second.body).toBe(200);
      const secondAnswer = second.json<ScoringDrawing>();
      expect({
        competitors: secondAnswer.snapshot.competitors,
        scores: secondAnswer.snapshot.scores,
      }).toEqual(inSquad(2));

      // Staff too; without a query the first squad, and the stage is the app's to choose.
      const byStaff = await api.get(`/api/events/${eventId}/match/drawing/`, staff.token);
      expect(byStaff.statusCode, byStaff.body).toBe(200);
      const staffAnswer = byStaff.json<ScoringDrawing>();
      expect(drawn(staffAnswer).address).toBe(`/match/${eventId}/score`);
      expect(staffAnswer.snapshot.competitors.map((c) => c.nombre)).toEqual(['Ona']);
    });

    it('is not drawn for more competitors than a squad holds: the app draws those', async () => {
      const api = apiClient(get().app);
      const eventId = await insertShoot(get());
      await createMatch(get(), eventId, staff, { squads: [{ number: 1, name: null, capacity: null }] });
      for (let i = 0; i <= DRAWN_COMPETITORS_MAX; i++) {
        const guest = await api.post(
          `/api/admin/events/${eventId}/match/competitors/`,
          { nombre: `Guest ${i}`, division: 1, factor: 1, squad: i === 0 ? null : 1 },
          staff.token,
        );
        expect(guest.statusCode, guest.body).toBe(201);
      }
      // Squad 1 holds exactly the most a drawing shows; with one more it is not drawn.
      expect((await api.get(`/api/events/${eventId}/match/drawing/?squad=1`, officer.token)).statusCode).toBe(
        200,
      );
      const [first] = competitorListSchema
        .parse((await api.get(`/api/events/${eventId}/match/competitors/`, staff.token)).json())
        .filter((c) => c.squad === null);
      expect(
        (
          await api.put(
            `/api/admin/events/${eventId}/match/competitors/${first!.id}/`,
            { squad: 1 },
            staff.token,
          )
        ).statusCode,
      ).toBe(200);
      const over = await api.get(`/api/events/${eventId}/match/drawing/?squad=1`, officer.token);
      expect(over.statusCode, over.body).toBe(204);
    });

    it('is refused to a visitor, to a member who is not a range officer, for a bad address and for an event with no match', async () => {
      const api = apiClient(get().app);
      const eventId = await insertShoot(get());
      await createMatch(get(), eventId, staff);
      expectError(await api.get(`/api/events/${eventId}/match/drawing/`), 401, 'NOT_AUTHENTICATED');
      expectError(
        await api.get(`/api/events/${eventId}/match/drawing/`, member.token),
        403,
        'NOT_A_RANGE_OFFICER',
      );
      expectError(
        await api.get(`/api/events/${eventId}/match/drawing/?stage=x`, officer.token),
        400,
        'VALIDATION_ERROR',
      );
      expectError(
        await api.get(`/api/events/${eventId}/match/drawing/?squad=<b>`, officer.token),
        400,
        'VALIDATION_ERROR',
      );
      const noMatch = await insertShoot(get());
      expectError(await api.get(`/api/events/${noMatch}/match/drawing/`, officer.token), 404, 'NOT_A_MATCH');
    });
  },
  { now: TEST_NOW, env: { WEB_DIST: buildWithDrawingCode() } },
);

describeEachDatabase(
  'the scoring screen, in a build with no drawing code',
  (get) => {
    it('is not drawn: the page waits for the app as it did', async () => {
      const staff = await createTestMember(get(), { staff: true });
      const eventId = await insertShoot(get());
      await createMatch(get(), eventId, staff);
      const res = await apiClient(get().app).get(`/api/events/${eventId}/match/drawing/`, staff.token);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
    });
  },
  { now: TEST_NOW },
);

describe('the drawing call', () => {
  it('is the one the scoring frame names for its starter', async () => {
    const { DRAWN_FRAMES } = await import('@club/contract/routes');
    expect(DRAWN_FRAMES.find((frame) => frame.name === 'match-score')?.drawing).toBe(
      '/api/events/$1/match/drawing/',
    );
  });
});
