// Laser scoring benchmark (issue 15), figures only, no assertions: the laser worker's code path
// on 640 × 480 frames in Node (bench/laser-detector.ts, run with tsx): analysed frames per second
// (target >= 30) and dot-to-marker latency p50 / p99. The browser's own figure is shown live by
// the player ("What the detector sees · N frames/s").
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = spawnSync('npx', ['tsx', 'bench/laser-detector.ts'], { cwd: root, encoding: 'utf8' });
process.stdout.write(run.stdout);
if (run.status !== 0) process.stdout.write(`(laser bench failed: ${run.stderr})\n`);
