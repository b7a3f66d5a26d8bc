// Match day (API.md "Calls of the third round", Matches): the match of an event, its stages and
// squads, competitors, scores and results, and the bodies of every call. The scoring rules
// themselves live in match-scoring.ts so that the scoring screen and the server agree.
import { z } from 'zod';
import { Category, Division, Factor } from './enums.ts';
import { errorBodySchema } from './errors.ts';
import { enumField, optionalEnumField } from './forms.ts';
import { optionalSingleLineText, requiredOrType, singleLineText, uuidField, UUID_PATTERN } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

export const MATCH_SCORINGS = ['ipsc', 'precision'] as const;
export type MatchScoring = (typeof MATCH_SCORINGS)[number];

/** How a stage is scored; only Comstock is built, the others may follow (API.md). */
export const STAGE_SCORING_TYPES = ['comstock', 'virginia', 'fixed-time'] as const;
export type StageScoringType = (typeof STAGE_SCORING_TYPES)[number];

export const MATCH_LIMITS = {
  name: { max: 200 },
  stageName: { max: 120 },
  stages: { max: 40 },
  squads: { max: 100 },
  squadName: { max: 60 },
  squadCapacity: { min: 1, max: 500 },
  minRounds: { min: 1, max: 500 },
  maxPoints: { min: 1, max: 5000 },
  series: { min: 1, max: 20 },
  shotsPerSeries: { min: 1, max: 20 },
  /** A/C/D/miss/no-shoot/procedural counts of one run. */
  count: { max: 999 },
  /** Seconds, two decimals. */
  time: { max: 9999.99 },
  dqRule: { max: 40 },
  dqReason: { max: 500 },
  nombre: { max: 100 },
  apellidos: { max: 150 },
  /** Bytes of a PractiScore export sent to the import call. */
  importBytes: 4 * 1024 * 1024,
} as const;

/** Points of one precision shot at most (a ten). */
export const PRECISION_SHOT_MAX = 10;

function intField(min: number, max: number) {
  return z
    .number({ error: requiredOrType })
    .int({ error: 'type' })
    .min(min, { error: 'unknown' })
    .max(max, { error: 'unknown' });
}

/** Seconds with at most two decimals (what a timer shows). */
const timeField = lazySchema(() =>
  z
    .number({ error: requiredOrType })
    .min(0, { error: 'unknown' })
    .max(MATCH_LIMITS.time.max, { error: 'unknown' })
    .refine((t) => Math.abs(Math.round(t * 100) - t * 100) < 1e-6, { error: 'pattern' })
    .transform((t) => Math.round(t * 100) / 100),
);

// ---------------------------------------------------------------- match

export const squadSchema = lazySchema(() =>
  z.object({
    number: z.number().int(),
    name: z.string().nullable(),
    capacity: z.number().int().nullable(),
  }),
);
export type Squad = z.infer<typeof squadSchema>;

export const matchStageSchema = lazySchema(() =>
  z.object({
    number: z.number().int(),
    name: z.string(),
    libraryStageId: z.string().nullable(),
    minRounds: z.number().int(),
    maxPoints: z.number().int(),
    scoringType: z.enum(STAGE_SCORING_TYPES),
    /** Precision only: how many series, and shots in each; null for ipsc. */
    series: z.number().int().nullable(),
    shotsPerSeries: z.number().int().nullable(),
  }),
);
export type MatchStage = z.infer<typeof matchStageSchema>;

export const matchSchema = lazySchema(() =>
  z.object({
    eventUuid: z.string(),
    name: z.string(),
    scoring: z.enum(MATCH_SCORINGS),
    published: z.boolean(),
    stages: z.array(matchStageSchema),
    squads: z.array(squadSchema),
    /** Grows with every change of the match, its competitors or its scores. */
    version: z.number().int(),
  }),
);
export type Match = z.infer<typeof matchSchema>;

/** GET /api/matches/: every match the caller may see, so a calendar can link an event to its results. */
export const matchSummarySchema = lazySchema(() =>
  z.object({
    eventUuid: z.string(),
    name: z.string(),
    scoring: z.enum(MATCH_SCORINGS),
    published: z.boolean(),
    start: z.string(),
  }),
);
export type MatchSummary = z.infer<typeof matchSummarySchema>;
export const matchSummaryListSchema = lazySchema(() => z.array(matchSummarySchema));

const stageBodySchema = lazySchema(() =>
  z.strictObject({
    number: intField(1, MATCH_LIMITS.stages.max),
    name: singleLineText(MATCH_LIMITS.stageName.max),
    libraryStageId: uuidField
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    minRounds: intField(MATCH_LIMITS.minRounds.min, MATCH_LIMITS.minRounds.max),
    /** ipsc: 5 × minRounds when missing; precision: 10 × series × shotsPerSeries. */
    maxPoints: intField(MATCH_LIMITS.maxPoints.min, MATCH_LIMITS.maxPoints.max).nullish(),
    /** Comstock, or fixed time (net points, not factored by time); virginia may follow. */
    scoringType: z.enum(['comstock', 'fixed-time'], { error: 'enum' }).optional().default('comstock'),
    series: intField(MATCH_LIMITS.series.min, MATCH_LIMITS.series.max).nullish(),
    shotsPerSeries: intField(MATCH_LIMITS.shotsPerSeries.min, MATCH_LIMITS.shotsPerSeries.max).nullish(),
  }),
);

const squadBodySchema = lazySchema(() =>
  z.strictObject({
    number: intField(1, MATCH_LIMITS.squads.max),
    name: optionalSingleLineText(MATCH_LIMITS.squadName.max)
      .optional()
      .transform((v) => v ?? null),
    capacity: intField(MATCH_LIMITS.squadCapacity.min, MATCH_LIMITS.squadCapacity.max)
      .nullish()
      .transform((v) => v ?? null),
  }),
);

/** PUT /api/admin/events/{uuid}/match/: creates or replaces the match. */
export const matchBodySchema = lazySchema(() =>
  z
    .strictObject({
      name: singleLineText(MATCH_LIMITS.name.max),
      scoring: z.enum(MATCH_SCORINGS, {
        error: (issue) => (issue.input === undefined ? 'required' : 'enum'),
      }),
      stages: z
        .array(stageBodySchema, { error: requiredOrType })
        .max(MATCH_LIMITS.stages.max, { error: 'maxlength' }),
      squads: z
        .array(squadBodySchema, { error: requiredOrType })
        .max(MATCH_LIMITS.squads.max, { error: 'maxlength' }),
      published: z.boolean({ error: requiredOrType }),
    })
    .superRefine((body, ctx) => {
      const numbers = new Set<number>();
      body.stages.forEach((stage, i) => {
        if (numbers.has(stage.number))
          ctx.addIssue({ code: 'custom', message: 'unknown', path: ['stages', i, 'number'] });
        numbers.add(stage.number);
        if (body.scoring === 'precision') {
          if (stage.series == null)
            ctx.addIssue({ code: 'custom', message: 'required', path: ['stages', i, 'series'] });
          if (stage.shotsPerSeries == null)
            ctx.addIssue({ code: 'custom', message: 'required', path: ['stages', i, 'shotsPerSeries'] });
        }
      });
      const squads = new Set<number>();
      body.squads.forEach((squad, i) => {
        if (squads.has(squad.number))
          ctx.addIssue({ code: 'custom', message: 'unknown', path: ['squads', i, 'number'] });
        squads.add(squad.number);
      });
    })
    .transform((body) => ({
      ...body,
      stages: body.stages
        .map((stage) => normalizeStage(body.scoring, stage))
        .sort((a, b) => a.number - b.number),
      squads: [...body.squads].sort((a, b) => a.number - b.number),
    })),
);
export type MatchBody = z.infer<typeof matchBodySchema>;
export type MatchBodyInput = z.input<typeof matchBodySchema>;

/** A stage as stored: maxPoints filled in, precision fields only on a precision match. */
export function normalizeStage(
  scoring: MatchScoring,
  stage: {
    number: number;
    name: string;
    libraryStageId?: string | null;
    minRounds: number;
    maxPoints?: number | null;
    scoringType?: StageScoringType;
    series?: number | null;
    shotsPerSeries?: number | null;
  },
): MatchStage {
  if (scoring === 'precision') {
    const series = stage.series ?? 1;
    const shotsPerSeries = stage.shotsPerSeries ?? stage.minRounds;
    return {
      number: stage.number,
      name: stage.name,
      libraryStageId: stage.libraryStageId ?? null,
      minRounds: series * shotsPerSeries,
      maxPoints: series * shotsPerSeries * PRECISION_SHOT_MAX,
      scoringType: 'comstock',
      series,
      shotsPerSeries,
    };
  }
  return {
    number: stage.number,
    name: stage.name,
    libraryStageId: stage.libraryStageId ?? null,
    minRounds: stage.minRounds,
    maxPoints: stage.maxPoints ?? 5 * stage.minRounds,
    scoringType: stage.scoringType ?? 'comstock',
    series: null,
    shotsPerSeries: null,
  };
}

// ---------------------------------------------------------------- competitors

export const competitorSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The member; null for a guest. */
    personUuid: z.string().nullable(),
    nombre: z.string(),
    apellidos: z.string(),
    fullName: z.string(),
    division: z.enum(Division),
    factor: z.enum(Factor),
    category: z.enum(Category).nullable(),
    squad: z.number().int().nullable(),
    dq: z.boolean(),
    /** The rule a disqualification was given under (e.g. "10.5.2"), beside its reason. */
    dqRule: z.string().nullable().optional(),
    dqReason: z.string().nullable(),
    // Staff and range officers only.
    email: z.string().nullable().optional(),
    mobil: z.string().nullable().optional(),
    socio: z.string().nullable().optional(),
  }),
);
export type Competitor = z.infer<typeof competitorSchema>;
export const competitorListSchema = lazySchema(() => z.array(competitorSchema));

/** POST /api/admin/events/{uuid}/match/competitors/: a guest (or a member added by staff). */
export const guestBodySchema = lazySchema(() =>
  z.strictObject({
    nombre: singleLineText(MATCH_LIMITS.nombre.max),
    apellidos: optionalSingleLineText(MATCH_LIMITS.apellidos.max)
      .optional()
      .transform((v) => v ?? ''),
    division: enumField(Division),
    factor: enumField(Factor),
    category: optionalEnumField(Category)
      .optional()
      .transform((v) => v ?? null),
    squad: intField(1, MATCH_LIMITS.squads.max)
      .nullish()
      .transform((v) => v ?? null),
    personUuid: uuidField.nullish().transform((v) => v ?? null),
  }),
);
export type GuestBody = z.infer<typeof guestBodySchema>;
export type GuestBodyInput = z.input<typeof guestBodySchema>;

/** PUT /api/admin/events/{uuid}/match/competitors/{id}/: any of these. */
export const competitorUpdateBodySchema = lazySchema(() =>
  z
    .strictObject({
      division: enumField(Division).optional(),
      factor: enumField(Factor).optional(),
      category: optionalEnumField(Category).optional(),
      squad: intField(1, MATCH_LIMITS.squads.max).nullable().optional(),
      dq: z.boolean({ error: 'type' }).optional(),
      dqRule: optionalSingleLineText(MATCH_LIMITS.dqRule.max).optional(),
      dqReason: optionalSingleLineText(MATCH_LIMITS.dqReason.max).optional(),
    })
    .refine((body) => body.dq !== true || (body.dqReason != null && body.dqReason !== ''), {
      error: 'required',
      path: ['dqReason'],
    }),
);
export type CompetitorUpdateBody = z.infer<typeof competitorUpdateBodySchema>;
export type CompetitorUpdateBodyInput = z.input<typeof competitorUpdateBodySchema>;

/** PUT /api/events/{uuid}/match/squad/: the caller's own squad (null leaves every squad). */
export const selfSquadBodySchema = lazySchema(() =>
  z.strictObject({
    squad: intField(1, MATCH_LIMITS.squads.max).nullable(),
  }),
);
export type SelfSquadBody = z.infer<typeof selfSquadBodySchema>;

// ---------------------------------------------------------------- scores

const scoreCommon = () => ({
  stage: z.number().int(),
  competitorId: z.string(),
  dnf: z.boolean(),
  clientId: z.string(),
  basedOn: z.number().int().nullable(),
  /** 1 for the first save; grows by one with every change. */
  revision: z.number().int(),
  /** Full name of the person who saved this revision (or "import"). */
  scoredBy: z.string(),
  scoredAt: z.string(),
});

export const ipscScoreSchema = lazySchema(() =>
  z.object({
    ...scoreCommon(),
    a: z.number().int(),
    c: z.number().int(),
    d: z.number().int(),
    m: z.number().int(),
    ns: z.number().int(),
    procedurals: z.number().int(),
    time: z.number(),
  }),
);
export type IpscScore = z.infer<typeof ipscScoreSchema>;

export const precisionScoreSchema = lazySchema(() =>
  z.object({
    ...scoreCommon(),
    series: z.array(z.number().int()),
    x: z.number().int(),
  }),
);
export type PrecisionScore = z.infer<typeof precisionScoreSchema>;

export const scoreSchema = lazySchema(() => z.union([ipscScoreSchema, precisionScoreSchema]));
export type Score = z.infer<typeof scoreSchema>;
export const scoreListSchema = lazySchema(() => z.array(scoreSchema));

/** True when a score is an IPSC run (it has a time and hit counts). */
export function isIpscScore(score: Score): score is IpscScore {
  return 'time' in score;
}

const countField = lazySchema(() => intField(0, MATCH_LIMITS.count.max));

const scoreBodyCommon = () => ({
  dnf: z.boolean({ error: 'type' }).optional().default(false),
  clientId: uuidField,
  basedOn: intField(1, Number.MAX_SAFE_INTEGER).nullable(),
});

export const ipscScoreBodySchema = lazySchema(() =>
  z.strictObject({
    a: countField,
    c: countField,
    d: countField,
    m: countField,
    ns: countField,
    procedurals: countField,
    time: timeField,
    ...scoreBodyCommon(),
  }),
);
export type IpscScoreBody = z.infer<typeof ipscScoreBodySchema>;
export type IpscScoreBodyInput = z.input<typeof ipscScoreBodySchema>;

export const precisionScoreBodySchema = lazySchema(() =>
  z.strictObject({
    series: z
      .array(intField(0, MATCH_LIMITS.shotsPerSeries.max * PRECISION_SHOT_MAX), { error: requiredOrType })
      .max(MATCH_LIMITS.series.max, { error: 'maxlength' }),
    x: intField(0, MATCH_LIMITS.series.max * MATCH_LIMITS.shotsPerSeries.max),
    ...scoreBodyCommon(),
  }),
);
export type PrecisionScoreBody = z.infer<typeof precisionScoreBodySchema>;
export type PrecisionScoreBodyInput = z.input<typeof precisionScoreBodySchema>;

/** PUT /api/events/{uuid}/match/stages/{n}/scores/{competitorId}/: the match's scoring decides which. */
export function scoreBodySchemaFor(scoring: MatchScoring) {
  return scoring === 'ipsc' ? ipscScoreBodySchema : precisionScoreBodySchema;
}
export type ScoreBody = IpscScoreBody | PrecisionScoreBody;

/**
 * Problems of a precision score against its stage (series count, points per series, inner tens),
 * as field errors; empty when it fits. The server refuses a score that does not fit.
 */
export function precisionScoreFaults(
  stage: Pick<MatchStage, 'series' | 'shotsPerSeries'>,
  body: Pick<PrecisionScoreBody, 'series' | 'x' | 'dnf'>,
): Record<string, 'unknown' | 'maxlength' | 'minlength'> {
  const faults: Record<string, 'unknown' | 'maxlength' | 'minlength'> = {};
  const seriesCount = stage.series ?? 1;
  const shots = stage.shotsPerSeries ?? 1;
  if (body.series.length > seriesCount) faults.series = 'maxlength';
  else if (!body.dnf && body.series.length < seriesCount) faults.series = 'minlength';
  body.series.forEach((points, i) => {
    if (points > shots * PRECISION_SHOT_MAX) faults[`series.${i}`] = 'unknown';
  });
  if (body.x > seriesCount * shots) faults.x = 'unknown';
  return faults;
}

/** Problems of an IPSC run against its stage: a Comstock run that was shot (not DNF) needs a time. */
export function ipscScoreFaults(
  stage: Pick<MatchStage, 'scoringType'>,
  body: Pick<IpscScoreBody, 'time' | 'dnf'>,
): Record<string, 'required'> {
  return stage.scoringType !== 'fixed-time' && !body.dnf && body.time <= 0 ? { time: 'required' } : {};
}

/** The body of 409 SCORE_CONFLICT: what the device sent and what the server holds. */
export const scoreConflictSchema = lazySchema(() =>
  errorBodySchema.extend({
    mine: z.record(z.string(), z.unknown()),
    theirs: scoreSchema,
  }),
);
export type ScoreConflict = z.infer<typeof scoreConflictSchema>;

export const scoresQuerySchema = lazySchema(() =>
  z.object({
    stage: z
      .union([
        z.number(),
        z
          .string()
          .regex(/^\d{1,3}$/, { error: 'type' })
          .transform(Number),
      ])
      .pipe(z.number().int().min(1, { error: 'unknown' }).max(MATCH_LIMITS.stages.max, { error: 'unknown' }))
      .optional(),
  }),
);
export type ScoresQuery = z.infer<typeof scoresQuerySchema>;

/** GET /api/events/{uuid}/match/drawing/: the stage and squad the screen's address names (`none`: competitors with no squad). */
export const scoringDrawingQuerySchema = lazySchema(() =>
  scoresQuerySchema.extend({
    squad: z.string().regex(/^(\d{1,3}|none)$/, { error: 'type' }).optional(),
  }),
);
export type ScoringDrawingQuery = z.infer<typeof scoringDrawingQuerySchema>;

/** GET /api/admin/events/{uuid}/match/scores/history/?stage=&competitorId= (staff). */
export const scoreHistoryQuerySchema = lazySchema(() =>
  scoresQuerySchema.extend({
    competitorId: z.string().regex(UUID_PATTERN, { error: 'pattern' }).optional(),
  }),
);
export type ScoreHistoryQuery = z.infer<typeof scoreHistoryQuerySchema>;

/** One kept revision of a score: what it held, who saved it, when, and from which device. */
export const scoreRevisionSchema = lazySchema(() =>
  z.union([
    ipscScoreSchema.extend({ source: z.enum(['range', 'import']) }),
    precisionScoreSchema.extend({ source: z.enum(['range', 'import']) }),
  ]),
);
export type ScoreRevision = z.infer<typeof scoreRevisionSchema>;
export const scoreHistorySchema = lazySchema(() => z.array(scoreRevisionSchema));

// ---------------------------------------------------------------- results

export const stageResultSchema = lazySchema(() =>
  z.object({
    stage: z.number().int(),
    /** Seconds; null on a precision match and on a stage not yet scored. */
    time: z.number().nullable(),
    /** ipsc: points of the run (never below 0); precision: the stage's total. */
    points: z.number(),
    /** ipsc: to four decimals (a fixed-time stage: its net points); null on a precision match. */
    hitFactor: z.number().nullable(),
    /** ipsc: HF ÷ division's best HF × maxPoints (four decimals); precision: the stage's total. */
    stagePoints: z.number(),
    /** Place on the stage within the division; null for a DQ or a stage not scored yet. */
    place: z.number().int().nullable(),
    dnf: z.boolean(),
    /** False while no score is saved for this competitor on this stage. */
    scored: z.boolean().optional(),
    /** Precision: inner tens on the stage. */
    x: z.number().int().optional(),
  }),
);
export type StageResult = z.infer<typeof stageResultSchema>;

export const competitorResultSchema = lazySchema(() =>
  z.object({
    competitorId: z.string(),
    personUuid: z.string().nullable().optional(),
    fullName: z.string(),
    factor: z.enum(Factor),
    category: z.enum(Category).nullable().optional(),
    squad: z.number().int().nullable().optional(),
    /** Null for a DQ (listed last). */
    place: z.number().int().nullable(),
    matchPoints: z.number(),
    percent: z.number(),
    dq: z.boolean(),
    /** Precision: inner tens over the match. */
    x: z.number().int().optional(),
    stages: z.array(stageResultSchema),
  }),
);
export type CompetitorResult = z.infer<typeof competitorResultSchema>;

export const divisionResultSchema = lazySchema(() =>
  z.object({
    division: z.enum(Division),
    competitors: z.array(competitorResultSchema),
  }),
);
export type DivisionResult = z.infer<typeof divisionResultSchema>;

export const resultsSchema = lazySchema(() =>
  z.object({
    eventUuid: z.string(),
    published: z.boolean(),
    computedAt: z.string(),
    /** The match version the results were computed from. */
    version: z.number().int().optional(),
    name: z.string().optional(),
    scoring: z.enum(MATCH_SCORINGS).optional(),
    stages: z.array(matchStageSchema).optional(),
    divisions: z.array(divisionResultSchema),
  }),
);
export type Results = z.infer<typeof resultsSchema>;

/** GET /api/registro/{uuid}/results/: one published match the member shot. */
export const memberMatchResultSchema = lazySchema(() =>
  z.object({
    eventUuid: z.string(),
    evento: z.string(),
    start: z.string(),
    matchName: z.string(),
    scoring: z.enum(MATCH_SCORINGS),
    division: z.enum(Division),
    factor: z.enum(Factor),
    place: z.number().int().nullable(),
    /** Competitors ranked in the division. */
    of: z.number().int(),
    matchPoints: z.number(),
    percent: z.number(),
    dq: z.boolean(),
    stages: z.array(stageResultSchema.extend({ name: z.string() })),
  }),
);
export type MemberMatchResult = z.infer<typeof memberMatchResultSchema>;
export const memberResultsSchema = lazySchema(() => z.array(memberMatchResultSchema));

/** The header of results.csv, one line per competitor and stage. */
export const RESULTS_CSV_HEADER = [
  'division',
  'place',
  'competitor',
  'factor',
  'matchPoints',
  'percent',
  'dq',
  'stage',
  'stageName',
  'time',
  'points',
  'hitFactor',
  'stagePoints',
  'stagePlace',
  'dnf',
] as const;

/** The squads a scoring screen offers: the match's, and any a competitor is in, in order. */
export function squadNumbers(match: Pick<Match, 'squads'>, competitors: readonly Pick<Competitor, 'squad'>[]): number[] {
  const numbers = new Set<number>(match.squads.map((s) => s.number));
  for (const c of competitors) if (c.squad !== null) numbers.add(c.squad);
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The squad a scoring screen shows for its address's `squad` (`none`: competitors with no squad;
 * none given: the first squad), as the screen and the server's drawing of it both choose.
 */
export function shownSquad(squads: readonly number[], squadParam: string | null | undefined): number | null {
  return squadParam === 'none' ? null : Number(squadParam) || squads[0] || null;
}

/** The scoring screen's data as the range officer's phone keeps it (and opens it offline). */
export interface ScoringSnapshot {
  eventUuid: string;
  match: Match;
  competitors: Competitor[];
  scores: Score[];
  /** The member who opened it (staff or range officer); only they may open it offline. */
  officerUuid: string;
  savedAt: string;
}

/**
 * GET /api/events/{uuid}/match/drawing/ (`?stage=`, `?squad=` as the screen's address has them):
 * the scoring screen drawn by the server for the range officer who asks, with the data it was
 * drawn from, which the app's first render starts with (decision 0068).
 */
export interface ScoringDrawing {
  /** The markup of the page's `#root`; its controls stay disabled until the app replaces it. */
  markup: string;
  /** The translation areas the markup shows. */
  areas: string[];
  snapshot: ScoringSnapshot;
}
