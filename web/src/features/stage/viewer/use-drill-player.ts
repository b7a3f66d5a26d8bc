import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineState } from '@club/contract/stage';
import type { TrainingRep } from '@club/contract/library';
import { createViewport } from '@club/stage-engine/coordinates';
import type { StagePoint, Viewport } from '@club/stage-engine/coordinates';
import type { Stage } from '@club/stage-engine/model';
import type { TargetShapes } from '@club/stage-engine/shapes';
import { StageRenderer } from '@club/stage-engine/renderer';
import type { DrillCue } from '@club/stage-engine/scheduler';
import { TEST_HOOKS } from '../../../lib/test-hooks.ts';
import { beepPar, beepStart, unlockAudio } from '../beep.ts';
import { keptReps } from '../hooks/use-keep-session.ts';
import type { DrillSettings, StoredCalibration } from '../stage-storage.ts';
import { SnapshotHistory } from '../laser/shot-pipeline.ts';
import type { ShotSession } from '../laser/use-shot-session.ts';

export type RunState = 'stopped' | 'running' | 'paused';

/** What the big status line over the canvas says during a drill. */
export type DrillStatus =
  | { kind: 'standby'; repetition: number; of: number }
  | { kind: 'go'; repetition: number; of: number }
  | { kind: 'par'; repetition: number; of: number }
  | { kind: 'rest'; repetition: number; of: number }
  | { kind: 'done' };

export interface DrillPlayerOptions {
  stage: Stage;
  calibration: StoredCalibration;
  /** The club's target shapes: the targets are drawn and every shot scored at them. */
  shapes: TargetShapes;
  /** Where the shots of each repetition are kept (a repetition is a string). */
  session: ShotSession;
  /** Told the kept repetitions when a drill ends (stable across renders). */
  drillEnded(reps: TrainingRep[] | undefined): void;
}

/**
 * The stage engine on the viewer's canvas: it draws the stage, plays it and runs the drill
 * (start signal, par time, rest), timing each repetition's string of shots from the beep, and
 * keeps the recent frames so a shot seen late is scored against the stage as it was.
 */
export function useDrillPlayer({ stage, calibration, shapes, session, drillEnded }: DrillPlayerOptions) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<StageRenderer | null>(null);
  const historyRef = useRef(new SnapshotHistory());
  const repetitionsRef = useRef(0);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const stageRef = useRef(stage);
  stageRef.current = stage;
  const shapesRef = useRef(shapes);
  shapesRef.current = shapes;
  const calibrationRef = useRef(calibration);
  calibrationRef.current = calibration;
  const [runState, setRunState] = useState<RunState>('stopped');
  const [drillStatus, setDrillStatus] = useState<DrillStatus | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);

  const onCue = useCallback((cue: DrillCue) => {
    const of = repetitionsRef.current;
    const repetition = cue.repetition + 1;
    switch (cue.kind) {
      case 'repetition-begin':
        setDrillStatus({ kind: 'standby', repetition, of });
        break;
      case 'start-signal':
        beepStart();
        // Shots are timed from the moment the beep sounds, as a shot timer does.
        sessionRef.current.startString(repetition, performance.now(), []);
        setDrillStatus({ kind: 'go', repetition, of });
        break;
      case 'par':
        beepPar();
        setDrillStatus({ kind: 'par', repetition, of });
        break;
      case 'repetition-end':
        sessionRef.current.endString();
        setDrillStatus({ kind: 'rest', repetition, of });
        break;
      case 'drill-end':
        setDrillStatus({ kind: 'done' });
        // The drill is over: the stage returns to its designed places and play starts afresh.
        // Deferred so the renderer finishes the frame that announced the end first.
        queueMicrotask(() => {
          historyRef.current.clear();
          rendererRef.current?.stopAll();
          if (TEST_HOOKS && canvasRef.current) canvasRef.current.dataset.engineState = String(EngineState.stopped);
        });
        setRunState('stopped');
        drillEnded(keptReps(sessionRef.current.strings, stageRef.current));
        break;
    }
  }, [drillEnded]);

  // The renderer measures its box, makes its canvas and draws the stage: made in a task of its
  // own after the commit that mounts the viewer (as the designer's is), the commit and the
  // canvas's first drawing are two tasks rather than one long one a tap has to wait out. It starts
  // with the club's target sizes and the real-size setting as they are then.
  useEffect(() => {
    const container = canvasRef.current;
    if (container === null) return;
    let made: StageRenderer | null = null;
    const timer = window.setTimeout(() => {
      let frames = 0;
      const renderer = new StageRenderer(container, {
        mode: 'view',
        // Behind the targets: our drawing of an indoor range backstop, the canvas box's CSS
        // background (`.stage-canvas--range`), there from the drawn page's first paint.
        backdrop: 'container',
        targetShapes: shapesRef.current,
        onCue,
        onFrame: (frame) => {
          // Kept so a shot seen a few frames late is scored against the stage as it was then.
          historyRef.current.push({ atMs: performance.now(), placed: frame.elements });
          sessionRef.current.markSeen(frame.elements.filter((item) => item.visible).map((item) => item.id));
          if (!TEST_HOOKS) return;
          // State for tests and benches (test builds only), written straight to the DOM: no React
          // render per frame. Every tenth frame is enough for the counter.
          frames += 1;
          const state = String(frame.state);
          if (container.dataset.engineState !== state) container.dataset.engineState = state;
          if (frames % 10 === 0) container.dataset.frames = String(frames);
        },
      });
      renderer.setRealSize(realSizeOf(calibrationRef.current));
      renderer.setStage(stage);
      made = renderer;
      rendererRef.current = renderer;
    }, 0);
    return () => {
      window.clearTimeout(timer);
      if (made === null) return;
      made.destroy();
      if (rendererRef.current === made) rendererRef.current = null;
    };
  }, [stage, onCue]);

  // The targets are drawn and scored at the club's sizes (measured by staff, or the approximate
  // defaults until the answer comes).
  useEffect(() => {
    rendererRef.current?.setTargetShapes(shapes);
  }, [shapes]);

  useEffect(() => {
    rendererRef.current?.setRealSize(realSizeOf(calibration));
  }, [calibration]);

  useEffect(() => {
    const container = canvasRef.current;
    if (container === null) return;
    const measure = () =>
      setViewport(createViewport(container.clientWidth, container.clientHeight, stage.designWidth, stage.designHeight));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [stage]);

  const syncState = () => {
    const state = rendererRef.current?.state ?? EngineState.stopped;
    if (TEST_HOOKS && canvasRef.current) canvasRef.current.dataset.engineState = String(state);
  };

  const play = () => {
    unlockAudio();
    rendererRef.current?.start();
    setRunState('running');
    syncState();
  };
  const pause = () => {
    rendererRef.current?.pause();
    setRunState('paused');
    syncState();
  };
  const stop = () => {
    rendererRef.current?.stopAll();
    historyRef.current.clear();
    setRunState('stopped');
    setDrillStatus(null);
    syncState();
  };
  /** Starts a drill of these settings from the first repetition; the shots kept so far are cleared. */
  const startDrill = (settings: DrillSettings) => {
    repetitionsRef.current = settings.repetitions;
    historyRef.current.clear();
    sessionRef.current.clear();
    unlockAudio();
    rendererRef.current?.startDrill({
      repetitions: settings.repetitions,
      repetitionMs: settings.repetitionSeconds * 1000,
      parTimeMs: settings.parTimeEnabled ? settings.parTimeSeconds * 1000 : null,
      startDelayMinMs: settings.delayMinSeconds * 1000,
      startDelayMaxMs: settings.delayMaxSeconds * 1000,
      restMs: settings.restSeconds * 1000,
    });
    setRunState('running');
    syncState();
  };
  /** True while nothing moves: the stage stands as designed (or no engine yet). */
  const atRest = useCallback(
    () => rendererRef.current === null || rendererRef.current.state === EngineState.stopped,
    [],
  );
  /** Every shot, from a click or from the camera, enters here with its stage point and instant. */
  const fireAt = useCallback((point: StagePoint, atMs: number) => {
    const renderer = rendererRef.current;
    // Scored against the shapes and sizes the renderer draws: the club's measured targets.
    sessionRef.current.fire(point, atMs, historyRef.current.at(atMs), renderer?.placedSize(), renderer?.targetShapes());
  }, []);

  return { canvasRef, rendererRef, runState, drillStatus, viewport, play, pause, stop, startDrill, atRest, fireAt };
}

/** The renderer's real-size setting from the stored calibration (null: stage sizes). */
function realSizeOf(calibration: StoredCalibration) {
  const { enabled, ...realSize } = calibration;
  return enabled ? realSize : null;
}
