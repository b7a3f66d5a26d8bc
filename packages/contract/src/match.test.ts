import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './errors.ts';
import {
  competitorUpdateBodySchema,
  ipscScoreBodySchema,
  matchBodySchema,
  precisionScoreBodySchema,
  ipscScoreFaults,
  precisionScoreFaults,
} from './match.ts';

const clientId = '0b6f8c1e-3f43-4c55-9a57-2d0f1c7f4e11';

describe('match body', () => {
  it('fills maxPoints with 5 × minRounds on an ipsc stage and sorts stages and squads', () => {
    const body = matchBodySchema.parse({
      name: ' Liga social ',
      scoring: 'ipsc',
      published: false,
      stages: [
        { number: 2, name: 'Dos', minRounds: 12 },
        { number: 1, name: 'Uno', minRounds: 16, maxPoints: 90 },
      ],
      squads: [{ number: 2 }, { number: 1, name: 'Mañana', capacity: 10 }],
    });
    expect(body.name).toBe('Liga social');
    expect(body.stages.map((s) => [s.number, s.maxPoints, s.scoringType])).toEqual([
      [1, 90, 'comstock'],
      [2, 60, 'comstock'],
    ]);
    expect(body.squads).toEqual([
      { number: 1, name: 'Mañana', capacity: 10 },
      { number: 2, name: null, capacity: null },
    ]);
  });

  it('asks a precision stage for series and shots, and derives its maximum', () => {
    const bad = matchBodySchema.safeParse({
      name: 'P',
      scoring: 'precision',
      published: false,
      stages: [{ number: 1, name: '25 m', minRounds: 10 }],
      squads: [],
    });
    expect(bad.success).toBe(false);
    expect(fieldErrorsFromZod(bad.error!)).toMatchObject({ 'stages.0.series': ['required'] });
    const good = matchBodySchema.parse({
      name: 'P',
      scoring: 'precision',
      published: false,
      stages: [{ number: 1, name: '25 m', minRounds: 1, series: 6, shotsPerSeries: 5 }],
      squads: [],
    });
    expect(good.stages[0]).toMatchObject({ minRounds: 30, maxPoints: 300, series: 6, shotsPerSeries: 5 });
  });

  it('refuses repeated stage numbers and unknown keys', () => {
    const result = matchBodySchema.safeParse({
      name: 'M',
      scoring: 'ipsc',
      published: false,
      stages: [
        { number: 1, name: 'a', minRounds: 1 },
        { number: 1, name: 'b', minRounds: 1, extra: 1 },
      ],
      squads: [],
    });
    expect(fieldErrorsFromZod(result.error!)).toMatchObject({ 'stages.1.extra': ['unknown'] });
  });
});

describe('score bodies', () => {
  const run = { a: 10, c: 2, d: 0, m: 0, ns: 0, procedurals: 0, time: 12.34, clientId, basedOn: null };

  it('takes a time with two decimals at most, and needs one unless DNF', () => {
    expect(ipscScoreBodySchema.parse(run)).toMatchObject({ time: 12.34, dnf: false });
    expect(fieldErrorsFromZod(ipscScoreBodySchema.safeParse({ ...run, time: 12.345 }).error!)).toEqual({ time: ['pattern'] });
    const stopped = ipscScoreBodySchema.parse({ ...run, time: 0 });
    expect(ipscScoreFaults({ scoringType: 'comstock' }, stopped)).toEqual({ time: 'required' });
    expect(ipscScoreFaults({ scoringType: 'fixed-time' }, stopped)).toEqual({});
    expect(ipscScoreFaults({ scoringType: 'comstock' }, { ...stopped, dnf: true })).toEqual({});
    expect(ipscScoreBodySchema.safeParse({ ...run, a: -1 }).success).toBe(false);
    expect(ipscScoreBodySchema.safeParse({ ...run, clientId: 'x' }).success).toBe(false);
  });

  it('checks a precision score against its stage', () => {
    const body = precisionScoreBodySchema.parse({ series: [48, 50], x: 3, clientId, basedOn: 2 });
    expect(precisionScoreFaults({ series: 2, shotsPerSeries: 5 }, body)).toEqual({});
    expect(precisionScoreFaults({ series: 2, shotsPerSeries: 4 }, body)).toEqual({ 'series.0': 'unknown', 'series.1': 'unknown' });
    expect(precisionScoreFaults({ series: 3, shotsPerSeries: 5 }, body)).toEqual({ series: 'minlength' });
    expect(precisionScoreFaults({ series: 1, shotsPerSeries: 2 }, { series: [20], x: 3, dnf: false })).toEqual({ x: 'unknown' });
  });
});

describe('competitor update', () => {
  it('needs a reason for a disqualification', () => {
    expect(fieldErrorsFromZod(competitorUpdateBodySchema.safeParse({ dq: true }).error!)).toEqual({ dqReason: ['required'] });
    expect(competitorUpdateBodySchema.parse({ dq: true, dqRule: '10.5.2', dqReason: 'Sweeping' })).toEqual({
      dq: true,
      dqRule: '10.5.2',
      dqReason: 'Sweeping',
    });
  });
});
