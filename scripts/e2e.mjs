#!/usr/bin/env node
// The browser tests of `npm test`, in lanes. Each lane is a Playwright run of its own with its
// own server, database and mail catcher (its own ports), so the lanes share nothing: a file that
// changes club-wide state (the content, the membership rules, the target sizes) changes it in
// its lane only, as it did when all files ran one after another. The lanes run side by side, one
// per core; the laser camera files run last and alone, because a camera that drops frames on a
// busy machine is what they must not depend on. Decision 0056.
//
//   node scripts/e2e.mjs               every file, in lanes
//   node scripts/e2e.mjs <args>        one Playwright run with those arguments (a file, -g …)
//
// E2E_LANES sets the number of lanes (default: the cores). Lane n uses E2E_PORT + 10 n and the
// two mail ports beside it; each writes its results under test-results/lane-n.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules/@playwright/test/cli.js');

/** Files whose camera must not compete with another lane for the processor. */
const ALONE = ['e2e/laser.spec.ts', 'e2e/laser-screens.spec.ts'];

/**
 * Seconds each file's tests took in a whole run of two lanes on a 2-core machine (the sum of its
 * tests' times in the log of a whole run; first-paint and public-site after their browsers were
 * shared, estimated from a run alone): what the lanes are balanced by. A file not listed counts as
 * a minute.
 */
const SECONDS = {
  'e2e/match.spec.ts': 165,
  'e2e/responsive.spec.ts': 144,
  'e2e/first-paint.spec.ts': 130,
  'e2e/public-site.spec.ts': 125,
  'e2e/content.spec.ts': 120,
  'e2e/axe.spec.ts': 114,
  'e2e/membership.spec.ts': 113,
  'e2e/reminders-off.spec.ts': 80,
  'e2e/calendar.spec.ts': 77,
  'e2e/admin.spec.ts': 76,
  'e2e/small-things.spec.ts': 72,
  'e2e/stage.spec.ts': 71,
  'e2e/laser-panel.spec.ts': 69,
  'e2e/focus.spec.ts': 65,
  'e2e/accounts.spec.ts': 56,
  'e2e/fits-the-person.spec.ts': 52,
  'e2e/page-weight.spec.ts': 49,
  'e2e/match-import.spec.ts': 46,
  'e2e/target-sizes.spec.ts': 44,
  'e2e/stage-layout.spec.ts': 38,
  'e2e/library.spec.ts': 34,
  'e2e/targets.spec.ts': 34,
  'e2e/shell.spec.ts': 33,
  'e2e/training-log.spec.ts': 30,
  'e2e/events-promises.spec.ts': 24,
  'e2e/trust.spec.ts': 10,
};

const basePort = Number(process.env.E2E_PORT ?? 3210);

/** Runs Playwright with `args`; lane n (0 for a single run) gets its own ports and output folder. */
function playwright(args, lane, label) {
  const env = { ...process.env };
  if (lane > 0) {
    const port = basePort + 10 * lane;
    Object.assign(env, { E2E_PORT: String(port), E2E_SMTP_PORT: String(port + 1), E2E_MAIL_HTTP_PORT: String(port + 2) });
    args = [...args, '--output', path.join('test-results', `lane-${lane}`)];
  }
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'test', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = label ? `[${label}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code) => resolve({ label, code, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const passed = process.argv.slice(2);
if (passed.length > 0) {
  const { code } = await playwright(passed, 0, '');
  process.exit(code ?? 1);
}

const files = fs
  .readdirSync(path.join(root, 'e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => `e2e/${name}`)
  .sort();
const laneCount = Math.max(1, Number(process.env.E2E_LANES ?? os.availableParallelism()));
const lanes = Array.from({ length: laneCount }, () => ({ files: [], seconds: 0 }));
// Longest first, each to the lane with the least so far.
for (const file of files.filter((f) => !ALONE.includes(f)).sort((a, b) => (SECONDS[b] ?? 60) - (SECONDS[a] ?? 60))) {
  const lane = lanes.reduce((least, next) => (next.seconds < least.seconds ? next : least));
  lane.files.push(file);
  lane.seconds += SECONDS[file] ?? 60;
}
const busy = lanes.filter((lane) => lane.files.length > 0);
for (const [index, lane] of busy.entries()) {
  process.stdout.write(`lane ${index + 1}: ${lane.files.length} files, about ${lane.seconds} s alone: ${lane.files.join(' ')}\n`);
}
const results = await Promise.all(busy.map((lane, index) => playwright(lane.files.sort(), index + 1, `lane ${index + 1}`)));
const alone = files.filter((f) => ALONE.includes(f));
if (alone.length > 0) results.push(await playwright(alone, busy.length + 1, 'camera'));
for (const { label, code, seconds } of results) process.stdout.write(`${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);
