// Cost of one engine tick for the dry-training viewer: the drill scheduler's frame (visible times,
// random positions and scales) and the animation poses of 200 elements. Prints figures only;
// the target (issue 7) is a median of at most 1 ms. Run: npx tsx bench/stage-engine-tick.ts
// (or bundle it with esbuild and run the output with node).
import { AnimationType, VisibleTimeType } from '@club/contract/stage';
import {
  ELEMENT_KINDS,
  addElement,
  createElement,
  createEmptyStage,
  patchElement,
} from '../packages/stage-engine/src/model.ts';
import type { Stage } from '../packages/stage-engine/src/model.ts';
import { mulberry32 } from '../packages/stage-engine/src/random.ts';
import { DrillScheduler } from '../packages/stage-engine/src/scheduler.ts';

const ELEMENTS = 200;
const WARM_UP_TICKS = 1_000;
const MEASURED_TICKS = 10_000;
const FRAME_MS = 1000 / 60;

function buildStage(randomElements: boolean): Stage {
  let stage: Stage = { ...createEmptyStage({ name: 'bench' }), randomElements, maxRandomElements: 20 };
  const random = mulberry32(2024);
  let next = 0;
  for (let index = 0; index < ELEMENTS; index += 1) {
    const kind = ELEMENT_KINDS[index % ELEMENT_KINDS.length];
    const element = createElement(kind, { newId: () => `element-${(next += 1)}` });
    const cardAnimations = [
      AnimationType.swinger,
      AnimationType.door,
      AnimationType.cardRiseFall,
      AnimationType.none,
    ];
    stage = addElement(
      stage,
      patchElement(element, {
        positionX: (random() - 0.5) * 9000,
        positionY: (random() - 0.5) * 9000,
        animation:
          kind === 'popper' ? AnimationType.popperRiseFall : cardAnimations[index % cardAnimations.length],
        randomPosition: index % 2 === 0,
        randomScale: index % 3 === 0,
        visibleTimeMode: [VisibleTimeType.always, VisibleTimeType.fixed, VisibleTimeType.random][index % 3],
        visibleTimeSeconds: 3 + (index % 8),
      }),
    );
  }
  return stage;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function measure(label: string, stage: Stage): void {
  const clock = { time: 0, now: () => clock.time };
  const scheduler = new DrillScheduler(stage, { clock, random: mulberry32(7) });
  scheduler.start();
  const costs: number[] = [];
  let visibleSum = 0;
  for (let tick = 0; tick < WARM_UP_TICKS + MEASURED_TICKS; tick += 1) {
    clock.time += FRAME_MS;
    const started = performance.now();
    const frame = scheduler.frame();
    const cost = performance.now() - started;
    if (tick >= WARM_UP_TICKS) {
      costs.push(cost);
      visibleSum += frame.elements.filter((element) => element.visible).length;
    }
  }
  costs.sort((a, b) => a - b);
  const mean = costs.reduce((sum, cost) => sum + cost, 0) / costs.length;
  console.log(
    `${label}: ${ELEMENTS} elements, ${MEASURED_TICKS} ticks of 1/60 s (${((MEASURED_TICKS * FRAME_MS) / 1000).toFixed(0)} s of drill), ` +
      `median ${percentile(costs, 0.5).toFixed(4)} ms, p95 ${percentile(costs, 0.95).toFixed(4)} ms, ` +
      `p99 ${percentile(costs, 0.99).toFixed(4)} ms, mean ${mean.toFixed(4)} ms, ` +
      `${(visibleSum / MEASURED_TICKS).toFixed(1)} visible on average`,
  );
}

console.log(`stage-engine tick (scheduler + poses), node ${process.version}`);
measure('all elements scheduled', buildStage(false));
measure('random elements (at most 20 at once)', buildStage(true));
