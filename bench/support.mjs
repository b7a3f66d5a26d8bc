// Shared helpers for the benchmarks: build when needed, start the built server on a free port
// with its own temporary database, and find the test Chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Builds the web app and the server bundle unless both are built. */
export function ensureBuilt() {
  for (const [workspace, output] of [
    ['web', 'web/dist/index.html'],
    ['server', 'server/dist/main.js'],
  ]) {
    if (existsSync(path.join(root, output))) continue;
    const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  }
}

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Starts server/dist/main.js; resolves once /api/health/ answers, with the time it took. */
export async function startServer(env = {}, { preload = [] } = {}) {
  const port = await freePort();
  const dir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  const started = performance.now();
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (node refuses them in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const imports = preload.flatMap((file) => ['--import', pathToFileURL(file).href]);
  const child = spawn(process.execPath, [...nodeArgs, ...imports, path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'club.db')}`,
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error('the server exited before it was healthy');
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  return {
    port,
    dir,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    startMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid) {
  const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Debian's Chromium where installed, else the one @sparticuz/chromium ships. */
export async function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The switches for a browser Lighthouse starts through chrome-launcher: ours, and the features
 * chrome-launcher turns off together with two of Chromium's own that a headless window starts for
 * nothing (the address bar's suggestion popup, two pages of about 0.25 s of processor each,
 * running beside the page measured). A second `--disable-features` replaces the first, so the
 * one switch names them all.
 */
export function lighthouseChromeFlags() {
  const launcherFeatures = chromeLauncher.Launcher.defaultFlags()
    .filter((flag) => flag.startsWith('--disable-features='))
    .flatMap((flag) => flag.slice('--disable-features='.length).split(','));
  return [
    '--headless',
    ...CHROMIUM_ARGS,
    `--disable-features=${[...launcherFeatures, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
  ];
}

/**
 * How fast this machine runs JavaScript now: rounds a second of a fixed piece of work (building a
 * string, sorting numbers, writing and reading JSON) for about half a second, in this process. Two
 * runs of a bench compare when their indices are close; a figure divided by the index's ratio
 * says what it would be on the other machine, roughly. Printed beside the server benches' figures.
 */
export function cpuIndex(ms = 500) {
  const numbers = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 2003);
  let rounds = 0;
  let sink = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    let text = '';
    for (let i = 0; i < 2000; i++) text += String.fromCharCode(97 + (i % 26));
    const sorted = [...numbers].sort((a, b) => a - b);
    sink += JSON.parse(JSON.stringify({ text, sorted })).sorted[rounds % 2000] + text.length;
    rounds++;
  }
  if (sink < 0) throw new Error('unreachable');
  return Math.round(rounds / ((performance.now() - start) / 1000));
}

/** Median and a percentile of a list of numbers. */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return {
    count: sorted.length,
    median: at(50),
    p95: at(95),
    p99: at(99),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/**
 * The server's event loop and collector, as bench/loop-delay.mjs sees them from inside: `next()`
 * asks the server what it saw since the last ask (SIGUSR2) and waits for the line it appends.
 */
function loopDelayReader(pid, file) {
  let seen = 0;
  return async function next() {
    process.kill(pid, 'SIGUSR2');
    for (let tries = 0; tries < 200; tries += 1) {
      const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
      if (lines.length > seen) {
        seen = lines.length;
        return JSON.parse(lines.at(-1));
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the server did not report its event loop delay');
  };
}

/**
 * Starts the server (as `startServer`, rate limits off, no seed) with bench/loop-delay.mjs
 * preloaded; `loopDelay()` then answers what its event loop and collector did since the last call.
 */
export async function startWatchedServer(label, env) {
  const delays = path.join(os.tmpdir(), `club-loop-delay-${process.pid}-${label}.jsonl`);
  rmSync(delays, { force: true });
  const server = await startServer(
    { RATE_LIMITS: 'off', SEED: 'none', ...env, LOOP_DELAY_OUT: delays },
    { preload: [path.join(root, 'bench/loop-delay.mjs')] },
  );
  return { server, loopDelay: loopDelayReader(server.pid, delays) };
}
