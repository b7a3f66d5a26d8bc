// The laser camera on screenshots of the running app (kept by e2e/laser-screens.spec.ts in
// bench/results/laser-screens/), in Node, through the worker's own code (DetectorEngine): for
// every kept screen and every camera perspective, the calibration's time and error, how many
// of the shots fired are found and how far from where they were fired, and the false shots per
// minute over 60 seconds of the same screen with no laser (markers on, flicker, sensor noise).
// Figures only. Run: npx tsx bench/laser-screens.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DetectorEngine } from '@club/laser/detector-engine';
import { applyHomography } from '@club/laser/homography';
import { millimetresPerUnit } from '@club/laser/markers';
import {
  CAMERA_FPS,
  CAMERA_HEIGHT,
  CAMERA_WIDTH,
  DEFAULT_LOOK,
  MARK_FRAMES,
  PERSPECTIVES,
  framesOf,
  scriptFor,
} from '../e2e/support/screen-video.ts';
import type { AppScreens, VideoScript } from '../e2e/support/screen-video.ts';
import { halve } from './laser-frames.ts';

const ROOT = path.join(import.meta.dirname, 'results', 'laser-screens');

function load(name: string): AppScreens {
  const dir = path.join(ROOT, name);
  const meta = JSON.parse(readFileSync(path.join(dir, 'shots.json'), 'utf8')) as Omit<AppScreens, 'marks' | 'steps'>;
  const steps = readdirSync(dir)
    .filter((file) => file.startsWith('step-'))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]))
    .map((file) => readFileSync(path.join(dir, file)));
  return { ...meta, marks: readFileSync(path.join(dir, 'marks.png')), steps };
}

/** Runs a script through the engine as the worker does; shots as stage points with their frame. */
function run(script: VideoScript, noise: number, seed: number) {
  const engine = new DetectorEngine({ colour: 'red', sensitivity: 6 });
  let calibration = null as ReturnType<DetectorEngine['calibrate']>['calibration'];
  let calibrationCpuMs = 0;
  let calibrationFrames = 0;
  const shots: { frame: number; x: number; y: number }[] = [];
  let frameIndex = 0;
  for (const rgba of framesOf(script, noise, seed)) {
    const atMs = (frameIndex * 1000) / CAMERA_FPS;
    if (calibration === null) {
      calibrationFrames += 1;
      const started = performance.now();
      const output = engine.calibrate(rgba, CAMERA_WIDTH, CAMERA_HEIGHT, { designWidth: 1280, designHeight: 720 });
      calibrationCpuMs += performance.now() - started;
      calibration = output.calibration ?? null;
      if (process.env.LASER_BENCH_DEBUG) console.log('calibration attempt', output.problem, output.marksFound, output.rejected?.maxErrorMm);
    } else {
      const shot = engine.detect(halve(rgba, CAMERA_WIDTH, CAMERA_HEIGHT), CAMERA_WIDTH / 2, CAMERA_HEIGHT / 2, atMs)
        .detection?.shot;
      if (shot) {
        if (process.env.LASER_BENCH_DEBUG) console.log('shot at frame', frameIndex, shot);
        const point = applyHomography(calibration.cameraToStage, { x: shot.x * 2, y: shot.y * 2 })!;
        shots.push({ frame: frameIndex, ...point });
        // The app draws its marker where the shot landed, and tells the engine.
        engine.drawn(
          shots.map((item) => ({ left: item.x - 260, top: item.y - 420, right: item.x + 260, bottom: item.y + 420 })),
          atMs,
        );
      }
    }
    frameIndex += 1;
  }
  return { calibration, calibrationCpuMs, calibrationFrames, shots };
}

if (!existsSync(ROOT)) {
  console.log('no screenshots kept yet: run `npm run build:test && npx playwright test e2e/laser-screens.spec.ts` first');
  process.exit(0);
}
// Optional: only the perspectives whose name contains the first argument ("none": only the minute
// without a laser); "quick" as the second skips the minute without a laser.
const only = process.argv[2];
const quick = process.argv[3] === 'quick';
const perUnit = millimetresPerUnit(1280, 720);
let fired = 0;
let found = 0;
let wrongPlace = 0;
let extra = 0;
const errors: number[] = [];
const calibrationMs: number[] = [];
const worst: number[] = [];
for (const name of readdirSync(ROOT).sort()) {
  const screens = load(name);
  for (const [perspective, corners] of Object.entries(PERSPECTIVES)) {
    if (only && !perspective.includes(only)) continue;
    const look = { ...DEFAULT_LOOK, corners };
    const script = await scriptFor(screens, look);
    const result = run(script, look.noise, 7);
    if (result.calibration === null) {
      console.log(`${name} ${perspective}: no calibration`);
      fired += screens.shots.length;
      continue;
    }
    calibrationMs.push(result.calibrationCpuMs);
    worst.push(result.calibration.maxErrorMm);
    fired += screens.shots.length;
    const distances = screens.shots.map((shot, index) => {
      const near = result.shots.find((item) => item.frame >= script.shotFrames[index]! && item.frame < script.shotFrames[index]! + 3);
      if (!near) return null;
      return Math.hypot((near.x - shot.position.x) * perUnit.positionX, (near.y - shot.position.y) * perUnit.positionY);
    });
    const hits = distances.filter((value) => value !== null);
    found += hits.length;
    errors.push(...hits);
    wrongPlace += hits.filter((value) => value > 5).length;
    extra += result.shots.length - hits.length;
    console.log(
      `${name} ${perspective}: calibrated on frame ${result.calibrationFrames} in ${result.calibrationCpuMs.toFixed(0)} ms of work, ` +
        `error mean ${result.calibration.meanErrorMm.toFixed(2)} mm, worst ${result.calibration.maxErrorMm.toFixed(2)} mm; ` +
        `shots ${hits.length}/${screens.shots.length}, ${result.shots.length - hits.length} extra, ` +
        `distance ${hits.map((value) => value.toFixed(1)).join(' ')} mm`,
    );
  }
}
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')} (before the minute without a laser)`);
errors.sort((a, b) => a - b);
// With no perspective chosen (only the minute without a laser), there is nothing to sum up.
if (fired > 0) {
  console.log(`# over every kept screen and perspective`);
  console.log(`calibration work per successful search: max ${Math.max(...calibrationMs).toFixed(0)} ms (all frames tried until it succeeded)`);
  console.log(`calibration worst corner error: max ${Math.max(...worst).toFixed(2)} mm (limit 4.5)`);
  console.log(`detection rate: ${found}/${fired} (${((100 * found) / Math.max(1, fired)).toFixed(1)} %), more than 5 mm off: ${wrongPlace}, extra shots: ${extra}`);
  console.log(`distance from the fired place: median ${errors[errors.length >> 1]?.toFixed(2)} mm, max ${errors.at(-1)?.toFixed(2)} mm`);
}

// False shots: 60 s of the last step (every marker on) with no laser, for each kept screen, seen below left.
let falseShots = 0;
let minutes = 0;
for (const name of quick ? [] : readdirSync(ROOT).sort()) {
  const screens = load(name);
  const look = { ...DEFAULT_LOOK, corners: PERSPECTIVES['below-left']! };
  // Pictures: the marks, then every step; the stage shown is the last step, every marker on.
  const base = await scriptFor({ ...screens, shots: [] }, look);
  const last = base.pictures.length - 1;
  const quiet: VideoScript = {
    pictures: base.pictures,
    frames: [
      ...base.frames.slice(0, MARK_FRAMES),
      ...Array.from({ length: 60 * CAMERA_FPS }, () => ({ picture: last, dots: [] })),
    ],
    shotPoints: [],
    shotFrames: [],
  };
  const result = run(quiet, look.noise, 11);
  falseShots += result.shots.length;
  minutes += 1;
  console.log(`${name}: ${result.shots.length} false shots in 60 s without a laser`);
}
console.log(
  minutes === 0
    ? 'false shots per minute with no laser: not measured (quick run)'
    : `false shots per minute with no laser: ${(falseShots / minutes).toFixed(2)} over ${minutes} minute(s) of video`,
);
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);

