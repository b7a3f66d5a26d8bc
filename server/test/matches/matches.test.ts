import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Division, EventStatus, Factor } from '@club/contract/enums';
import {
  competitorSchema,
  ipscScoreSchema,
  matchSchema,
  matchSummaryListSchema,
  memberResultsSchema,
  resultsSchema,
  scoreConflictSchema,
  scoreHistorySchema,
  scoreListSchema,
} from '@club/contract/match';
import { expectError } from '../auth/accounts.ts';
import { TEST_NOW } from '../events/fixtures.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import {
  competitorsOf,
  createMatch,
  insertShoot,
  matchBody,
  registeredCompetitor,
  run,
  scorePath,
} from './fixtures.ts';

describeEachDatabase(
  'match day calls',
  (get) => {
    let staff: TestMember;
    let officer: TestMember;
    let member: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true, nombre: 'Nuria', apellidos: 'Ferrer' });
      officer = await createTestMember(get(), { arbitroIpsc: true, nombre: 'Rafa', apellidos: 'Soler' });
      member = await createTestMember(get());
    });

    describe('the match', () => {
      it('is created and replaced by staff and read by anyone on a public event', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        expectError(await api.get(`/api/events/${eventId}/match/`), 404, 'NOT_A_MATCH');
        const created = await createMatch(get(), eventId, staff);
        expect(created).toMatchObject({ eventUuid: eventId, scoring: 'ipsc', published: false, version: 1 });
        expect(created.stages.map((s) => [s.number, s.maxPoints, s.scoringType])).toEqual([
          [1, 60, 'comstock'],
          [2, 80, 'comstock'],
        ]);
        const read = await api.get(`/api/events/${eventId}/match`);
        expect(read.statusCode).toBe(200);
        expect(matchSchema.parse(read.json())).toEqual(created);

        const replaced = await createMatch(get(), eventId, staff, { name: 'Tirada social (final)', squads: [{ number: 1, capacity: 10 }] });
        expect(replaced).toMatchObject({ name: 'Tirada social (final)', version: 2, squads: [{ number: 1, name: null, capacity: 10 }] });
        const summaries = matchSummaryListSchema.parse((await api.get('/api/matches/')).json());
        expect(summaries.find((m) => m.eventUuid === eventId)).toEqual({
          eventUuid: eventId,
          name: 'Tirada social (final)',
          scoring: 'ipsc',
          published: false,
          start: '2025-07-12 09:00:00',
        });
      });

      it('answers NOT_FOUND for an unknown event and for a private one to a visitor, and refuses non-staff writes', async () => {
        const api = apiClient(get().app);
        const privateId = await insertShoot(get(), { status: EventStatus.privado });
        await createMatch(get(), privateId, staff);
        expectError(await api.get(`/api/events/${privateId}/match/`), 404, 'NOT_FOUND');
        expect((await api.get(`/api/events/${privateId}/match/`, member.token)).statusCode).toBe(200);
        const anonymousList = matchSummaryListSchema.parse((await api.get('/api/matches/')).json());
        const memberList = matchSummaryListSchema.parse((await api.get('/api/matches/', member.token)).json());
        expect(anonymousList.some((m) => m.eventUuid === privateId)).toBe(false);
        expect(memberList.some((m) => m.eventUuid === privateId)).toBe(true);
        expectError(await api.get(`/api/events/${randomUUID()}/match/`), 404, 'NOT_FOUND');
        expectError(await api.put(`/api/admin/events/${randomUUID()}/match/`, matchBody(), staff.token), 404, 'NOT_FOUND');
        expectError(await api.put(`/api/admin/events/${privateId}/match/`, matchBody(), member.token), 403, 'FORBIDDEN');
        expectError(await api.put(`/api/admin/events/${privateId}/match/`, matchBody(), officer.token), 403, 'FORBIDDEN');
        expectError(await api.put(`/api/admin/events/${privateId}/match/`, matchBody()), 401, 'NOT_AUTHENTICATED');
        const bad = expectError(
          await api.put(`/api/admin/events/${privateId}/match/`, matchBody({ stages: [{ number: 1, name: '', minRounds: 0 }] }), staff.token),
          400,
          'VALIDATION_ERROR',
        );
        expect(bad.fields).toMatchObject({ 'stages.0.name': ['required'], 'stages.0.minRounds': ['unknown'] });
      });

      it('keeps stages that hold scores (409 STAGE_HAS_SCORES)', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        const shooter = await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const [competitor] = await competitorsOf(get(), eventId);
        expect(competitor!.personUuid).toBe(shooter.user.uuid);
        expect((await api.put(scorePath(eventId, 2, competitor!.id), run({ a: 16 }), officer.token)).statusCode).toBe(200);
        expectError(
          await api.put(`/api/admin/events/${eventId}/match/`, matchBody({ stages: [{ number: 1, name: 'Uno', minRounds: 10 }] }), staff.token),
          409,
          'STAGE_HAS_SCORES',
        );
        expectError(await api.put(`/api/admin/events/${eventId}/match/`, matchBody({ scoring: 'precision', stages: [{ number: 1, name: 'a', minRounds: 1, series: 1, shotsPerSeries: 5 }, { number: 2, name: 'b', minRounds: 1, series: 1, shotsPerSeries: 5 }] }), staff.token), 409, 'STAGE_HAS_SCORES');
        // Renaming a scored stage is fine.
        const renamed = await createMatch(get(), eventId, staff, {
          stages: [{ number: 2, name: 'Puertas nuevas', minRounds: 16, maxPoints: 80 }],
        });
        expect(renamed.stages).toHaveLength(1);
      });
    });

    describe('competitors', () => {
      it('are the registrations as competidor with their division and factor, plus guests; contact details for staff and range officers only', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        const open = await registeredCompetitor(get(), eventId, { division: Division.open, factor: Factor.major, nombre: 'Laia', apellidos: 'Vidal' });
        await registeredCompetitor(get(), eventId, { division: Division.pcc, nombre: 'Pau', apellidos: 'Roca' });
        await createMatch(get(), eventId, staff);
        const guest = await api.post(
          `/api/admin/events/${eventId}/match/competitors/`,
          { nombre: 'Invitado', apellidos: 'Externo', division: Division.revolver, factor: Factor.minor, squad: 2 },
          staff.token,
        );
        expect(guest.statusCode, guest.body).toBe(201);
        expect(competitorSchema.parse(guest.json())).toMatchObject({ personUuid: null, fullName: 'Externo, Invitado', division: 6, squad: 2 });

        const publicList = await competitorsOf(get(), eventId);
        expect(publicList.map((c) => [c.fullName, c.division, c.factor, c.squad])).toEqual([
          ['Externo, Invitado', 6, 1, 2],
          ['Roca, Pau', 7, 1, null],
          ['Vidal, Laia', 3, 2, null],
        ]);
        expect(publicList.every((c) => c.email === undefined && c.mobil === undefined)).toBe(true);
        const officerList = await competitorsOf(get(), eventId, officer.token);
        expect(officerList.find((c) => c.personUuid === open.user.uuid)!.email).toBe(open.email);

        // A member added by staff, once; a registered one cannot be added again.
        const extra = await createTestMember(get(), { nombre: 'Marc', apellidos: 'Puig' });
        const added = await api.post(`/api/admin/events/${eventId}/match/competitors/`, { nombre: 'x', division: 1, factor: 1, personUuid: extra.user.uuid }, staff.token);
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json()).toMatchObject({ personUuid: extra.user.uuid, fullName: 'Puig, Marc' });
        expectError(await api.post(`/api/admin/events/${eventId}/match/competitors/`, { nombre: 'x', division: 1, factor: 1, personUuid: open.user.uuid }, staff.token), 409, 'ALREADY_REGISTERED');
        expectError(await api.post(`/api/admin/events/${eventId}/match/competitors/`, { nombre: 'x', division: 1, factor: 1, squad: 9 }, staff.token), 400, 'VALIDATION_ERROR');
        expectError(await api.post(`/api/admin/events/${eventId}/match/competitors/`, { nombre: 'x', division: 1, factor: 1 }, officer.token), 403, 'FORBIDDEN');
      });

      it('are changed and disqualified by staff, with the rule and the reason', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const [c] = await competitorsOf(get(), eventId);
        const path = `/api/admin/events/${eventId}/match/competitors/${c!.id}/`;
        const changed = await api.put(path, { division: Division.standard, factor: Factor.major, squad: 1 }, staff.token);
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json()).toMatchObject({ division: 4, factor: 2, squad: 1, dq: false });
        expect(expectError(await api.put(path, { dq: true }, staff.token), 400, 'VALIDATION_ERROR').fields).toEqual({ dqReason: ['required'] });
        const dq = await api.put(path, { dq: true, dqRule: '10.5.2', dqReason: 'Barrido con el arma cargada' }, staff.token);
        expect(dq.json()).toMatchObject({ dq: true, dqRule: '10.5.2', dqReason: 'Barrido con el arma cargada', division: 4 });
        const lifted = await api.put(path, { dq: false }, staff.token);
        expect(lifted.json()).toMatchObject({ dq: false, dqRule: null, dqReason: null });
        expectError(await api.put(`/api/admin/events/${eventId}/match/competitors/${randomUUID()}/`, { squad: 1 }, staff.token), 404, 'NOT_FOUND');
        expectError(await api.put(path, { squad: 1 }, member.token), 403, 'FORBIDDEN');
      });

      it('squad themselves while the squad has room and the match is not locked', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        const a = await registeredCompetitor(get(), eventId);
        const b = await registeredCompetitor(get(), eventId);
        const c = await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const path = `/api/events/${eventId}/match/squad/`;
        expect((await api.put(path, { squad: 1 }, a.token)).json()).toMatchObject({ personUuid: a.user.uuid, squad: 1 });
        expect((await api.put(path, { squad: 1 }, b.token)).statusCode).toBe(200);
        expectError(await api.put(path, { squad: 1 }, c.token), 409, 'EVENT_FULL');
        // Moving within one's own squad is no new seat.
        expect((await api.put(path, { squad: 1 }, a.token)).statusCode).toBe(200);
        expect((await api.put(path, { squad: 2 }, c.token)).json()).toMatchObject({ squad: 2 });
        expectError(await api.put(path, { squad: 7 }, c.token), 400, 'VALIDATION_ERROR');
        expectError(await api.put(path, { squad: 2 }, member.token), 409, 'NOT_REGISTERED');
        expectError(await api.put(path, { squad: 2 }), 401, 'NOT_AUTHENTICATED');
        await get().db.kysely.updateTable('events').set({ solo_lectura: 1 }).where('id', '=', eventId).execute();
        expectError(await api.put(path, { squad: null }, c.token), 409, 'EVENT_LOCKED');
      });
    });

    describe('scores', () => {
      it('are saved by range officers only, once per clientId, with every revision kept', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const [c] = await competitorsOf(get(), eventId);
        const body = run({ a: 10, c: 2, time: 12.34 });
        expectError(await api.put(scorePath(eventId, 1, c!.id), body, member.token), 403, 'NOT_A_RANGE_OFFICER');
        expectError(await api.put(scorePath(eventId, 1, c!.id), body), 401, 'NOT_AUTHENTICATED');
        const first = await api.put(scorePath(eventId, 1, c!.id), body, officer.token);
        expect(first.statusCode, first.body).toBe(200);
        const saved = ipscScoreSchema.parse(first.json());
        expect(saved).toMatchObject({ stage: 1, competitorId: c!.id, a: 10, c: 2, time: 12.34, revision: 1, basedOn: null, scoredBy: 'Soler, Rafa', dnf: false });
        // Sent again (a retry, a second tab): the same score, nothing new.
        const again = await api.put(scorePath(eventId, 1, c!.id), body, officer.token);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        const history = await api.get(`/api/admin/events/${eventId}/match/scores/history/?stage=1&competitorId=${c!.id}`, staff.token);
        expect(scoreHistorySchema.parse(history.json())).toHaveLength(1);

        expectError(await api.put(scorePath(eventId, 9, c!.id), run(), officer.token), 404, 'NOT_FOUND');
        expectError(await api.put(scorePath(eventId, 1, randomUUID()), run(), officer.token), 404, 'NOT_FOUND');
        const bad = expectError(await api.put(scorePath(eventId, 1, c!.id), run({ time: 9.999 }), officer.token), 400, 'VALIDATION_ERROR');
        expect(bad.fields).toEqual({ time: ['pattern'] });
        expect(expectError(await api.put(scorePath(eventId, 1, c!.id), run({ time: 0 }), officer.token), 400, 'VALIDATION_ERROR').fields).toEqual({ time: ['required'] });

        const list = await api.get(`/api/events/${eventId}/match/scores/?stage=1`, staff.token);
        expect(scoreListSchema.parse(list.json())).toHaveLength(1);
        expectError(await api.get(`/api/events/${eventId}/match/scores/`, member.token), 403, 'NOT_A_RANGE_OFFICER');
        expectError(await api.get(`/api/admin/events/${eventId}/match/scores/history/`, officer.token), 403, 'FORBIDDEN');
      });

      it('answer a clientId sent before with the score held, whatever the copy says it was based on', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const [c] = await competitorsOf(get(), eventId);
        const body = run({ a: 10, time: 9 });
        const first = await api.put(scorePath(eventId, 1, c!.id), body, officer.token);
        expect(first.json()).toMatchObject({ revision: 1, a: 10 });
        // The same clientId again, now based on the revision it made and with other values (a
        // phone that reused its id): nothing new is saved, the held score answers.
        const reused = await api.put(scorePath(eventId, 1, c!.id), { ...body, a: 7, basedOn: 1 }, officer.token);
        expect(reused.statusCode, reused.body).toBe(200);
        expect(reused.json()).toEqual(first.json());
        // Sent again after another officer saved a newer revision: the held score answers.
        const newer = await api.put(scorePath(eventId, 1, c!.id), run({ a: 11, time: 9, basedOn: 1 }), officer.token);
        expect(newer.json()).toMatchObject({ revision: 2 });
        const again = await api.put(scorePath(eventId, 1, c!.id), body, officer.token);
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toEqual(newer.json());
        const history = await api.get(`/api/admin/events/${eventId}/match/scores/history/?stage=1&competitorId=${c!.id}`, staff.token);
        expect(scoreHistorySchema.parse(history.json()).map((h) => [h.revision, 'a' in h ? h.a : null])).toEqual([
          [1, 10],
          [2, 11],
        ]);
      });

      it('never overwrite a newer score silently: SCORE_CONFLICT carries both, and the officer chooses', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const [c] = await competitorsOf(get(), eventId);
        const other = await createTestMember(get(), { arbitroIpsc: true, nombre: 'Eva', apellidos: 'Mas' });
        const firstSave = await api.put(scorePath(eventId, 1, c!.id), run({ a: 12, time: 10 }), officer.token);
        expect(firstSave.json()).toMatchObject({ revision: 1 });
        // The second officer's phone never saw revision 1.
        const mine = run({ a: 11, m: 1, time: 10.5 });
        const clash = await api.put(scorePath(eventId, 1, c!.id), mine, other.token);
        expectError(clash, 409, 'SCORE_CONFLICT');
        const conflict = scoreConflictSchema.parse(clash.json());
        expect(conflict.theirs).toMatchObject({ a: 12, revision: 1, scoredBy: 'Soler, Rafa' });
        expect(conflict.mine).toMatchObject({ a: 11, m: 1, time: 10.5, clientId: mine.clientId, stage: 1, competitorId: c!.id });
        // The same values are no conflict.
        const same = await api.put(scorePath(eventId, 1, c!.id), run({ a: 12, time: 10 }), other.token);
        expect(same.json()).toMatchObject({ revision: 1 });
        // The officer keeps their own copy, now based on what they were shown.
        const chosen = await api.put(scorePath(eventId, 1, c!.id), { ...mine, basedOn: 1 }, other.token);
        expect(chosen.statusCode, chosen.body).toBe(200);
        expect(chosen.json()).toMatchObject({ a: 11, m: 1, revision: 2, basedOn: 1, scoredBy: 'Mas, Eva' });
        const history = scoreHistorySchema.parse(
          (await api.get(`/api/admin/events/${eventId}/match/scores/history/?competitorId=${c!.id}`, staff.token)).json(),
        );
        expect(history.map((h) => [h.revision, h.scoredBy, h.source])).toEqual([
          [1, 'Soler, Rafa', 'range'],
          [2, 'Mas, Eva', 'range'],
        ]);
      });
    });

    describe('scores sent at once', () => {
      it('count one score for one clientId and let one of several first copies win, the rest told of it', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await registeredCompetitor(get(), eventId);
        await createMatch(get(), eventId, staff);
        const [c] = await competitorsOf(get(), eventId);
        const same = run({ a: 9, time: 8 });
        const resends = await Promise.all(Array.from({ length: 8 }, () => api.put(scorePath(eventId, 1, c!.id), same, officer.token)));
        expect(resends.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
        expect(new Set(resends.map((r) => r.json().revision))).toEqual(new Set([1]));
        // Eight first copies of stage 2, all different: one is saved, seven are conflicts.
        const rivals = await Promise.all(
          Array.from({ length: 8 }, (_, i) => api.put(scorePath(eventId, 2, c!.id), run({ a: 10 + i, time: 9 }), officer.token)),
        );
        expect(rivals.filter((r) => r.statusCode === 200)).toHaveLength(1);
        expect(rivals.filter((r) => r.statusCode === 409)).toHaveLength(7);
        const history = scoreHistorySchema.parse(
          (await api.get(`/api/admin/events/${eventId}/match/scores/history/?competitorId=${c!.id}`, staff.token)).json(),
        );
        expect(history.map((h) => [h.stage, h.revision])).toEqual([
          [1, 1],
          [2, 1],
        ]);
      });
    });

    describe('results', () => {
      it('rank by the Comstock rule, live for officers, for everyone once published, as JSON and CSV', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        const ana = await registeredCompetitor(get(), eventId, { nombre: 'Ana', apellidos: 'Alba' });
        await registeredCompetitor(get(), eventId, { nombre: 'Bea', apellidos: 'Bosch' });
        await registeredCompetitor(get(), eventId, { nombre: 'Carla', apellidos: 'Coll' });
        await registeredCompetitor(get(), eventId, { nombre: 'Dani', apellidos: 'Duran', division: Division.open, factor: Factor.major });
        await createMatch(get(), eventId, staff, {
          stages: [
            { number: 1, name: 'Uno', minRounds: 20, maxPoints: 100 },
            { number: 2, name: 'Dos', minRounds: 10, maxPoints: 50 },
          ],
        });
        const byName = Object.fromEntries((await competitorsOf(get(), eventId)).map((c) => [c.nombre, c.id]));
        const save = async (stage: number, who: string, body: ReturnType<typeof run>) => {
          const res = await api.put(scorePath(eventId, stage, byName[who]!), body, officer.token);
          expect(res.statusCode, res.body).toBe(200);
        };
        await save(1, 'Ana', run({ a: 20, time: 10 })); // HF 10: 100
        await save(1, 'Bea', run({ a: 20, time: 20 })); // HF 5: 50
        await save(1, 'Carla', run({ a: 20, time: 5 })); // DQ later
        await save(2, 'Ana', run({ a: 10, time: 10 })); // HF 5: 25
        await save(2, 'Bea', run({ a: 10, time: 5 })); // HF 10: 50
        await save(1, 'Dani', run({ c: 20, time: 10 })); // open, major: 80 points
        await save(2, 'Dani', run({ dnf: true, time: 0 }));
        await api.put(`/api/admin/events/${eventId}/match/competitors/${byName.Carla}/`, { dq: true, dqReason: 'Disparo accidental' }, staff.token);

        expectError(await api.get(`/api/events/${eventId}/match/results/`), 404, 'RESULTS_NOT_PUBLISHED');
        expectError(await api.get(`/api/events/${eventId}/match/results/`, member.token), 404, 'RESULTS_NOT_PUBLISHED');
        expectError(await api.get(`/api/events/${eventId}/match/results.csv`), 404, 'RESULTS_NOT_PUBLISHED');
        const live = resultsSchema.parse((await api.get(`/api/events/${eventId}/match/results/`, officer.token)).json());
        expect(live.published).toBe(false);
        const produccion = live.divisions.find((d) => d.division === Division.produccion)!;
        expect(produccion.competitors.map((c) => [c.fullName, c.place, c.matchPoints, c.percent, c.dq])).toEqual([
          ['Alba, Ana', 1, 125, 100, false],
          ['Bosch, Bea', 2, 100, 80, false],
          ['Coll, Carla', null, 0, 0, true],
        ]);
        const open = live.divisions.find((d) => d.division === Division.open)!;
        expect(open.competitors[0]!.stages.map((s) => [s.stage, s.hitFactor, s.stagePoints, s.dnf])).toEqual([
          [1, 8, 100, false],
          [2, 0, 0, true],
        ]);

        // A change moves the results at once (the kept copy is keyed by the match's version).
        await save(2, 'Ana', run({ a: 10, time: 4, basedOn: 1 })); // HF 12.5: 50; Bea 40
        const after = resultsSchema.parse((await api.get(`/api/events/${eventId}/match/results/`, staff.token)).json());
        expect(after.divisions.find((d) => d.division === Division.produccion)!.competitors.map((c) => c.matchPoints)).toEqual([150, 90, 0]);

        await createMatch(get(), eventId, staff, {
          published: true,
          stages: [
            { number: 1, name: 'Uno', minRounds: 20, maxPoints: 100 },
            { number: 2, name: 'Dos', minRounds: 10, maxPoints: 50 },
          ],
        });
        const visitor = await api.get(`/api/events/${eventId}/match/results/`);
        expect(visitor.statusCode).toBe(200);
        expect(resultsSchema.parse(visitor.json()).published).toBe(true);

        const csv = await api.get(`/api/events/${eventId}/match/results.csv`);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        const lines = csv.body.trimEnd().split('\r\n');
        expect(lines[0]).toBe('division,place,competitor,factor,matchPoints,percent,dq,stage,stageName,time,points,hitFactor,stagePoints,stagePlace,dnf');
        expect(lines).toHaveLength(1 + 4 * 2);
        expect(lines[1]).toBe('produccion,1,"Alba, Ana",minor,150.0000,100.00,no,1,Uno,10.00,100,10.0000,100.0000,1,no');

        // The member's own results.
        const mine = await api.get(`/api/registro/${ana.user.uuid}/results/`, ana.token);
        expect(mine.statusCode, mine.body).toBe(200);
        const [result] = memberResultsSchema.parse(mine.json());
        expect(result).toMatchObject({ eventUuid: eventId, place: 1, of: 2, percent: 100, matchPoints: 150, division: 1 });
        expect(result!.stages.map((s) => [s.name, s.stagePoints])).toEqual([
          ['Uno', 100],
          ['Dos', 50],
        ]);
        expectError(await api.get(`/api/registro/${ana.user.uuid}/results/`, member.token), 403, 'FORBIDDEN');
        expect(memberResultsSchema.parse((await api.get(`/api/registro/${member.user.uuid}/results/`, member.token)).json())).toEqual([]);
      });

      it('of a precision match rank by total, inner tens and the last series', async () => {
        const api = apiClient(get().app);
        const eventId = await insertShoot(get());
        await registeredCompetitor(get(), eventId, { nombre: 'Ona' });
        await registeredCompetitor(get(), eventId, { nombre: 'Pol' });
        await createMatch(get(), eventId, staff, {
          scoring: 'precision',
          published: true,
          stages: [{ number: 1, name: '25 m', minRounds: 1, series: 2, shotsPerSeries: 10 }],
        });
        const byName = Object.fromEntries((await competitorsOf(get(), eventId)).map((c) => [c.nombre, c.id]));
        const body = (series: number[], x: number) => ({ series, x, clientId: randomUUID(), basedOn: null });
        expect((await api.put(scorePath(eventId, 1, byName.Ona!), body([95, 90], 5), officer.token)).statusCode).toBe(200);
        expect((await api.put(scorePath(eventId, 1, byName.Pol!), body([90, 95], 5), officer.token)).statusCode).toBe(200);
        expectError(await api.put(scorePath(eventId, 1, byName.Pol!), body([101, 90], 5), officer.token), 400, 'VALIDATION_ERROR');
        expectError(await api.put(scorePath(eventId, 1, byName.Pol!), run(), officer.token), 400, 'VALIDATION_ERROR');
        const results = resultsSchema.parse((await api.get(`/api/events/${eventId}/match/results/`)).json());
        expect(results.divisions[0]!.competitors.map((c) => [c.competitorId === byName.Pol ? 'Pol' : 'Ona', c.place, c.matchPoints, c.x])).toEqual([
          ['Pol', 1, 185, 5],
          ['Ona', 2, 185, 5],
        ]);
      });
    });
  },
  { now: TEST_NOW },
);
