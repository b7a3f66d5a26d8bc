// Login latency with the production hashing parameters (argon2id, 19 MiB, 2 passes): builds the
// server, starts it on its own port over a temporary SQLite database, creates one member through
// the operator CLI, then times 50 sign-ins over HTTP. Prints median and p95 (target: median
// ≤ 150 ms); asserts nothing. Run: npm run bench -- login
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIGN_INS = 50;
const WARM_UP = 5;
const LOGIN = 'bench.member';
const PASSWORD = 'BenchPass2025';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function waitForHealth(base, child) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with status ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health/`);
      if (res.ok) return res;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer /api/health/ within 30 s');
}

const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  process.stdout.write('login bench: the server build failed\n');
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'club-login-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${path.join(dir, 'club.db')}`,
  MAIL_OUTBOX: path.join(dir, 'outbox'),
  SEED: 'none',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dir, 'no-web'),
};

const create = spawnSync(
  process.execPath,
  [path.join(root, 'server/dist/cli.js'), 'user:create', '--login', LOGIN, '--password', PASSWORD, '--email', 'bench@example.com', '--nombre', 'Bench'],
  { cwd: root, env, encoding: 'utf8' },
);
if (create.status !== 0) {
  process.stdout.write(`login bench: user:create failed: ${create.stderr}\n`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  const health = await waitForHealth(base, server);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const signIn = async () => {
    const start = performance.now();
    const res = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ login: LOGIN, password: PASSWORD }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
    return performance.now() - start;
  };
  for (let i = 0; i < WARM_UP; i += 1) await signIn();
  const times = [];
  for (let i = 0; i < SIGN_INS; i += 1) times.push(await signIn());
  times.sort((a, b) => a - b);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  process.stdout.write(
    [
      `login: ${SIGN_INS} sign-ins (after ${WARM_UP} warm-up), argon2id m=19456 KiB t=2 p=1, SQLite, ${os.cpus().length} CPUs`,
      `  median ${fmt(percentile(times, 50))}   p95 ${fmt(percentile(times, 95))}   min ${fmt(times[0])}   max ${fmt(times[times.length - 1])}`,
      `  target: median ≤ 150 ms`,
      '',
    ].join('\n'),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dir, { recursive: true, force: true });
}
