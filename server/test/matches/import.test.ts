import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Division, Factor } from '@club/contract/enums';
import { matchSchema, resultsSchema, scoreHistorySchema } from '@club/contract/match';
import type { CompetitorResult } from '@club/contract/match';
import { expectError } from '../auth/accounts.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { describeEachDatabase } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { competitorsOf, createMatch, insertShoot, registeredCompetitor } from './fixtures.ts';

const XSRF = 'test-xsrf-0123456789abcdef0123456789abcdef';
const REAL_EXPORT = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/practiscore-uspsa-2023-01-08.txt'), 'utf8');
// USPSA divisions the club does not use, mapped by staff: Carry Optics to production optics,
// Limited to standard, Single Stack to classic (Open, Production and PCC match by name).
const USPSA_MAP = 'Carry Optics:2,Limited:4,Single Stack:5';

function importFile(t: TestApp, eventId: string, text: string, token: string, divisions?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/events/${eventId}/match/import/${divisions ? `?divisions=${encodeURIComponent(divisions)}` : ''}`,
    headers: {
      authorization: `Token ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'content-type': 'text/plain; charset=utf-8',
    },
    payload: text,
  });
}

/** The export's sections as rows keyed by their header's column names. */
function table(text: string, header: string, letter: string): { line: number; row: Record<string, string> }[] {
  const lines = text.split('\n');
  const columns = lines.find((l) => l.startsWith(`${header} `))!.slice(2).split(',');
  return lines.flatMap((l, i) =>
    l.startsWith(`${letter} `) ? [{ line: i + 1, row: Object.fromEntries(l.slice(2).split(',').map((v, j) => [columns[j]!, v])) }] : [],
  );
}

/** The export without its fixed-time stage 4, whose 5-point late-shot penalties we do not score. */
function withoutStage4(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('G 4,') && !l.startsWith('I Pistol,4,'))
    .join('\n');
}

const SMALL = [
  '$PRACTISCORE 1.682 RESULTS',
  '$INFO Match name:Liga de invierno',
  'Z 3.0',
  'D Comp,FirstName,LastName,DQPistol,Division,Power Factor,Age,Female',
  'E 1,Laia,Vidal,No,Production,Minor,,Yes',
  'E 2,Jordi,Serra,No,Open,Major,Senior,No',
  'E 3,Visitante,De Fuera,No,Producción,Minor,,No',
  'F Number,Minimum Rounds,Maximum Points,Stage_name,ScoringType',
  'G 1,12,60,El Presidente,Comstock',
  'G 2,8,40,"Puertas, giros",Comstock',
  'H Stage,Comp,DQ,DNF,A,B,C,D,Miss,No Shoot,Procedural,Total Penalty,Time',
  'I 1,1,No,No,10,0,2,0,0,0,0,0,8.00',
  'I 1,2,No,No,8,1,2,1,0,0,1,10,6.50',
  'I 1,3,No,No,12,0,0,0,0,0,0,0,10.00',
  'I 2,1,No,No,8,0,0,0,0,0,0,0,5.00',
  'I 2,2,No,Yes,0,0,0,0,0,0,0,0,0.00',
  '$END',
].join('\n');

describeEachDatabase(
  'PractiScore import',
  (get) => {
    let staff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true, nombre: 'Nuria', apellidos: 'Ferrer' });
    });

    describe('a real export', () => {
      it('gives the hit factors, stage points and match points PractiScore computed, to 0.01', async () => {
        const eventId = await insertShoot(get());
        const text = withoutStage4(REAL_EXPORT);
        const res = await importFile(get(), eventId, text, staff.token, USPSA_MAP);
        expect(res.statusCode, res.body).toBe(200);
        const match = matchSchema.parse(res.json());
        expect(match).toMatchObject({ name: 'Paul Bunyan USPSA - January 2023 NW01', scoring: 'ipsc', published: false });
        expect(match.stages.map((s) => [s.number, s.maxPoints])).toEqual([
          [1, 160],
          [2, 110],
          [3, 35],
          [5, 135],
          [6, 100],
          [7, 95],
        ]);
        const results = resultsSchema.parse((await get().app.inject({ url: `/api/events/${eventId}/match/results/`, headers: { authorization: `Token ${staff.token}` } })).json());
        const byName = new Map<string, CompetitorResult>();
        for (const division of results.divisions) for (const c of division.competitors) byName.set(c.fullName, c);
        expect(byName.size).toBe(72);

        const entrants = new Map(table(REAL_EXPORT, 'D', 'E').map(({ row }) => [row.Comp!, row]));
        let compared = 0;
        let worst = 0;
        for (const { line, row } of table(text, 'H', 'I')) {
          const entrant = entrants.get(row.Comp!)!;
          const ours = byName.get(`${entrant.LastName}, ${entrant.FirstName}`)!;
          const stage = ours.stages.find((s) => s.stage === Number(row.Stage))!;
          expect(stage.hitFactor, `line ${line}`).toBeCloseTo(Number(row['Hit Factor']), 4);
          expect(Math.abs(stage.stagePoints - Number(row['Stage Points'])), `line ${line}`).toBeLessThanOrEqual(0.01);
          worst = Math.max(worst, Math.abs(stage.stagePoints - Number(row['Stage Points'])));
          compared++;
        }
        // 494 scores, 71 of them on stage 4.
        expect(compared).toBe(494 - 71);
        // Match points: PractiScore's, less what it gave on the stage we left out.
        const stage4 = new Map(table(REAL_EXPORT, 'H', 'I').filter(({ row }) => row.Stage === '4').map(({ row }) => [row.Comp!, Number(row['Stage Points'])]));
        for (const [comp, entrant] of entrants) {
          const ours = byName.get(`${entrant.LastName}, ${entrant.FirstName}`)!;
          const expected = entrant.DQPistol === 'Yes' ? 0 : Number(entrant['Match Points']) - (stage4.get(comp) ?? 0);
          expect(Math.abs(ours.matchPoints - expected), `competitor ${comp}`).toBeLessThanOrEqual(0.01);
          expect(ours.dq).toBe(entrant.DQPistol === 'Yes');
        }
        // Closer than the 0.01 asked for: within a thousandth on every stage.
        expect(worst).toBeLessThan(0.001);
        const divisions = results.divisions.map((d) => [d.division, d.competitors.length]);
        expect(divisions).toEqual([
          [Division.produccion, 4],
          [Division.produccionOptics, 38],
          [Division.open, 15],
          [Division.standard, 10],
          [Division.classics, 1],
          [Division.pcc, 4],
        ]);
      });

      it('is refused whole, naming the line, where it holds what we do not score', async () => {
        const eventId = await insertShoot(get());
        // Stage 4 is fixed time with 5-point late-shot penalties: the first is on line 312.
        const late = expectError(await importFile(get(), eventId, REAL_EXPORT, staff.token, USPSA_MAP), 400, 'BAD_IMPORT');
        expect(late.message).toMatch(/^Line 312: a penalty of 5 points/);
        // Without a mapping, Carry Optics (the first entrant, line 17) is no division of ours.
        const division = expectError(await importFile(get(), eventId, REAL_EXPORT, staff.token), 400, 'BAD_IMPORT');
        expect(division.message).toBe('Line 17: division "Carry Optics" is not one the club uses and no mapping names it');
        expectError(await get().app.inject({ url: `/api/events/${eventId}/match/` }), 404, 'NOT_A_MATCH');
      });
    });

    describe('a small export', () => {
      it('matches competitors and members by exact name, else adds guests, and keeps every imported revision', async () => {
        const eventId = await insertShoot(get());
        const laia = await registeredCompetitor(get(), eventId, { nombre: 'Laia', apellidos: 'Vidal' });
        const jordi = await createTestMember(get(), { nombre: 'Jordi', apellidos: 'Serra' });
        await createMatch(get(), eventId, staff, { stages: [{ number: 3, name: 'Tres', minRounds: 6 }] });
        const first = await importFile(get(), eventId, SMALL, staff.token);
        expect(first.statusCode, first.body).toBe(200);
        const match = matchSchema.parse(first.json());
        expect(match.stages.map((s) => [s.number, s.name])).toEqual([
          [1, 'El Presidente'],
          [2, 'Puertas, giros'],
          [3, 'Tres'],
        ]);
        const competitors = await competitorsOf(get(), eventId, staff.token);
        expect(competitors.map((c) => [c.fullName, c.personUuid, c.division, c.factor, c.category])).toEqual([
          ['De Fuera, Visitante', null, Division.produccion, Factor.minor, null],
          ['Serra, Jordi', jordi.user.uuid, Division.open, Factor.major, 3],
          ['Vidal, Laia', laia.user.uuid, Division.produccion, Factor.minor, 6],
        ]);
        const results = resultsSchema.parse((await get().app.inject({ url: `/api/events/${eventId}/match/results/`, headers: { authorization: `Token ${staff.token}` } })).json());
        const jordiResult = results.divisions.find((d) => d.division === Division.open)!.competitors[0]!;
        // 8 A, 1 B (as C), 2 C, 1 D major, one procedural: 40 + 12 + 2 − 10 = 44 in 6.50 s.
        expect(jordiResult.stages.map((s) => [s.points, s.hitFactor, s.dnf])).toEqual([
          [44, 6.7692, false],
          [0, 0, true],
          [0, 0, false],
        ]);

        // Imported again: no new competitor, a second revision of each score.
        const second = await importFile(get(), eventId, SMALL, staff.token);
        expect(second.statusCode, second.body).toBe(200);
        expect(await competitorsOf(get(), eventId)).toHaveLength(3);
        const history = scoreHistorySchema.parse(
          (await get().app.inject({ url: `/api/admin/events/${eventId}/match/scores/history/?stage=1`, headers: { authorization: `Token ${staff.token}` } })).json(),
        );
        expect(history).toHaveLength(6);
        expect(history.every((h) => h.source === 'import' && h.scoredBy === 'PractiScore import (Ferrer, Nuria)')).toBe(true);
        expect(history.map((h) => h.revision).sort()).toEqual([1, 1, 1, 2, 2, 2]);
      });

      it('changes nothing when a line is wrong, and says which', async () => {
        const eventId = await insertShoot(get());
        await createMatch(get(), eventId, staff);
        const before = matchSchema.parse((await get().app.inject({ url: `/api/events/${eventId}/match/` })).json());
        const broken = (lines: [number, string][]) => {
          const copy = SMALL.split('\n');
          for (const [at, text] of lines) copy[at - 1] = text;
          return copy.join('\n');
        };
        const cases: [string, RegExp][] = [
          ['Hello', /^Line 1: a PractiScore results export begins/],
          [broken([[16, 'I 2,2,No,Yes,0,0,0,0,0,0,0,0,0.0x']]), /^Line 16: time "0.0x"/],
          [broken([[15, 'I 9,1,No,No,8,0,0,0,0,0,0,0,5.00']]), /^Line 15: stage 9 has no G line/],
          [broken([[14, 'I 1,7,No,No,12,0,0,0,0,0,0,0,10.00']]), /^Line 14: competitor 7 has no E line/],
          [broken([[5, 'E 1,Laia,Vidal,No,Carry Optics,Minor,,Yes']]), /^Line 5: division "Carry Optics"/],
          [broken([[6, 'E 2,Jordi,Serra,No,Open,Fast,,No']]), /^Line 6: power factor "Fast"/],
          [broken([[9, 'G 1,12,60,El Presidente,Virginia']]), /^Line 9: scoring type "Virginia"/],
          [broken([[12, 'I 1,1,No,No,10,0,2,0,0,0,0,0,8.00'], [13, 'I 1,1,No,No,10,0,2,0,0,0,0,0,8.00']]), /^Line 13: competitor 1 on stage 1 is already on line 12/],
          [broken([[4, 'X nothing']]), /^Line 4: "X" is not a line/],
        ];
        for (const [text, message] of cases) {
          const body = expectError(await importFile(get(), eventId, text, staff.token), 400, 'BAD_IMPORT');
          expect(body.message).toMatch(message);
        }
        const after = matchSchema.parse((await get().app.inject({ url: `/api/events/${eventId}/match/` })).json());
        expect(after).toEqual(before);
        expect(await competitorsOf(get(), eventId)).toEqual([]);
        expectError(await importFile(get(), eventId, SMALL, staff.token, 'Carry Optics:9'), 400, 'VALIDATION_ERROR');
      });

      it('is for staff only', async () => {
        const eventId = await insertShoot(get());
        const officer = await createTestMember(get(), { arbitroIpsc: true });
        expectError(await importFile(get(), eventId, SMALL, officer.token), 403, 'FORBIDDEN');
      });
    });
  },
  { now: TEST_NOW },
);
