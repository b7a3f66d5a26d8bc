// `npm run scan`: attacks a throw-away copy of the site with sqlmap and wapiti, signed in as a
// member and as staff, and prints what each found. Not part of `npm test`: it takes minutes and
// installs the two Debian packages where they are missing (apt-get, as root or through sudo -n).
//
// The server runs from the built bundle (`npm run build` first) on a fresh SQLite file in a
// temporary folder, with rate limits off so the scanners are not throttled, and is stopped at
// the end. Wapiti runs only modules that talk to this server (no SSRF/XXE callbacks to outside
// hosts, no downloads of fingerprint databases).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'club-scan-'));
const WAPITI_MODULES = [
  'backup', 'blindsql', 'cookieflags', 'crlf', 'csp', 'csrf', 'exec', 'file', 'htaccess',
  'http_headers', 'methods', 'permanentxss', 'redirect', 'sql', 'timesql', 'xss',
].join(',');

function log(line) {
  process.stdout.write(`${line}\n`);
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureTools() {
  const missing = ['sqlmap', 'wapiti'].filter((tool) => !has(tool));
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  log(`Installing ${missing.join(' and ')} (Debian packages)...`);
  for (const args of [['apt-get', 'update', '-qq'], ['apt-get', 'install', '-y', '-qq', ...missing]]) {
    const [command, ...rest] = [...prefix, ...args];
    const result = spawnSync(command, rest, { stdio: 'inherit' });
    if (result.status !== 0) {
      throw new Error(`Could not install ${missing.join(', ')}: run "apt-get install ${missing.join(' ')}" as root, then npm run scan again.`);
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const serverEnv = (port) => ({
  ...process.env,
  DATABASE_URL: `sqlite:${path.join(work, 'club.db')}`,
  MAIL_OUTBOX: path.join(work, 'outbox'),
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SEED: 'demo',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
});

function createUser(port, login, staff) {
  const password = `Scan${login.replace(/\W/g, '')}9x`;
  execFileSync(
    process.execPath,
    [path.join(root, 'server/dist/cli.js'), 'user:create', '--login', login, '--password', password,
      '--email', `${login}@scan.invalid`, '--nombre', login, ...(staff ? ['--staff'] : [])],
    { cwd: root, env: serverEnv(port), stdio: 'pipe' },
  );
  return { login, password };
}

async function signIn(base, user) {
  const first = await fetch(`${base}/api/health/`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`sign-in of ${user.login} failed: ${res.status}`);
  const session = await res.json();
  return { token: session.token, uuid: session.user.uuid, xsrf };
}

async function waitHealthy(base, child) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (await fetch(`${base}/api/health/`).then((r) => r.ok).catch(() => false)) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the throw-away server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function sqlmap(name, args) {
  const out = path.join(work, 'sqlmap', name);
  const result = spawnSync('sqlmap', ['--batch', '--level=2', '--risk=1', '--flush-session', `--output-dir=${out}`, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const text = `${result.stdout}\n${result.stderr}`;
  const vulnerable = /is vulnerable|sqlmap identified the following injection point/i.test(text);
  const clean = /do not appear to be injectable|does not seem to be injectable/i.test(text);
  // When sqlmap could not decide, its last critical or warning line says why.
  const why = text.split('\n').filter((line) => /\[(CRITICAL|ERROR)\]/.test(line)).pop()?.replace(/^.*\] /, '') ?? 'see its log';
  return { name, verdict: vulnerable ? 'INJECTABLE' : clean ? 'not injectable' : `inconclusive: ${why}`, out };
}

function sqlmapTargets(base, member, staff, year, month) {
  const auth = (who) => [`--headers=Authorization: Token ${who.token}\nX-XSRF-TOKEN: ${who.xsrf}`, `--cookie=XSRF-TOKEN=${who.xsrf}`];
  return [
    // `*` marks where sqlmap injects into the path.
    ['month', ['-u', `${base}/api/${year}*/${month}*/`, ...auth(member)]],
    ['forgotten', ['-u', `${base}/api/forgoten-password/?email=a@b.es`, '-p', 'email']],
    ['staff-user-search', ['-u', `${base}/api/admin/users/?q=ana`, '-p', 'q', ...auth(staff)]],
    ['staff-events-range', ['-u', `${base}/api/admin/events/?from=2025-01-01&to=2025-12-31`, '-p', 'from,to', ...auth(staff)]],
    // A wrong login answers 401 by design: sqlmap must read it as an answer, not stop at it.
    ['login', ['-u', `${base}/api/login/`, '--method=POST', '--ignore-code=401', `--data=${JSON.stringify({ login: 'ana', password: 'x' })}`, `--cookie=XSRF-TOKEN=${member.xsrf}`,
      `--headers=X-XSRF-TOKEN: ${member.xsrf}\nContent-Type: application/json`]],
    ['profile', ['-u', `${base}/api/registro/${member.uuid}/`, '--method=PUT',
      `--data=${JSON.stringify({ uuid: member.uuid, mobil: '612345678', nacimiento: '1990-01-01', sexo: 1 })}`,
      `--headers=Authorization: Token ${member.token}\nX-XSRF-TOKEN: ${member.xsrf}\nContent-Type: application/json`,
      `--cookie=XSRF-TOKEN=${member.xsrf}`]],
  ];
}

function wapiti(name, base, who) {
  const report = path.join(work, `wapiti-${name}.json`);
  const args = ['-u', `${base}/`, '--scope', 'domain', '-m', WAPITI_MODULES, '-f', 'json', '-o', report,
    '--flush-session', '--max-scan-time', '600', '-H', `Authorization: Token ${who.token}`];
  const result = spawnSync('wapiti', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!existsSync(report)) return { name, summary: `no report (exit ${result.status}): ${result.stderr.split('\n').slice(-3).join(' ')}` };
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const count = (group) => Object.entries(data[group] ?? {}).filter(([, items]) => items.length > 0).map(([kind, items]) => `${kind}: ${items.length}`);
  const vulns = count('vulnerabilities');
  const anomalies = count('anomalies');
  return {
    name,
    summary: [
      `vulnerabilities: ${vulns.length ? vulns.join(', ') : 'none'}`,
      `anomalies: ${anomalies.length ? anomalies.join(', ') : 'none'}`,
      `report: ${report}`,
    ].join('\n    '),
  };
}

async function main() {
  if (!existsSync(path.join(root, 'server/dist/main.js')) || !existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  ensureTools();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, env: serverEnv(port), stdio: 'ignore' });
  try {
    await waitHealthy(base, server);
    const member = await signIn(base, createUser(port, 'scan.member', false));
    const staff = await signIn(base, createUser(port, 'scan.staff', true));
    const now = new Date();
    log(`Throw-away site at ${base} (data in ${work})\n`);
    log('sqlmap:');
    for (const [name, args] of sqlmapTargets(base, member, staff, now.getFullYear(), now.getMonth() + 1)) {
      const result = sqlmap(name, args);
      log(`  ${result.name.padEnd(20)} ${result.verdict}`);
    }
    log('\nwapiti:');
    for (const [name, who] of [['member', member], ['staff', staff]]) {
      const result = wapiti(name, base, who);
      log(`  as ${result.name}:\n    ${result.summary}`);
    }
  } finally {
    server.kill('SIGTERM');
  }
  if (process.env.SCAN_KEEP !== '1') {
    // Reports are printed above; keep them with SCAN_KEEP=1.
    for (const entry of readdirSync(work)) if (entry === 'club.db' || entry.startsWith('club.db-')) rmSync(path.join(work, entry), { force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
