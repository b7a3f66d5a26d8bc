import { expect, it } from 'vitest';
import { clubMonth, shiftMonth } from '@club/contract/club-time';
import { Division } from '@club/contract/enums';
import { membershipSchema, needsAttentionSchema } from '@club/contract/payments';
import { matchSchema, matchSummaryListSchema, memberResultsSchema, resultsSchema } from '@club/contract/match';
import { seedDemoClub } from '../../src/seed/demo-club.ts';
import { issueToken } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';

describeEachDatabase('the demo club', (get) => {
  it("has last month's social shoot scored and published: anyone reads its results, the demo member his own", async () => {
    const t = get();
    expect(await seedDemoClub(t.db.kysely, t.clock.now(), 'Europe/Madrid')).not.toEqual([]);
    const api = apiClient(t.app);

    const published = matchSummaryListSchema.parse((await api.get('/api/matches/')).json()).filter((m) => m.published);
    expect(published).toHaveLength(1);
    const [shoot] = published;
    // Last month's first Sunday.
    const past = shiftMonth(clubMonth(t.clock.now(), 'Europe/Madrid'), -1);
    const lastMonth = `${past.year}-${String(past.month).padStart(2, '0')}`;
    const start = new Date(`${shoot!.start.slice(0, 10)}T12:00:00Z`);
    expect(shoot!.start.slice(0, 7)).toBe(lastMonth);
    expect([start.getUTCDay(), start.getUTCDate() <= 7]).toEqual([0, true]);

    const match = matchSchema.parse((await api.get(`/api/events/${shoot!.eventUuid}/match/`)).json());
    expect(match.stages.map((s) => [s.name, s.minRounds, s.maxPoints])).toEqual([
      ['El Presidente', 12, 60],
      ['Cobertura dura y puerta', 8, 40],
      ['Bill drill', 6, 30],
      ['Blake drill', 6, 30],
    ]);

    // A visitor reads the results: five divisions, each led at 100 %, every stage scored.
    const results = resultsSchema.parse((await api.get(`/api/events/${shoot!.eventUuid}/match/results/`)).json());
    expect(Object.fromEntries(results.divisions.map((d) => [d.division, d.competitors.length]))).toEqual({
      [Division.produccion]: 4,
      [Division.produccionOptics]: 2,
      [Division.standard]: 2,
      [Division.open]: 2,
      [Division.pcc]: 2,
    });
    for (const division of results.divisions) {
      expect(division.competitors[0]).toMatchObject({ place: 1, percent: 100 });
      for (const competitor of division.competitors) {
        expect(competitor.stages).toHaveLength(4);
        for (const stage of competitor.stages) expect(stage).toMatchObject({ scored: true, dnf: false });
      }
    }

    // The demo member was matched by his name and finds the match among his own results.
    const marc = await t.db.kysely.selectFrom('members').select('id').where('login', '=', 'marc.soler').executeTakeFirstOrThrow();
    const mine = memberResultsSchema.parse((await api.get(`/api/registro/${marc.id}/results/`, await issueToken(t, marc.id))).json());
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ eventUuid: shoot!.eventUuid, division: Division.produccion, of: 4, dq: false });
    expect(mine[0]!.place).toBeGreaterThanOrEqual(1);
    expect(mine[0]!.stages).toHaveLength(4);
  });
  it("has the year's money recorded: dues paid, one member's lapsed at the end of last month, a pack bought today", async () => {
    const t = get();
    const api = apiClient(t.app);
    const ids = Object.fromEntries(
      (await t.db.kysely.selectFrom('members').select(['id', 'login']).execute()).map((row) => [row.login, row.id]),
    );
    const staffToken = await issueToken(t, ids['staff.club']!);
    const attention = needsAttentionSchema.parse((await api.get('/api/admin/membership/', staffToken)).json());
    expect(attention.lapsed.map((user) => user.login)).toEqual(['laia.costa']);
    const past = shiftMonth(clubMonth(t.clock.now(), 'Europe/Madrid'), -1);
    const marc = membershipSchema.parse((await api.get(`/api/registro/${ids['marc.soler']}/membership/`, await issueToken(t, ids['marc.soler']!))).json());
    expect(marc).toMatchObject({ cuotaHasta: `${clubMonth(t.clock.now(), 'Europe/Madrid').year}-12-31`, bonoClases: 10 });
    expect(marc.payments.map((p) => p.concept).sort()).toEqual(['bono', 'cuota']);
    const laia = membershipSchema.parse((await api.get(`/api/registro/${ids['laia.costa']}/membership/`, await issueToken(t, ids['laia.costa']!))).json());
    expect(laia.cuotaHasta).toBe(`${past.year}-${String(past.month).padStart(2, '0')}-${String(new Date(Date.UTC(past.year, past.month, 0)).getUTCDate()).padStart(2, '0')}`);
    // Recorded without the mails a payment plans: a seeded past is not told again.
    expect(await t.db.kysely.selectFrom('jobs').select('id').execute()).toEqual([]);
  });
});
