// The one path every shot takes once it has a place on the stage, whether a laser dot seen by
// the camera or a click: find how the stage looked at that instant, call the zone, time it from
// the start signal. Pure, so the click and the camera cannot score the same shot differently.
import { scoreRep } from '@club/contract/scoring';
import type { PowerFactor, RepScore, ShotZone } from '@club/contract/scoring';
import type { StagePoint } from '@club/stage-engine/coordinates';
import { placeAtRest } from '@club/stage-engine/hit-test';
import type { PlacedElement, PlacedSize } from '@club/stage-engine/hit-test';
import type { Stage } from '@club/stage-engine/model';
import type { TargetShapes } from '@club/stage-engine/shapes';
import { isPopper, isShootable, zoneAt } from '@club/stage-engine/zones';

/** How the stage was drawn at one instant (performance.now milliseconds). */
export interface StageSnapshot {
  readonly atMs: number;
  readonly placed: readonly PlacedElement[];
}

/** One scored shot of the player. */
export interface PlayerShot {
  /** Order of the shot in its string, from 1. */
  readonly number: number;
  /** Milliseconds from the start signal (or from the start of free shooting). */
  readonly tMs: number;
  readonly zone: ShotZone;
  readonly targetId?: string;
  readonly point: StagePoint;
}

/** Keeps the last second or so of drawn frames, so a shot seen late is scored as the stage then was. */
export class SnapshotHistory {
  private readonly snapshots: StageSnapshot[] = [];

  constructor(private readonly keepMs = 1500) {}

  /** Records a drawn frame. */
  push(snapshot: StageSnapshot): void {
    this.snapshots.push(snapshot);
    const oldest = snapshot.atMs - this.keepMs;
    while (this.snapshots.length > 1 && this.snapshots[0]!.atMs < oldest) this.snapshots.shift();
  }

  /** Forgets every frame (the stage went back to rest). */
  clear(): void {
    this.snapshots.length = 0;
  }

  /** The frame on screen at an instant: the last one drawn at or before it, else the oldest kept; null when empty. */
  at(atMs: number): StageSnapshot | null {
    for (let index = this.snapshots.length - 1; index >= 0; index -= 1) {
      if (this.snapshots[index]!.atMs <= atMs) return this.snapshots[index]!;
    }
    return this.snapshots[0] ?? null;
  }
}

/** The zone and element a shot at a stage point hits, with the stage as drawn then (at rest when nothing was drawn). */
export function resolveShot(
  stage: Stage,
  point: StagePoint,
  snapshot: StageSnapshot | null,
  sizeOf?: PlacedSize,
  shapes?: TargetShapes,
): { zone: ShotZone; targetId?: string } {
  const hit = zoneAt(stage, point, snapshot?.placed ?? placeAtRest(stage), sizeOf, shapes);
  return hit.elementId === null ? { zone: hit.zone } : { zone: hit.zone, targetId: hit.elementId };
}

/** Ids of the elements a repetition must score: shootable cards (two hits) and poppers (one). */
export function requiredTargets(
  stage: Stage,
  seenIds: ReadonlySet<string>,
): { targetIds: string[]; popperIds: string[] } {
  const targetIds: string[] = [];
  const popperIds: string[] = [];
  for (const element of stage.elements) {
    if (!seenIds.has(element.id) || !isShootable(element)) continue;
    (isPopper(element) ? popperIds : targetIds).push(element.id);
  }
  return { targetIds, popperIds };
}

/** Scores a string of shots against the targets that were shown. */
export function scoreString(
  stage: Stage,
  shots: readonly PlayerShot[],
  seenIds: ReadonlySet<string>,
  powerFactor: PowerFactor,
): RepScore {
  return scoreRep(shots, powerFactor, requiredTargets(stage, seenIds));
}
