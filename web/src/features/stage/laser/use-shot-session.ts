// The player's shot timer: strings of shots, each timed from its start signal (a drill's beep,
// or the moment free shooting began), scored with the targets that were shown during it.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { StagePoint } from '@club/stage-engine/coordinates';
import type { PlacedSize } from '@club/stage-engine/hit-test';
import type { Stage } from '@club/stage-engine/model';
import type { TargetShapes } from '@club/stage-engine/shapes';
import { resolveShot } from './shot-pipeline.ts';
import type { PlayerShot, StageSnapshot } from './shot-pipeline.ts';

/** One string of shots: a drill repetition, or free shooting outside a drill. */
export interface ShotString {
  /** Repetition number from 1, or null for free shooting. */
  readonly repetition: number | null;
  /** performance.now() of the start signal. */
  readonly zeroAtMs: number;
  readonly shots: readonly PlayerShot[];
  /** Elements shown during the string: the targets it must score. */
  readonly seenIds: ReadonlySet<string>;
  /** False once the repetition has ended: later shots belong to no string. */
  readonly open: boolean;
}

export interface ShotSession {
  readonly strings: readonly ShotString[];
  /** The string now shown (the last one). */
  readonly current: ShotString | null;
  /** Begins a string at a start signal. */
  startString: (repetition: number | null, zeroAtMs: number, seenIds: Iterable<string>) => void;
  /** Closes the open string (end of a repetition). */
  endString: () => void;
  /** Adds elements seen while the string runs. */
  markSeen: (ids: Iterable<string>) => void;
  /** Scores a shot at a stage point fired at an instant; false when no string is open. */
  fire: (
    point: StagePoint,
    atMs: number,
    snapshot: StageSnapshot | null,
    sizeOf?: PlacedSize,
    shapes?: TargetShapes,
  ) => PlayerShot | null;
  /** Forgets every string. */
  clear: () => void;
}

/** Shot strings of the player for a stage. */
export function useShotSession(stage: Stage): ShotSession {
  const stringsRef = useRef<ShotString[]>([]);
  const [strings, setStrings] = useState<readonly ShotString[]>([]);
  const publish = useCallback(() => setStrings([...stringsRef.current]), []);

  const replaceLast = useCallback(
    (update: (last: ShotString) => ShotString) => {
      const list = stringsRef.current;
      const last = list.at(-1);
      if (last === undefined) return;
      list[list.length - 1] = update(last);
      publish();
    },
    [publish],
  );

  const startString = useCallback(
    (repetition: number | null, zeroAtMs: number, seenIds: Iterable<string>) => {
      stringsRef.current = [
        // Free shooting is one string at a time; drill repetitions are kept side by side.
        ...stringsRef.current.filter((item) => item.repetition !== null && repetition !== null),
        { repetition, zeroAtMs, shots: [], seenIds: new Set(seenIds), open: true },
      ];
      publish();
    },
    [publish],
  );

  const endString = useCallback(() => replaceLast((last) => ({ ...last, open: false })), [replaceLast]);

  const markSeen = useCallback((ids: Iterable<string>) => {
    const last = stringsRef.current.at(-1);
    if (last === undefined || !last.open) return;
    let added = false;
    const seen = new Set(last.seenIds);
    for (const id of ids) {
      if (!seen.has(id)) {
        seen.add(id);
        added = true;
      }
    }
    // Written without a render: the score reads it at the next shot.
    if (added) stringsRef.current[stringsRef.current.length - 1] = { ...last, seenIds: seen };
  }, []);

  const fire = useCallback(
    (
      point: StagePoint,
      atMs: number,
      snapshot: StageSnapshot | null,
      sizeOf?: PlacedSize,
      shapes?: TargetShapes,
    ): PlayerShot | null => {
      const last = stringsRef.current.at(-1);
      if (last === undefined || !last.open || atMs < last.zeroAtMs) return null;
      const shot: PlayerShot = {
        number: last.shots.length + 1,
        tMs: Math.round(atMs - last.zeroAtMs),
        point,
        ...resolveShot(stage, point, snapshot, sizeOf, shapes),
      };
      replaceLast((current) => ({ ...current, shots: [...current.shots, shot] }));
      return shot;
    },
    [stage, replaceLast],
  );

  const clear = useCallback(() => {
    stringsRef.current = [];
    publish();
  }, [publish]);

  return useMemo(
    () => ({ strings, current: strings.at(-1) ?? null, startString, endString, markSeen, fire, clear }),
    [strings, startString, endString, markSeen, fire, clear],
  );
}
