// The club's stage library and the members' training log (API.md "Calls of the second round").
// Staff publish stages with a description, a round count and tags; anyone reads them. The
// training log keeps each drill a member chose to keep, scored with scoring.ts.
import { z } from 'zod';
import { isInClubYears } from './event-time.ts';
import { LANGUAGES } from './languages.ts';
import type { Language } from './languages.ts';
import { scoreRep, shotZoneSchema, POWER_FACTORS } from './scoring.ts';
import type { PowerFactor, RepScore } from './scoring.ts';
import { stageSaveBodySchema, stageWireSchema, STAGE_LIMITS } from './stage.ts';
import { multiLineText, singleLineText, UUID_PATTERN } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

/** Bounds of a library stage's fields. */
export const LIBRARY_LIMITS = {
  descriptionMax: 2000,
  roundsMin: 1,
  roundsMax: 200,
  tagsMax: 8,
  tagMax: 30,
} as const;

/** Tags the publish form offers; staff may type others. */
export const SUGGESTED_TAGS = [
  'classic',
  'speed',
  'accuracy',
  'transitions',
  'movement',
  'steel',
  'no-shoot',
  'moving',
  'reload',
] as const;

// Tags are compared and stored lower case, so "Steel" and "steel" are one filter.
const tagSchema = lazySchema(() =>
  singleLineText(LIBRARY_LIMITS.tagMax).transform((tag) => tag.toLowerCase()),
);

const tagsSchema = lazySchema(() =>
  z
    .array(tagSchema)
    .max(LIBRARY_LIMITS.tagsMax, { error: 'maxlength' })
    .default([])
    .transform((tags) => [...new Set(tags)]),
);

const roundsSchema = lazySchema(() => z.int().min(LIBRARY_LIMITS.roundsMin).max(LIBRARY_LIMITS.roundsMax));

/** Body of POST and PUT /api/library/stages/: a stored Stage plus description, rounds and tags. */
export const libraryStageBodySchema = lazySchema(() =>
  stageSaveBodySchema.omit({ public: true }).extend({
    name: singleLineText(STAGE_LIMITS.nameMax),
    description: multiLineText(LIBRARY_LIMITS.descriptionMax),
    rounds: roundsSchema,
    tags: tagsSchema,
  }),
);
export type LibraryStageBody = z.infer<typeof libraryStageBodySchema>;
export type LibraryStageBodyInput = z.input<typeof libraryStageBodySchema>;

/** The name and description in one language (the demo club's stages carry all three). */
const localizedTextSchema = lazySchema(() => z.object({ name: z.string(), description: z.string() }));
export const libraryTranslationsSchema = lazySchema(() =>
  z.partialRecord(z.enum(LANGUAGES), localizedTextSchema),
);
export type LibraryTranslations = z.infer<typeof libraryTranslationsSchema>;

/** One row of GET /api/library/stages/ (no elements). */
export const librarySummarySchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    name: z.string(),
    description: z.string(),
    rounds: z.int(),
    tags: z.array(z.string()),
    updatedAt: z.string(),
    /** Full name of the staff member who published it, or null when that account is gone. */
    author: z.string().nullable(),
    /** Name and description per language, when the stage was written in several. */
    translations: libraryTranslationsSchema.optional(),
  }),
);
export type LibrarySummary = z.infer<typeof librarySummarySchema>;

/** GET /api/library/stages/{id}/: the summary with its Stage. */
export const libraryStageSchema = lazySchema(() => librarySummarySchema.extend({ stage: stageWireSchema }));
export type LibraryStage = z.infer<typeof libraryStageSchema>;

/** The library list with each stage (thumbnails are drawn from it). */
export const libraryListSchema = lazySchema(() => z.array(libraryStageSchema));

/** The name and description of a library stage in the reader's language. */
export function localizedLibraryText(
  stage: Pick<LibrarySummary, 'name' | 'description' | 'translations'>,
  language: Language | string,
) {
  const own = stage.translations?.[language as Language];
  return own ?? { name: stage.name, description: stage.description };
}

export const libraryParamsSchema = lazySchema(() => z.object({ id: z.string().regex(UUID_PATTERN) }));

// ---------------------------------------------------------------------------------------------
// Training log

export const TRAINING_LIMITS = {
  repsMax: 50,
  shotsPerRepMax: 100,
  parMsMax: 600_000,
  tMsMax: 600_000,
  /** Cards or poppers one rep names (a stage has far fewer elements). */
  targetsPerRepMax: 200,
  stageNameMax: STAGE_LIMITS.nameMax,
  /** Sessions one member keeps; beyond it a new one is refused (409 TRAINING_LOG_FULL). */
  sessionsMax: 1000,
  /** Shots one member keeps across their sessions; beyond it too. */
  shotsMax: 100_000,
  /** Sessions per page of GET /api/training/ (the first page by default). */
  pageDefault: 100,
  pageMax: 200,
  /** Sessions a member may keep per hour. */
  writesPerHour: 120,
  /** Weeks of the training page's chart (the one of today and those before it). */
  chartWeeks: 8,
} as const;

/** A stage element's id, bounded as the stage's own (stage.ts). */
const elementIdSchema = lazySchema(() =>
  z.string().min(1, { error: 'required' }).max(100, { error: 'maxlength' }),
);

const shotSchema = lazySchema(() =>
  z.object({
    tMs: z.number().min(0).max(TRAINING_LIMITS.tMsMax),
    zone: shotZoneSchema,
    /** The target the shot hit, when it hit one (best two hits count per target). */
    targetId: elementIdSchema.optional(),
  }),
);

const repSchema = lazySchema(() =>
  z.object({
    shots: z.array(shotSchema).max(TRAINING_LIMITS.shotsPerRepMax, { error: 'maxlength' }).default([]),
    passed: z.boolean().optional(),
    /**
     * The shootable cards and poppers shown during the rep: each card left short of two hits and
     * each popper left standing is a miss, as the player's scoring panel counted it. Without
     * them every scoring hit counts and only shots marked M are misses.
     */
    targetIds: z
      .array(elementIdSchema)
      .max(TRAINING_LIMITS.targetsPerRepMax, { error: 'maxlength' })
      .optional(),
    popperIds: z
      .array(elementIdSchema)
      .max(TRAINING_LIMITS.targetsPerRepMax, { error: 'maxlength' })
      .optional(),
  }),
);
export type TrainingRep = z.infer<typeof repSchema>;

/** Scores a kept rep as the player's panel scored it: with its targets when it carries them. */
export function scoreTrainingRep(rep: TrainingRep, powerFactor: PowerFactor): RepScore {
  if (rep.targetIds === undefined && rep.popperIds === undefined) return scoreRep(rep.shots, powerFactor);
  return scoreRep(rep.shots, powerFactor, { targetIds: rep.targetIds ?? [], popperIds: rep.popperIds ?? [] });
}

/** An instant with its offset, in the club's years (2000 to 2100) once read as UTC. */
const isoInstant = lazySchema(() =>
  z.iso
    .datetime({ offset: true, error: 'date' })
    // An unreadable text is the format check's to report: only one code per field.
    .refine((text) => Number.isNaN(Date.parse(text)) || isInClubYears(new Date(text).toISOString()), {
      error: 'date',
    }),
);

/** Body of POST /api/training/. */
export const trainingBodySchema = lazySchema(() =>
  z
    .object({
      stageId: z.string().regex(UUID_PATTERN, { error: 'pattern' }).optional(),
      libraryStageId: z.string().regex(UUID_PATTERN, { error: 'pattern' }).optional(),
      /** The stage's name when it was run (the stage may change or go later). */
      stageName: singleLineText(TRAINING_LIMITS.stageNameMax).optional(),
      startedAt: isoInstant,
      parMs: z.int().min(1).max(TRAINING_LIMITS.parMsMax).optional(),
      /** The power factor the shots are scored with (the member's, minor when unset). */
      powerFactor: z.enum(POWER_FACTORS).default('minor'),
      reps: z
        .array(repSchema)
        .min(1, { error: 'required' })
        .max(TRAINING_LIMITS.repsMax, { error: 'maxlength' }),
    })
    .refine((body) => !(body.stageId && body.libraryStageId), { error: 'unknown', path: ['stageId'] }),
);
export type TrainingBody = z.infer<typeof trainingBodySchema>;
export type TrainingBodyInput = z.input<typeof trainingBodySchema>;

/** One kept session as answered. */
export const trainingSessionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    stageId: z.string().nullable(),
    libraryStageId: z.string().nullable(),
    stageName: z.string().nullable(),
    startedAt: z.string(),
    /** The club's calendar day of startedAt (YYYY-MM-DD): streaks and weeks count these. */
    day: z.string(),
    parMs: z.int().nullable(),
    powerFactor: z.enum(POWER_FACTORS),
    reps: z.array(repSchema),
    shots: z.int(),
    passed: z.int(),
    failed: z.int(),
    /** Best hit factor of the session's reps with shots, or null when none had shots. */
    bestHitFactor: z.number().nullable(),
    createdAt: z.string(),
  }),
);
export type TrainingSession = z.infer<typeof trainingSessionSchema>;

export const bestByStageSchema = lazySchema(() =>
  z.object({
    /** libraryStageId, else stageId, else the stage name: what "the same stage" means in the log. */
    key: z.string(),
    libraryStageId: z.string().nullable(),
    stageId: z.string().nullable(),
    stageName: z.string().nullable(),
    hitFactor: z.number(),
    sessionId: z.string(),
    day: z.string(),
  }),
);
export type BestByStage = z.infer<typeof bestByStageSchema>;

/** GET /api/training/?before=&limit=: a page of sessions, newest first (the first by default). */
export const trainingLogQuerySchema = lazySchema(() =>
  z.strictObject({
    /** The nextCursor of the page before. */
    before: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'pattern' })
      .optional(),
    limit: z.coerce.number().int().min(1).max(TRAINING_LIMITS.pageMax).optional(),
  }),
);
export type TrainingLogQuery = z.infer<typeof trainingLogQuerySchema>;

/**
 * GET /api/training/: one page of sessions; streak, total shots and bests are of the whole log.
 * nextCursor (absent on the last page) asks for the next page with ?before=.
 */
export const weekTotalSchema = lazySchema(() =>
  z.object({
    /** Monday of the week (YYYY-MM-DD). */
    week: z.string(),
    sessions: z.int(),
    reps: z.int(),
  }),
);
export type WeekTotal = z.infer<typeof weekTotalSchema>;

export const trainingLogSchema = lazySchema(() =>
  z.object({
    sessions: z.array(trainingSessionSchema),
    streakDays: z.int(),
    totalShots: z.int(),
    bestByStage: z.array(bestByStageSchema),
    nextCursor: z.string().nullable().optional(),
    /** Sessions in the whole log. */
    totalSessions: z.int().optional(),
    /** Sessions and reps per week of the whole log, the last TRAINING_LIMITS.chartWeeks weeks, oldest first. */
    weeks: z.array(weekTotalSchema).optional(),
  }),
);
export type TrainingLog = z.infer<typeof trainingLogSchema>;

/** GET /api/training/events/{uuid}/ (staff): kept sessions on the event's stage per registered member. */
export const eventPracticeSchema = lazySchema(() =>
  z.object({
    stageId: z.string().nullable(),
    members: z.array(z.object({ uuid: z.string(), sessions: z.int() })),
  }),
);
export type EventPractice = z.infer<typeof eventPracticeSchema>;

/** Days in a row, ending today or yesterday, on which at least one session was kept. */
export function streakDays(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  const step = (day: string, by: number) => {
    const date = new Date(`${day}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + by);
    return date.toISOString().slice(0, 10);
  };
  let cursor = set.has(today) ? today : step(today, -1);
  let count = 0;
  while (set.has(cursor)) {
    count += 1;
    cursor = step(cursor, -1);
  }
  return count;
}

/** Monday (YYYY-MM-DD) of the ISO week of a calendar day. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const offset = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - offset);
  return date.toISOString().slice(0, 10);
}

/** Mondays of the `weeks` weeks ending with the week of `today`, oldest first. */
export function weekStarts(today: string, weeks: number = TRAINING_LIMITS.chartWeeks): string[] {
  const cursor = new Date(`${weekOf(today)}T12:00:00Z`);
  const starts: string[] = [];
  for (let i = 0; i < weeks; i += 1) {
    starts.unshift(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() - 7);
  }
  return starts;
}

/** Sums per-day totals into the weeks given (Mondays, oldest first); days outside them are left out. */
export function weekTotals(
  days: Iterable<{ day: string; sessions: number; reps: number }>,
  starts: readonly string[],
): WeekTotal[] {
  const totals = new Map(starts.map((week) => [week, { week, sessions: 0, reps: 0 }]));
  for (const { day, sessions, reps } of days) {
    const total = totals.get(weekOf(day));
    if (!total) continue;
    total.sessions += sessions;
    total.reps += reps;
  }
  return starts.map((week) => totals.get(week)!);
}
