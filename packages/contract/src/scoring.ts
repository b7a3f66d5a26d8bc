// Scoring of a dry-fire repetition (API.md "zones and scoring"): IPSC points by power factor,
// misses and no-shoots as penalties, and the hit factor. The drill player scores reps with it
// and the server computes the training log's bests with it, so both agree to the point.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** Where a shot landed: A, C, D zones, miss, no-shoot hit, popper down, into hard cover. */
export const SHOT_ZONES = ['A', 'C', 'D', 'M', 'NS', 'P', 'HC'] as const;
export type ShotZone = (typeof SHOT_ZONES)[number];
export const shotZoneSchema = lazySchema(() => z.enum(SHOT_ZONES));

export const POWER_FACTORS = ['major', 'minor'] as const;
export type PowerFactor = (typeof POWER_FACTORS)[number];

/** Points of each scoring zone by power factor (IPSC: major A5 C4 D2, minor A5 C3 D1). */
export const ZONE_POINTS: Record<PowerFactor, Record<'A' | 'C' | 'D', number>> = {
  major: { A: 5, C: 4, D: 2 },
  minor: { A: 5, C: 3, D: 1 },
};
/** Penalty of a miss and of a no-shoot hit. */
export const PENALTY_POINTS = 10;

export interface ScoredShot {
  /** Milliseconds from the start signal. */
  tMs: number;
  zone: ShotZone;
  /** The target the shot hit, when it hit one: best-two-hits is counted per target. */
  targetId?: string;
}

export interface RepScore {
  points: number;
  /** Points before penalties. */
  hitPoints: number;
  penalties: number;
  counts: Record<ShotZone, number>;
  /** Milliseconds to the last shot, or null when no shot was fired. */
  timeMs: number | null;
  /** Points per second to the last shot (never negative); 0 when no shot was fired. */
  hitFactor: number;
}

/** Time of the first shot, the splits between shots, and the last shot (ms from the start). */
export function shotTimes(shots: readonly Pick<ScoredShot, 'tMs'>[]): {
  firstMs: number | null;
  splitsMs: number[];
  lastMs: number | null;
} {
  const times = shots.map((s) => s.tMs).sort((a, b) => a - b);
  const splitsMs = times.slice(1).map((t, i) => t - times[i]!);
  return { firstMs: times[0] ?? null, splitsMs, lastMs: times.at(-1) ?? null };
}

/**
 * Scores one repetition. With `requiredHitsPerTarget` (IPSC paper: 2) and the ids of the
 * shootable targets, each target's best hits up to that number count and every hit short of
 * it is a miss; `popperIds` (with `targetIds`) need one `P` hit each, worth an A, or count a
 * miss. Without target ids, every scoring hit and each popper down counts and only `M` shots
 * are misses.
 */
export function scoreRep(
  shots: readonly ScoredShot[],
  powerFactor: PowerFactor,
  options: {
    targetIds?: readonly string[];
    requiredHitsPerTarget?: number;
    popperIds?: readonly string[];
  } = {},
): RepScore {
  const counts = Object.fromEntries(SHOT_ZONES.map((z) => [z, 0])) as Record<ShotZone, number>;
  for (const shot of shots) counts[shot.zone] += 1;
  const table = ZONE_POINTS[powerFactor];
  const required = options.requiredHitsPerTarget ?? 2;
  let hitPoints = 0;
  let misses = counts.M;
  if (options.targetIds) {
    misses = 0;
    const byTarget = new Map<string, number[]>();
    for (const id of options.targetIds) byTarget.set(id, []);
    for (const shot of shots) {
      if (shot.zone !== 'A' && shot.zone !== 'C' && shot.zone !== 'D') continue;
      if (shot.targetId === undefined) continue;
      byTarget.get(shot.targetId)?.push(table[shot.zone]);
    }
    for (const values of byTarget.values()) {
      const best = values.sort((a, b) => b - a).slice(0, required);
      hitPoints += best.reduce((sum, v) => sum + v, 0);
      misses += required - best.length;
    }
    // A popper needs one hit to fall and scores as an A; one left standing is a miss.
    const down = new Set(shots.filter((shot) => shot.zone === 'P').map((shot) => shot.targetId));
    for (const id of options.popperIds ?? []) {
      if (down.has(id)) hitPoints += table.A;
      else misses += 1;
    }
  } else {
    hitPoints += counts.P * table.A;
    for (const shot of shots) {
      if (shot.zone === 'A' || shot.zone === 'C' || shot.zone === 'D') hitPoints += table[shot.zone];
    }
  }
  const penalties = (misses + counts.NS) * PENALTY_POINTS;
  const points = hitPoints - penalties;
  const { lastMs } = shotTimes(shots);
  const hitFactor = lastMs && lastMs > 0 ? Math.max(0, points) / (lastMs / 1000) : 0;
  return { points, hitPoints, penalties, counts, timeMs: lastMs, hitFactor };
}
