import { AnimationType, EngineState, VisibleTimeType } from '@club/contract/stage';
import { describe, expect, it } from 'vitest';
import { swingerAngle } from './animation.ts';
import { addElement, createElement, createEmptyStage, patchElement } from './model.ts';
import type { ElementPatch, Stage } from './model.ts';
import { mulberry32 } from './random.ts';
import { Drill, DrillScheduler, planDrill, RANDOM_SCALE_RANGE } from './scheduler.ts';
import type { DrillFrame } from './scheduler.ts';

class FakeClock {
  time = 1000;
  now(): number {
    return this.time;
  }
}

function stageOf(count: number, patch: ElementPatch, stagePatch: Partial<Stage> = {}): Stage {
  let stage: Stage = { ...createEmptyStage(), ...stagePatch };
  let id = 0;
  for (let index = 0; index < count; index += 1) {
    const element = createElement(index % 3 === 0 ? 'popper' : 'full-shootable', {
      newId: () => `e${(id += 1)}`,
    });
    stage = addElement(stage, patchElement(element, { positionX: index * 100 - 1000, ...patch }));
  }
  return stage;
}

/** Runs a drill, sampling every stepMs, and records what was visible where. */
function record(stage: Stage, seed: number, durationMs: number, stepMs: number) {
  const clock = new FakeClock();
  const scheduler = new DrillScheduler(stage, { clock, random: mulberry32(seed) });
  scheduler.start();
  const samples: string[] = [];
  const frames: DrillFrame[] = [];
  for (let t = 0; t <= durationMs; t += stepMs) {
    clock.time = 1000 + t;
    const frame = scheduler.frame();
    frames.push(frame);
    samples.push(
      frame.elements
        .filter((element) => element.visible)
        .map((element) => `${element.id}@${element.positionX},${element.positionY}x${element.scale}`)
        .join(' '),
    );
  }
  return { samples, frames };
}

describe('engine states', () => {
  it('is stopped until started, and a stopped drill shows the stage as designed', () => {
    const clock = new FakeClock();
    const stage = stageOf(3, { randomPosition: true });
    const scheduler = new DrillScheduler(stage, { clock, random: mulberry32(1) });
    expect(scheduler.state).toBe(EngineState.stopped);
    const frame = scheduler.frame();
    expect(frame.elements.map((element) => element.positionX)).toEqual(
      stage.elements.map((element) => element.positionX),
    );
    expect(frame.elements.every((element) => element.visible)).toBe(true);
  });

  it('advances drill time only while running', () => {
    const clock = new FakeClock();
    const swinging = patchElement(createElement('full-shootable', { newId: () => 's' }), {
      animation: AnimationType.swinger,
    });
    const scheduler = new DrillScheduler(addElement(createEmptyStage(), swinging), {
      clock,
      random: mulberry32(1),
    });
    scheduler.start();
    expect(scheduler.state).toBe(EngineState.running);
    clock.time += 500;
    expect(scheduler.frame().timeMs).toBe(500);
    scheduler.pause();
    expect(scheduler.state).toBe(EngineState.paused);
    clock.time += 10_000;
    const paused = scheduler.frame();
    expect(paused.timeMs).toBe(500);
    expect(paused.elements[0].pose.rotation).toBeCloseTo(swingerAngle(500), 9);
    scheduler.start();
    clock.time += 250;
    expect(scheduler.frame().timeMs).toBe(750);
    scheduler.stop();
    expect(scheduler.state).toBe(EngineState.stopped);
    expect(scheduler.frame().timeMs).toBe(0);
  });

  it('animates each element from the moment it appeared', () => {
    const stage = stageOf(2, { animation: AnimationType.swinger });
    const { frames } = record(stage, 1, 1000, 100);
    const card = frames[3].elements[1];
    expect(card.pose.rotation).toBeCloseTo(swingerAngle(300), 9);
  });
});

describe('visible-time modes', () => {
  it('always: visible for the whole drill at the designed place', () => {
    const stage = stageOf(4, { visibleTimeMode: VisibleTimeType.always });
    const { frames } = record(stage, 5, 60_000, 1000);
    for (const frame of frames) expect(frame.elements.every((element) => element.visible)).toBe(true);
  });

  it('fixed: visible for its visible time, hidden as long, repeating', () => {
    const stage = stageOf(1, { visibleTimeMode: VisibleTimeType.fixed, visibleTimeSeconds: 4.5 });
    const { frames } = record(stage, 5, 20_000, 500);
    const visibleAt = (ms: number) => frames[ms / 500].elements[0].visible;
    expect(visibleAt(0)).toBe(true);
    expect(visibleAt(4000)).toBe(true);
    expect(visibleAt(4500)).toBe(false);
    expect(visibleAt(8500)).toBe(false);
    expect(visibleAt(9000)).toBe(true);
    expect(visibleAt(13_000)).toBe(true);
    expect(visibleAt(13_500)).toBe(false);
    expect(frames[18_000 / 500].elements[0].appearances).toBe(3);
  });

  it('random: every visible and hidden spell lasts between 3 and 10 s', () => {
    const stage = stageOf(3, { visibleTimeMode: VisibleTimeType.random });
    const { frames } = record(stage, 11, 120_000, 100);
    for (let index = 0; index < 3; index += 1) {
      const spells: number[] = [];
      let length = 0;
      let previous = frames[0].elements[index].visible;
      for (const frame of frames) {
        const visible = frame.elements[index].visible;
        if (visible !== previous) {
          spells.push(length);
          length = 0;
          previous = visible;
        }
        length += 100;
      }
      expect(spells.length).toBeGreaterThan(5);
      for (const spell of spells) {
        expect(spell).toBeGreaterThanOrEqual(3000);
        expect(spell).toBeLessThanOrEqual(10_000);
      }
    }
  });
});

describe('random position and scale', () => {
  it('draws a new position on each appearance, on the grid and on the stage', () => {
    const stage = stageOf(1, {
      randomPosition: true,
      visibleTimeMode: VisibleTimeType.fixed,
      visibleTimeSeconds: 3,
    });
    const { frames } = record(stage, 3, 60_000, 500);
    const positions = new Set(
      frames.filter((frame) => frame.elements[0].visible).map((frame) => frame.elements[0].positionX),
    );
    expect(positions.size).toBeGreaterThan(5);
    for (const frame of frames) {
      const element = frame.elements[0];
      expect(Math.abs(element.positionX % 10)).toBe(0);
      expect(Math.abs(element.positionX)).toBeLessThanOrEqual(5000);
      expect(Math.abs(element.positionY)).toBeLessThanOrEqual(5000);
    }
  });

  it('draws scales within the random range on the 0.01 step', () => {
    const stage = stageOf(1, {
      randomScale: true,
      visibleTimeMode: VisibleTimeType.fixed,
      visibleTimeSeconds: 3,
    });
    const { frames } = record(stage, 3, 60_000, 500);
    const scales = new Set(frames.map((frame) => frame.elements[0].scale));
    expect(scales.size).toBeGreaterThan(5);
    for (const scale of scales) {
      expect(scale).toBeGreaterThanOrEqual(RANDOM_SCALE_RANGE.min);
      expect(scale).toBeLessThanOrEqual(RANDOM_SCALE_RANGE.max);
      expect(Math.round(scale * 100) / 100).toBe(scale);
    }
  });

  it('keeps designed position and scale when neither is random', () => {
    const stage = stageOf(2, { visibleTimeMode: VisibleTimeType.random, scale: 1.5 });
    const { frames } = record(stage, 3, 30_000, 1000);
    for (const frame of frames) {
      expect(frame.elements.map((element) => element.positionX)).toEqual([-1000, -900]);
      expect(frame.elements.every((element) => element.scale === 1.5)).toBe(true);
    }
  });
});

describe('seeded runs', () => {
  const stage = stageOf(
    8,
    { randomPosition: true, randomScale: true, visibleTimeMode: VisibleTimeType.random },
    { randomElements: true, maxRandomElements: 3 },
  );

  it('repeat exactly with the same seed', () => {
    expect(record(stage, 42, 60_000, 250).samples).toEqual(record(stage, 42, 60_000, 250).samples);
  });

  it('differ with another seed', () => {
    expect(record(stage, 42, 60_000, 250).samples).not.toEqual(record(stage, 43, 60_000, 250).samples);
  });

  it('do not depend on how often the screen ticks', () => {
    const fine = record(stage, 7, 30_000, 50).samples.filter((_, index) => index % 20 === 0);
    const coarse = record(stage, 7, 30_000, 1000).samples;
    expect(fine).toEqual(coarse);
  });
});

describe('random elements', () => {
  it.each([1, 2, 3])('never shows more than maxRandomElements = %d at once, and shows that many', (max) => {
    const stage = stageOf(
      6,
      { visibleTimeMode: VisibleTimeType.always },
      { randomElements: true, maxRandomElements: max },
    );
    const { frames } = record(stage, 9, 120_000, 100);
    for (const frame of frames) {
      expect(frame.elements.filter((element) => element.visible).length).toBe(max);
    }
    // Every element gets its turn over two minutes.
    const shown = new Set(
      frames.flatMap((frame) => frame.elements.filter((e) => e.visible).map((e) => e.id)),
    );
    expect(shown.size).toBe(6);
  });

  it('shows every element when there are fewer than the maximum', () => {
    const stage = stageOf(2, {}, { randomElements: true, maxRandomElements: 5 });
    const { frames } = record(stage, 9, 30_000, 500);
    for (const frame of frames) expect(frame.elements.filter((element) => element.visible)).toHaveLength(2);
  });

  it('defaults to at most 2 at once', () => {
    const stage = stageOf(5, { visibleTimeMode: VisibleTimeType.random }, { randomElements: true });
    const { frames } = record(stage, 2, 60_000, 100);
    for (const frame of frames)
      expect(frame.elements.filter((element) => element.visible).length).toBeLessThanOrEqual(2);
  });
});

describe('repetitions', () => {
  it('re-draw random positions at each repetition', () => {
    const clock = new FakeClock();
    const stage = stageOf(3, { randomPosition: true });
    const scheduler = new DrillScheduler(stage, { clock, random: mulberry32(8) });
    scheduler.start();
    const first = scheduler.frame().elements.map((element) => element.positionX);
    clock.time += 1000;
    scheduler.nextRepetition();
    const second = scheduler.frame().elements.map((element) => element.positionX);
    expect(second).not.toEqual(first);
  });

  it('plan start signals 1–4 s after each repetition begins, with the par time after it', () => {
    const plan = planDrill(
      { repetitions: 5, repetitionMs: 5000, parTimeMs: 2500, restMs: 1000 },
      mulberry32(4),
    );
    expect(plan).toHaveLength(5);
    for (const repetition of plan) {
      const delay = repetition.startSignalAtMs - repetition.beginAtMs;
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(4000);
      expect(repetition.parAtMs).toBe(repetition.startSignalAtMs + 2500);
      expect(repetition.endAtMs).toBe(repetition.startSignalAtMs + 5000);
    }
    expect(plan[1].beginAtMs).toBe(plan[0].endAtMs + 1000);
    expect(planDrill({ repetitions: 5, repetitionMs: 5000 }, mulberry32(4))).toEqual(
      planDrill({ repetitions: 5, repetitionMs: 5000 }, mulberry32(4)),
    );
  });

  it('a planned drill fires its cues in order, re-draws each repetition and finishes', () => {
    const clock = new FakeClock();
    const stage = stageOf(2, { randomPosition: true });
    const drill = new Drill(stage, {
      clock,
      random: mulberry32(12),
      repetitions: 3,
      repetitionMs: 3000,
      parTimeMs: 2000,
    });
    drill.start();
    const cues: string[] = [];
    const positionsByRepetition = new Map<number, string>();
    let finished = false;
    for (let t = 0; t < 40_000 && !finished; t += 100) {
      clock.time = 1000 + t;
      const update = drill.update();
      cues.push(...update.cues.map((cue) => `${cue.kind}:${cue.repetition}`));
      positionsByRepetition.set(
        update.repetition,
        update.frame.elements.map((e) => `${e.positionX},${e.positionY}`).join(' '),
      );
      finished = update.finished;
    }
    expect(finished).toBe(true);
    expect(drill.state).toBe(EngineState.paused);
    expect(cues).toEqual([
      'repetition-begin:0',
      'start-signal:0',
      'par:0',
      'repetition-end:0',
      'repetition-begin:1',
      'start-signal:1',
      'par:1',
      'repetition-end:1',
      'repetition-begin:2',
      'start-signal:2',
      'par:2',
      'repetition-end:2',
      'drill-end:2',
    ]);
    expect(new Set(positionsByRepetition.values()).size).toBe(3);
  });

  it('keeps the targets down until the start signal and after the repetition ends', () => {
    const clock = new FakeClock();
    const stage = stageOf(2, {});
    const drill = new Drill(stage, { clock, random: mulberry32(3), repetitions: 2, repetitionMs: 2000, restMs: 1000 });
    const [first, second] = drill.plan;
    clock.time = 1000;
    drill.start();
    const at = (ms: number) => {
      clock.time = 1000 + ms;
      return drill.update();
    };
    const before = at(first.startSignalAtMs - 50);
    expect(before.phase).toBe('waiting');
    expect(before.frame.elements.every((e) => !e.visible)).toBe(true);
    const live = at(first.startSignalAtMs + 50);
    expect(live.phase).toBe('live');
    expect(live.frame.elements.every((e) => e.visible)).toBe(true);
    const resting = at(first.endAtMs + 10);
    expect(resting.phase).toBe('rest');
    expect(resting.frame.elements.every((e) => !e.visible)).toBe(true);
    expect(at(second.startSignalAtMs - 10).phase).toBe('waiting');
    expect(at(second.startSignalAtMs + 10).frame.elements.every((e) => e.visible)).toBe(true);
  });
});
