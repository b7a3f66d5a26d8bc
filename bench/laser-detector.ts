// The laser worker's code path in Node, on synthetic 640 × 480 camera frames (the stage at an
// angle, blurred, noisy, with laser dots): each frame reduced to the worker's detection size,
// analysed by the same DetectorEngine, and each new dot mapped through the calibration to a
// scored zone (the hit marker's data). Prints analysed frames per second and the dot-to-marker
// latency (p50, p99). Figures only. Run: npx tsx bench/laser-detector.ts
import os from 'node:os';
import {
  addElement,
  createElement,
  createEmptyStage,
  patchElement,
} from '../packages/stage-engine/src/model.ts';
import { zoneAt } from '../packages/stage-engine/src/zones.ts';
import { DetectorEngine } from '@club/laser/detector-engine';
import { applyHomography } from '@club/laser/homography';
import {
  blur,
  frameOf,
  noiseTable,
  renderMarkers,
  renderStage,
  seededRandom,
  stageToCameraFor,
} from '@club/laser/scene';
import type { LaserDot } from '@club/laser/scene';
import { halve } from './laser-frames.ts';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 1800;
const DOT_EVERY = 9;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

let stage = createEmptyStage();
for (const [index, x] of [-3000, 0, 3000].entries()) {
  stage = addElement(
    stage,
    patchElement(createElement('full-shootable', { newId: () => `t${index}` }), { positionX: x }),
  );
}
const stageToCamera = stageToCameraFor(WIDTH, HEIGHT);
const random = seededRandom(42);
const table = noiseTable(random);
const scene = blur(renderStage(WIDTH, HEIGHT, stageToCamera, stage), 1);
const marks = frameOf(blur(renderMarkers(WIDTH, HEIGHT, stageToCamera, stage), 1), {
  noise: 5,
  random,
  table,
});

for (const [label, detectionWidth] of [
  ['worker path (640 × 480 camera, dots looked for at 320 × 240)', 320],
  ['full size (640 × 480 analysed as is)', 640],
] as const) {
  const engine = new DetectorEngine({ colour: 'red', sensitivity: 6 });
  const calibration = engine.calibrate(marks, WIDTH, HEIGHT, stage).calibration;
  if (!calibration) throw new Error('calibration failed');
  // Frames are made first so only the worker's work is timed.
  const frames: { rgba: Uint8ClampedArray; dot: boolean }[] = [];
  for (let index = 0; index < 120; index += 1) {
    const dot = index % DOT_EVERY === DOT_EVERY - 1;
    const dots: LaserDot[] = dot ? [{ x: 150 + random() * 340, y: 150 + random() * 180, colour: 'red' }] : [];
    frames.push({
      rgba: frameOf(scene, { gain: 1 + 0.03 * Math.sin(index), noise: 5, dots, random, table }),
      dot,
    });
  }
  const latencies: number[] = [];
  let shots = 0;
  const started = performance.now();
  for (let index = 0; index < FRAMES; index += 1) {
    const frame = frames[index % frames.length]!;
    const t0 = performance.now();
    const rgba = detectionWidth === 320 ? halve(frame.rgba, WIDTH, HEIGHT) : frame.rgba;
    const width = detectionWidth;
    const height = (HEIGHT * detectionWidth) / WIDTH;
    const shot = engine.detect(rgba, width, height).detection?.shot;
    if (shot) {
      const scale = calibration.cameraWidth / width;
      const point = applyHomography(calibration.cameraToStage, { x: shot.x * scale, y: shot.y * scale })!;
      zoneAt(stage, { positionX: point.x, positionY: point.y });
      shots += 1;
      if (frame.dot) latencies.push(performance.now() - t0);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`# ${label}`);
  console.log(`analysed frames per second: ${(FRAMES / seconds).toFixed(1)} (target >= 30)`);
  console.log(`shots: ${shots} of ${Math.floor(FRAMES / DOT_EVERY)} dots`);
  console.log(
    `dot-to-marker latency in the worker code (ms): p50 ${percentile(latencies, 50).toFixed(2)}, p99 ${percentile(latencies, 99).toFixed(2)}`,
  );
}
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
