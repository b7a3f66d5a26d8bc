// results.csv read back by a CSV parser we did not write (csv-parse, RFC 4180), with the names a
// club really has: commas ("Puig, de la Torre"), quotes, accents, a cell that a spreadsheet would
// take for a formula. Every record must give back what the JSON results say.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { Division, Factor } from '@club/contract/enums';
import { RESULTS_CSV_HEADER, competitorSchema, resultsSchema } from '@club/contract/match';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createMatch, insertShoot, run, scorePath } from './fixtures.ts';

const STAGES = [
  { number: 1, name: 'La "L", larga', minRounds: 12 },
  { number: 2, name: 'Porta d’entrada; 2×', minRounds: 8 },
];

const GUESTS = [
  { nombre: 'Núria "la Ràpida"', apellidos: 'Puig, de la Torre', division: Division.produccion, factor: Factor.minor },
  { nombre: 'José María', apellidos: 'Ñúñez Çalvo', division: Division.produccion, factor: Factor.minor },
  // A spreadsheet would run this as a formula: the file keeps it as text behind a quote.
  { nombre: 'Ana', apellidos: '=1+2', division: Division.open, factor: Factor.major },
];

describeEachDatabase(
  'results.csv read by an outside CSV parser',
  (get) => {
    let staff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true, nombre: 'Nuria', apellidos: 'Ferrer' });
    });

    describe('the published file', () => {
      it('parses as RFC 4180 into one record per competitor and stage, equal to the JSON results', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await createMatch(get(), eventId, staff, { stages: STAGES, squads: [{ number: 1, capacity: 10 }] });
        const ids: string[] = [];
        for (const guest of GUESTS) {
          const res = await api.post(`/api/admin/events/${eventId}/match/competitors/`, { ...guest, squad: 1 }, staff.token);
          expect(res.statusCode, res.body).toBe(201);
          ids.push(competitorSchema.parse(res.json()).id);
        }
        const runs = [
          [run({ a: 10, c: 2, time: 8.25 }), run({ a: 6, d: 1, m: 1, time: 6.5 })],
          [run({ a: 9, c: 3, time: 9.13 }), run({ dnf: true, time: 0 })],
          [run({ a: 12, time: 7.01 }), run({ a: 7, c: 1, ns: 1, procedurals: 1, time: 5.55 })],
        ];
        for (const [i, id] of ids.entries()) {
          for (const [s, body] of runs[i]!.entries()) {
            const res = await api.put(scorePath(eventId, s + 1, id), body, staff.token);
            expect(res.statusCode, res.body).toBe(200);
          }
        }
        await createMatch(get(), eventId, staff, { stages: STAGES, squads: [{ number: 1, capacity: 10 }], published: true });

        const csv = await api.get(`/api/events/${eventId}/match/results.csv`);
        expect(csv.statusCode).toBe(200);
        const rows = parse(csv.body, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
        const header = parse(csv.body, { to_line: 1 }) as string[][];
        expect(header[0]).toEqual([...RESULTS_CSV_HEADER]);

        const results = resultsSchema.parse((await api.get(`/api/events/${eventId}/match/results/`)).json());
        const expected: Record<string, string>[] = [];
        for (const division of results.divisions) {
          for (const c of division.competitors) {
            for (const s of c.stages) {
              expected.push({
                division: division.division === Division.open ? 'open' : 'produccion',
                place: c.place === null ? '' : String(c.place),
                competitor: c.fullName.startsWith('=') ? `'${c.fullName}` : c.fullName,
                factor: c.factor === Factor.major ? 'major' : 'minor',
                matchPoints: c.matchPoints.toFixed(4),
                percent: c.percent.toFixed(2),
                dq: c.dq ? 'yes' : 'no',
                stage: String(s.stage),
                stageName: STAGES.find((st) => st.number === s.stage)!.name,
                time: s.time === null ? '' : s.time.toFixed(2),
                points: String(s.points),
                hitFactor: s.hitFactor === null ? '' : s.hitFactor.toFixed(4),
                stagePoints: s.stagePoints.toFixed(4),
                stagePlace: s.place === null ? '' : String(s.place),
                dnf: s.dnf ? 'yes' : 'no',
              });
            }
          }
        }
        expect(rows).toEqual(expected);
        expect(rows).toHaveLength(GUESTS.length * STAGES.length);
        // The awkward names come back whole, as typed.
        expect(rows.map((r) => r.competitor)).toContain('Puig, de la Torre, Núria "la Ràpida"');
        expect(rows.map((r) => r.competitor)).toContain('Ñúñez Çalvo, José María');
        expect(rows.map((r) => r.competitor)).toContain("'=1+2, Ana");
        expect(new Set(rows.map((r) => r.stageName))).toEqual(new Set(STAGES.map((s) => s.name)));
        // The hand-worked figures of one run, read from the parsed file: Puig's stage 1 is
        // 10 A + 2 C minor = 10×5 + 2×3 = 56 points in 8.25 s, hit factor 56 / 8.25 = 6.7879.
        const puig1 = rows.find((r) => r.competitor.startsWith('Puig') && r.stage === '1')!;
        expect([puig1.points, puig1.time, puig1.hitFactor]).toEqual(['56', '8.25', '6.7879']);
        const dnf = rows.find((r) => r.competitor.startsWith('Ñúñez') && r.stage === '2')!;
        expect(dnf.dnf).toBe('yes');
      }, 60_000);
    });
  },
);
