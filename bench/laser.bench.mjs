// Laser scoring benchmark (issue 15), figures only, no assertions: the laser worker's code path
// on 640 × 480 frames in Node (bench/laser-detector.ts, run with tsx): analysed frames per second
// (target >= 30) and dot-to-marker latency p50 / p99. The browser's own figure is shown live by
// the player ("What the detector sees · N frames/s"). Then bench/laser-screens.ts: on screenshots
// of the running app kept by e2e/laser-screens.spec.ts, the calibration's time and error, the
// detection rate, the distance of each shot from where it was fired, and false shots per minute
// over 60 seconds with no laser.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
for (const script of ['bench/laser-detector.ts', 'bench/laser-screens.ts']) {
  const run = spawnSync('npx', ['tsx', script], { cwd: root, encoding: 'utf8' });
  process.stdout.write(run.stdout);
  if (run.status !== 0) process.stdout.write(`(${script} failed: ${run.stderr})\n`);
}
