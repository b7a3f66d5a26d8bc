// The drill scheduler: which elements are visible, where and how large, at any moment of a drill.
// It is an event simulation over drill time: visibility changes are processed in time order
// (ties in element order) and every random draw happens at such an event, so a seeded run gives
// the same sequence whether the screen ticks at 30, 60 or 144 frames a second. Clock and random
// source are injected; the scheduler never reads the wall clock itself.
import { EngineState, STAGE_LIMITS, VisibleTimeType } from '@club/contract/stage';
import { poseAt, RESTING_POSE } from './animation.ts';
import type { Pose } from './animation.ts';
import { clampPosition, clampScale, clampVisibleTime } from './clamp.ts';
import { elementPositionSize } from './coordinates.ts';
import type { Stage, StageElement } from './model.ts';
import { randomBetween, randomIndex } from './random.ts';
import { DEFAULT_TARGET_SHAPES } from './shapes.ts';
import type { TargetShapes } from './shapes.ts';
import type { RandomSource } from './random.ts';

/** A monotonic clock in milliseconds (performance.now in the browser, a fake in tests). */
export interface Clock {
  now(): number;
}

/** Range of a random scale draw: wide enough to vary apparent distance, inside SPEC's 0.3…8. */
export const RANDOM_SCALE_RANGE = { min: 0.5, max: 1.5 } as const;

/** What one element looks like in one frame of a drill. */
export interface ElementFrame {
  readonly id: string;
  readonly element: StageElement;
  /** Shown by the scheduler and not edge-on in its animation. */
  readonly visible: boolean;
  readonly positionX: number;
  readonly positionY: number;
  readonly scale: number;
  readonly pose: Pose;
  /** How many times the element has appeared since the drill (or repetition) began. */
  readonly appearances: number;
}

/** One frame of a drill. */
export interface DrillFrame {
  readonly state: EngineState;
  /** Drill time in ms: advances only while running. */
  readonly timeMs: number;
  readonly elements: readonly ElementFrame[];
}

/** Options of a scheduler: the injected clock and random source. */
export interface SchedulerOptions {
  readonly clock: Clock;
  readonly random: RandomSource;
  /** The target shapes drawn (the club's sizes); the defaults when absent. */
  readonly shapes?: TargetShapes;
}

interface Track {
  readonly element: StageElement;
  shown: boolean;
  /** Drill time of the next visibility change; Infinity when none is due. */
  nextChangeMs: number;
  /** Drill time the current appearance began: the time base of its animation. */
  appearedAtMs: number;
  positionX: number;
  positionY: number;
  scale: number;
  appearances: number;
}

/** Schedules visibility, random position and scale, and animation poses of a stage's elements. */
export class DrillScheduler {
  private stage: Stage;
  private readonly clock: Clock;
  private readonly random: RandomSource;
  private readonly shapes: TargetShapes;
  private tracks: Track[] = [];
  private engineState: EngineState = EngineState.stopped;
  private accumulatedMs = 0;
  private runningSinceMs = 0;
  private simulatedToMs = 0;

  constructor(stage: Stage, options: SchedulerOptions) {
    this.stage = stage;
    this.clock = options.clock;
    this.random = options.random;
    this.shapes = options.shapes ?? DEFAULT_TARGET_SHAPES;
  }

  /** Running, paused or stopped (SPEC §3 engine state). */
  get state(): EngineState {
    return this.engineState;
  }

  /** Drill time in ms now: it advances only while running. */
  elapsedMs(): number {
    if (this.engineState !== EngineState.running) return this.accumulatedMs;
    return this.accumulatedMs + Math.max(0, this.clock.now() - this.runningSinceMs);
  }

  /** Starts a stopped drill from time 0, or resumes a paused one. */
  start(): void {
    if (this.engineState === EngineState.running) return;
    if (this.engineState === EngineState.stopped) {
      this.accumulatedMs = 0;
      this.restartAt(0);
    }
    this.runningSinceMs = this.clock.now();
    this.engineState = EngineState.running;
  }

  /** Pauses a running drill; drill time and every element freeze. */
  pause(): void {
    if (this.engineState !== EngineState.running) return;
    this.accumulatedMs = this.elapsedMs();
    this.engineState = EngineState.paused;
  }

  /** Stops the drill: elements go back to their designed places, at rest and visible. */
  stop(): void {
    this.engineState = EngineState.stopped;
    this.accumulatedMs = 0;
    this.tracks = [];
  }

  /** Replaces the stage; a running or paused drill starts over at the current drill time. */
  setStage(stage: Stage): void {
    this.stage = stage;
    if (this.engineState !== EngineState.stopped) this.restartAt(this.elapsedMs());
  }

  /** Begins a new repetition now: every element appears afresh with new random draws. */
  nextRepetition(): void {
    if (this.engineState === EngineState.stopped) return;
    this.restartAt(this.elapsedMs());
  }

  /** Processes every event up to a drill time, then begins a new repetition there (for planned drills). */
  restartAt(drillMs: number): void {
    this.advanceTo(drillMs);
    this.simulatedToMs = drillMs;
    this.tracks = this.stage.elements.map((element) => ({
      element,
      shown: false,
      nextChangeMs: Infinity,
      appearedAtMs: drillMs,
      positionX: element.positionX,
      positionY: element.positionY,
      scale: element.scale,
      appearances: 0,
    }));
    if (this.stage.randomElements) {
      const slots = Math.min(this.stage.maxRandomElements, this.tracks.length);
      for (let slot = 0; slot < slots; slot += 1) this.showRandomHidden(drillMs, null);
    } else {
      for (const track of this.tracks) this.appear(track, drillMs);
    }
  }

  /** The frame at the current drill time, after processing every event up to it. */
  frame(): DrillFrame {
    const timeMs = this.elapsedMs();
    if (this.engineState === EngineState.stopped) {
      return { state: this.engineState, timeMs, elements: this.stage.elements.map(restingFrame) };
    }
    this.advanceTo(timeMs);
    const elements = this.tracks.map((track): ElementFrame => {
      const pose = track.shown
        ? poseAt(track.element, timeMs - track.appearedAtMs, this.shapes)
        : RESTING_POSE;
      return {
        id: track.element.id,
        element: track.element,
        visible: track.shown && pose.visible,
        positionX: track.positionX,
        positionY: track.positionY,
        scale: track.scale,
        pose,
        appearances: track.appearances,
      };
    });
    return { state: this.engineState, timeMs, elements };
  }

  /** Processes visibility events in time order up to a drill time. */
  private advanceTo(drillMs: number): void {
    if (drillMs < this.simulatedToMs) return;
    for (;;) {
      let next: Track | null = null;
      for (const track of this.tracks) {
        if (track.nextChangeMs <= drillMs && (next === null || track.nextChangeMs < next.nextChangeMs))
          next = track;
      }
      if (next === null) break;
      const at = next.nextChangeMs;
      if (next.shown) this.disappear(next, at);
      else this.appear(next, at);
    }
    this.simulatedToMs = drillMs;
  }

  private appear(track: Track, atMs: number): void {
    const { element } = track;
    track.shown = true;
    track.appearedAtMs = atMs;
    track.appearances += 1;
    track.scale = element.randomScale
      ? clampScale(randomBetween(this.random, RANDOM_SCALE_RANGE.min, RANDOM_SCALE_RANGE.max))
      : element.scale;
    if (element.randomPosition) {
      // Keep the whole element on the stage at the scale it was just given.
      const size = elementPositionSize(
        element,
        this.stage.designWidth,
        this.stage.designHeight,
        track.scale,
        this.shapes,
      );
      const spanX = Math.max(0, STAGE_LIMITS.positionMax - size.width / 2);
      const spanY = Math.max(0, STAGE_LIMITS.positionMax - size.height / 2);
      track.positionX = clampPosition(randomBetween(this.random, -spanX, spanX));
      track.positionY = clampPosition(randomBetween(this.random, -spanY, spanY));
    } else {
      track.positionX = element.positionX;
      track.positionY = element.positionY;
    }
    const visibleMs = this.visibleDurationMs(element);
    track.nextChangeMs = visibleMs === null ? Infinity : atMs + visibleMs;
  }

  private disappear(track: Track, atMs: number): void {
    track.shown = false;
    if (this.stage.randomElements) {
      // The slot passes at once to another hidden element, so at most maxRandomElements show.
      track.nextChangeMs = Infinity;
      this.showRandomHidden(atMs, track);
      return;
    }
    const hiddenMs =
      track.element.visibleTimeMode === VisibleTimeType.random
        ? this.randomVisibleTimeMs()
        : clampVisibleTime(track.element.visibleTimeSeconds) * 1000;
    track.nextChangeMs = atMs + hiddenMs;
  }

  /** Visible duration of one appearance, or null for "always". */
  private visibleDurationMs(element: StageElement): number | null {
    switch (element.visibleTimeMode) {
      case VisibleTimeType.fixed:
        return clampVisibleTime(element.visibleTimeSeconds) * 1000;
      case VisibleTimeType.random:
        return this.randomVisibleTimeMs();
      default:
        // In random-elements mode even an always-visible element must hand its slot on.
        return this.stage.randomElements ? this.randomVisibleTimeMs() : null;
    }
  }

  private randomVisibleTimeMs(): number {
    return (
      clampVisibleTime(randomBetween(this.random, STAGE_LIMITS.visibleTimeMin, STAGE_LIMITS.visibleTimeMax)) *
      1000
    );
  }

  private showRandomHidden(atMs: number, justHidden: Track | null): void {
    const hidden = this.tracks.filter((track) => !track.shown);
    // Prefer another element than the one that just left, when there is one.
    const candidates =
      hidden.length > 1 && justHidden !== null ? hidden.filter((track) => track !== justHidden) : hidden;
    if (candidates.length === 0) return;
    this.appear(candidates[randomIndex(this.random, candidates.length)], atMs);
  }
}

function restingFrame(element: StageElement): ElementFrame {
  return {
    id: element.id,
    element,
    visible: true,
    positionX: element.positionX,
    positionY: element.positionY,
    scale: element.scale,
    pose: RESTING_POSE,
    appearances: 0,
  };
}

/** Options of a planned drill (all times in ms). */
export interface DrillPlanOptions {
  readonly repetitions: number;
  /** The start signal comes after a random delay in this range (1–4 s by default). */
  readonly startDelayMinMs?: number;
  readonly startDelayMaxMs?: number;
  /** Optional par time after the start signal; null for none. */
  readonly parTimeMs?: number | null;
  /** How long each repetition runs after its start signal. */
  readonly repetitionMs: number;
  /** Rest between the end of one repetition and the next. */
  readonly restMs?: number;
}

/** When each repetition begins, beeps and ends, in drill time. */
export interface RepetitionPlan {
  readonly index: number;
  readonly beginAtMs: number;
  readonly startSignalAtMs: number;
  readonly parAtMs: number | null;
  readonly endAtMs: number;
}

/** Plans a drill's repetitions with their random start delays (pure given the random source). */
export function planDrill(options: DrillPlanOptions, random: RandomSource): RepetitionPlan[] {
  const minDelay = options.startDelayMinMs ?? 1000;
  const maxDelay = Math.max(minDelay, options.startDelayMaxMs ?? 4000);
  const plans: RepetitionPlan[] = [];
  let cursor = 0;
  for (let index = 0; index < Math.max(0, Math.floor(options.repetitions)); index += 1) {
    const startSignalAtMs = cursor + Math.round(randomBetween(random, minDelay, maxDelay));
    const parAtMs = options.parTimeMs == null ? null : startSignalAtMs + options.parTimeMs;
    const endAtMs = startSignalAtMs + Math.max(options.repetitionMs, options.parTimeMs ?? 0);
    plans.push({ index, beginAtMs: cursor, startSignalAtMs, parAtMs, endAtMs });
    cursor = endAtMs + (options.restMs ?? 0);
  }
  return plans;
}

/** Something the viewer should announce: a beep for the start signal or the par time, or the end. */
export interface DrillCue {
  readonly kind: 'repetition-begin' | 'start-signal' | 'par' | 'repetition-end' | 'drill-end';
  readonly repetition: number;
  readonly atMs: number;
}

/** One update of a planned drill: the frame and the cues passed since the previous update. */
export interface DrillUpdate {
  readonly frame: DrillFrame;
  readonly cues: readonly DrillCue[];
  /** Index of the current repetition (the last one once finished). */
  readonly repetition: number;
  readonly finished: boolean;
  /** Waiting for the start signal, live (targets up), or resting after the repetition. */
  readonly phase: 'waiting' | 'live' | 'rest';
}

/** A planned drill: repetitions with random start delays, each re-drawing random positions. */
export class Drill {
  readonly plan: readonly RepetitionPlan[];
  private readonly scheduler: DrillScheduler;
  private readonly cues: DrillCue[];
  private nextCue = 0;
  private repetitionsBegun = 0;

  constructor(stage: Stage, options: SchedulerOptions & DrillPlanOptions) {
    // The plan draws first so the element draws that follow are the same for a given seed.
    this.plan = planDrill(options, options.random);
    this.scheduler = new DrillScheduler(stage, options);
    this.cues = this.plan.flatMap((repetition): DrillCue[] => [
      { kind: 'repetition-begin', repetition: repetition.index, atMs: repetition.beginAtMs },
      { kind: 'start-signal', repetition: repetition.index, atMs: repetition.startSignalAtMs },
      ...(repetition.parAtMs === null
        ? []
        : [{ kind: 'par' as const, repetition: repetition.index, atMs: repetition.parAtMs }]),
      { kind: 'repetition-end', repetition: repetition.index, atMs: repetition.endAtMs },
    ]);
    const last = this.plan[this.plan.length - 1];
    if (last) this.cues.push({ kind: 'drill-end', repetition: last.index, atMs: last.endAtMs });
    this.cues.sort((a, b) => a.atMs - b.atMs);
  }

  /** Running, paused or stopped. */
  get state(): EngineState {
    return this.scheduler.state;
  }

  /** Starts (from the beginning when stopped) or resumes the drill. */
  start(): void {
    if (this.scheduler.state === EngineState.stopped) {
      this.nextCue = 0;
      this.repetitionsBegun = 0;
    }
    this.scheduler.start();
  }

  /** Pauses the drill. */
  pause(): void {
    this.scheduler.pause();
  }

  /** Stops the drill; start() begins it again from the first repetition. */
  stop(): void {
    this.scheduler.stop();
  }

  /** Advances to now: fires due cues in order and re-draws the stage at each repetition's beginning. */
  update(): DrillUpdate {
    const now = this.scheduler.elapsedMs();
    const fired: DrillCue[] = [];
    while (this.nextCue < this.cues.length && this.cues[this.nextCue].atMs <= now) {
      const cue = this.cues[this.nextCue];
      this.nextCue += 1;
      fired.push(cue);
      if (cue.kind === 'repetition-begin') this.repetitionsBegun += 1;
      // Targets come up at the beep, freshly drawn, as a shooter expects: nothing to pre-aim at.
      if (cue.kind === 'start-signal') this.scheduler.restartAt(cue.atMs);
    }
    const finished = this.plan.length === 0 || this.nextCue >= this.cues.length;
    if (finished && this.scheduler.state === EngineState.running) this.scheduler.pause();
    const repetition = Math.max(0, this.repetitionsBegun - 1);
    const current = this.plan[repetition];
    const phase: DrillUpdate['phase'] =
      !current || now < current.startSignalAtMs ? 'waiting' : now < current.endAtMs ? 'live' : 'rest';
    const frame = this.scheduler.frame();
    return {
      frame:
        phase === 'live'
          ? frame
          : { ...frame, elements: frame.elements.map((element) => ({ ...element, visible: false })) },
      cues: fired,
      repetition,
      finished,
      phase,
    };
  }
}
