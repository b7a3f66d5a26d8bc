import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { TrainingRep } from '@club/contract/library';
import type { Stage } from '@club/stage-engine/model';
import type { DrillSettings } from '../stage-storage.ts';
import { requiredTargets } from '../laser/shot-pipeline.ts';
import type { ShotString } from '../laser/use-shot-session.ts';
import { useLibraryParam } from './use-route-stage.tsx';

/** A finished drill waiting for the member to keep it or not. */
export interface FinishedDrill {
  readonly startedAt: string;
  readonly parMs: number | null;
  readonly reps: readonly TrainingRep[];
  /** Where the stage came from: the member's or a public stage, a library stage, or this browser. */
  readonly stageId: string | null;
  readonly libraryStageId: string | null;
}

/**
 * The drill's reps with the shots the player scored and the targets each rep showed, so the log
 * scores them as the panel did; undefined when no shot was fired (marked by hand).
 */
export function keptReps(strings: readonly ShotString[], stage: Stage): TrainingRep[] | undefined {
  const reps = strings
    .filter((string) => string.repetition !== null)
    .map((string): TrainingRep => ({
      shots: string.shots.map(({ tMs, zone, targetId }) => ({
        tMs: Math.max(0, Math.round(tMs)),
        zone,
        ...(targetId === undefined ? {} : { targetId }),
      })),
      ...requiredTargets(stage, string.seenIds),
    }));
  return reps.some((rep) => rep.shots.length > 0) ? reps : undefined;
}

/**
 * Remembers when a drill started and, when it ends, offers it for the training log. The player
 * calls `drillStarted` and `drillEnded` (with the reps' shots when a camera scored them, or
 * nothing: the member then marks each rep passed or failed by hand).
 */
export function useKeepSession() {
  const { id } = useParams();
  const libraryStageId = useLibraryParam();
  // Read through a ref so drillEnded stays one function: the player's cue handler is built once.
  const source = useRef({ id, libraryStageId });
  source.current = { id, libraryStageId };
  const started = useRef<{ startedAt: string; parMs: number | null; repetitions: number } | null>(null);
  const [finished, setFinished] = useState<FinishedDrill | null>(null);

  const drillStarted = useCallback((settings: DrillSettings) => {
    started.current = {
      startedAt: new Date().toISOString(),
      parMs: settings.parTimeEnabled ? Math.round(settings.parTimeSeconds * 1000) : null,
      repetitions: settings.repetitions,
    };
  }, []);

  const drillEnded = useCallback(
    (reps?: readonly TrainingRep[]) => {
      const run = started.current;
      started.current = null;
      if (run === null) return;
      setFinished({
        startedAt: run.startedAt,
        parMs: run.parMs,
        reps: reps ?? Array.from({ length: run.repetitions }, () => ({ shots: [] })),
        stageId: source.current.id ?? null,
        libraryStageId: source.current.id === undefined ? source.current.libraryStageId : null,
      });
    },
    [],
  );

  const dismiss = useCallback(() => setFinished(null), []);
  return { finished, drillStarted, drillEnded, dismiss };
}
