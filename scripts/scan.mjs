// `npm run scan`: attacks a throw-away copy of the site with sqlmap and wapiti, signed in as a
// member and as staff, and prints what each found. Not part of `npm test`: it takes minutes and
// installs the two Debian packages where they are missing (apt-get, as root or through sudo -n).
//
// The server runs from the built bundle (`npm run build` first) on a fresh SQLite file in a
// temporary folder, with rate limits off so the scanners are not throttled, and is stopped at
// the end. Wapiti runs only modules that talk to this server (no SSRF/XXE callbacks to outside
// hosts, no downloads of fingerprint databases).
//
// Wapiti (Debian's 3.0.4) asks for brotli, which Debian's Python cannot read: it is told to ask
// for identity. A single-page app shows a crawler few links, so it is given the API's GET calls
// (with their query parameters) as start URLs, anonymously, as a member and as staff. Its
// mutator cannot keep a JSON body (an attacked copy goes out as a form) nor send PUT, so the
// JSON calls are sqlmap's, which reads JSON bodies. After each wapiti run its session database
// is read: fewer resources or parameters crawled than it was given fails the scan, since a
// scanner that read nothing finds nothing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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

function sqlmapTargets(base, member, staff, year, month, event) {
  const auth = (who) => [`--headers=Authorization: Token ${who.token}\nX-XSRF-TOKEN: ${who.xsrf}`, `--cookie=XSRF-TOKEN=${who.xsrf}`];
  // A JSON body: sqlmap finds the JSON and injects into each of its values.
  const json = (who, method, url, body) => [
    '-u', url, `--method=${method}`, `--data=${JSON.stringify(body)}`, '--ignore-code=400,403,404,409',
    `--headers=${who ? `Authorization: Token ${who.token}\n` : ''}X-XSRF-TOKEN: ${(who ?? member).xsrf}\nContent-Type: application/json`,
    `--cookie=XSRF-TOKEN=${(who ?? member).xsrf}`,
  ];
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
    ['training-page', ['-u', `${base}/api/training/?limit=5&before=abc`, '-p', 'limit,before', '--ignore-code=400', ...auth(member)]],
    ['training-keep', json(member, 'POST', `${base}/api/training/`, { stageName: 'Scan', startedAt: '2025-01-01T10:00:00Z', reps: [{ shots: [{ tMs: 900, zone: 'A' }] }] })],
    ['contact', json(null, 'POST', `${base}/api/send-message/`, { name: 'Scan', email: 'scan@scan.invalid', subject: 'Hola', message: 'Texto' })],
    ['register', json(null, 'POST', `${base}/api/registro/`, { login: 'scanner.x', password: 'Scanner123x', nombre: 'Scan', apellidos: 'Ner', email: 'scanner.x@scan.invalid', mobil: '612345678', nacimiento: '1990-01-01', sexo: 1 })],
    ['stage-save', json(member, 'POST', `${base}/api/stages/`, { name: 'Scan', public: false, designWidth: 1280, designHeigth: 720, randomElements: false, maxRandomElements: 2, elements: [] })],
    ['staff-event', json(staff, 'POST', `${base}/api/admin/events/`, { type: 10, start: `${year}-${String(month).padStart(2, '0')}-20 18:00:00`, end: `${year}-${String(month).padStart(2, '0')}-20 20:00:00`, evento: 'Scan', plazas: 5, status: 2 })],
    ['staff-participants', ['-u', `${base}/api/admin/events/${event}/participants/?offset=0&limit=10`, '-p', 'offset,limit', '--ignore-code=400', ...auth(staff)]],
    ['staff-messages', ['-u', `${base}/api/admin/messages/?archived=1`, '-p', 'archived', '--ignore-code=400', ...auth(staff)]],
  ];
}

/**
 * The GET calls of the API (docs/api.md) with their query parameters, for each identity:
 * wapiti's start URLs. Ids are real ones of the throw-away club.
 */
function wapitiStarts(base, who, ids) {
  const { year, month, event, member } = ids;
  const anonymous = [
    '/', '/calendar', '/login', '/register', '/forgoten', '/stages', `/reset-password?hash=abc&token=def`,
    `/reminders-off?token=${member}.abc`, '/api/health/', `/api/${year}/${month}/`, `/api/events/${event}/`,
    '/api/calendar.ics', '/api/forgoten-password/?email=a%40b.es', `/api/registro/verify/?id=${member}&token=abc`,
    '/api/library/stages/', '/api/matches/', `/api/events/${event}/match/`, `/api/reminders-off/${member}.abc`,
  ];
  const members = [
    '/api/active-user/', '/api/registry/actvie-user/', '/api/training/?limit=5&before=abc', '/api/stages/',
    `/api/registro/${member}/registrations/`, `/api/registro/${member}/export/`, `/api/registro/${member}/feed/`,
    `/api/registro/${member}/results/`, `/api/registro/${member}/membership/`,
  ];
  const staff = [
    '/api/admin/users/?q=ana', '/api/admin/users/?claims=1', `/api/admin/events/?from=${year}-01-01&to=${year}-12-31&participantes=all`,
    `/api/admin/events/${event}/participants/?offset=0&limit=10`, '/api/admin/messages/?archived=1', '/api/admin/mail/?status=failed',
    `/api/admin/payments/?from=${year}-01-01&to=${year}-12-31&concept=cuota`, '/api/admin/settings/',
    `/api/events/${event}/match/scores/?stage=1`, `/api/training/events/${event}/`,
  ];
  const paths = who === 'anonymous' ? anonymous : who === 'member' ? [...anonymous, ...members] : [...anonymous, ...members, ...staff];
  return paths.map((p) => `${base}${p}`);
}

/** Resources and parameters in wapiti's session database (what it crawled and will attack). */
function crawled(sessionDir) {
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const files = existsSync(sessionDir) ? readdirSync(sessionDir).filter((f) => f.endsWith('.db')) : [];
  let resources = 0;
  let parameters = 0;
  for (const file of files) {
    const db = new Database(path.join(sessionDir, file), { readonly: true });
    try {
      resources += db.prepare('select count(*) as n from paths where evil = 0 and headers is not null').get().n;
      parameters += db.prepare('select count(*) as n from params join paths using (path_id) where paths.evil = 0 and paths.headers is not null').get().n;
    } finally {
      db.close();
    }
  }
  return { resources, parameters };
}

function wapiti(name, base, who, starts) {
  const report = path.join(work, `wapiti-${name}.json`);
  const sessionDir = path.join(work, `wapiti-session-${name}`);
  mkdirSync(sessionDir, { recursive: true });
  const args = ['-u', `${base}/`, '--scope', 'domain', '-m', WAPITI_MODULES, '-f', 'json', '-o', report,
    '--flush-session', '--store-session', sessionDir, '--max-scan-time', process.env.SCAN_WAPITI_SECONDS ?? '1500',
    '--max-attack-time', process.env.SCAN_WAPITI_MODULE_SECONDS ?? '240', '--no-bugreport',
    // Debian's wapiti asks for brotli and cannot read it: plain answers only.
    '-H', 'Accept-Encoding: identity',
    ...(who ? ['-H', `Authorization: Token ${who.token}`, '-H', `X-XSRF-TOKEN: ${who.xsrf}`, '-H', `Cookie: XSRF-TOKEN=${who.xsrf}`] : []),
    ...starts.flatMap((url) => ['-s', url])];
  const result = spawnSync('wapiti', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const floor = { resources: starts.length, parameters: starts.reduce((n, url) => n + [...new URL(url).searchParams.keys()].length, 0) };
  const seen = crawled(sessionDir);
  const enough = seen.resources >= floor.resources && seen.parameters >= floor.parameters;
  const crawl = `crawled ${seen.resources} resources (at least ${floor.resources}) and ${seen.parameters} parameters (at least ${floor.parameters})${enough ? '' : ': TOO FEW, the attack means nothing'}`;
  if (!existsSync(report)) return { name, enough: false, summary: `${crawl}\n    no report (exit ${result.status}): ${result.stderr.split('\n').slice(-3).join(' ')}` };
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const count = (group) => Object.entries(data[group] ?? {}).filter(([, items]) => items.length > 0).map(([kind, items]) => `${kind}: ${items.length}`);
  const vulns = count('vulnerabilities');
  const anomalies = count('anomalies');
  return {
    name,
    enough,
    summary: [
      crawl,
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
    const year = now.getFullYear();
    const month = now.getMonth() + 1;
    const day = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(28, now.getDate() + 1)).padStart(2, '0')}`;
    const created = await fetch(`${base}/api/admin/events/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${staff.token}`, cookie: `XSRF-TOKEN=${staff.xsrf}`, 'x-xsrf-token': staff.xsrf },
      body: JSON.stringify({ type: 10, start: `${day} 18:00:00`, end: `${day} 20:00:00`, evento: 'Scan', plazas: 5, status: 2 }),
    });
    if (!created.ok) throw new Error(`could not create the scan's event: ${created.status} ${await created.text()}`);
    const event = (await created.json())[0].uuid;
    log(`Throw-away site at ${base} (data in ${work}); load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}\n`);
    const only = process.env.SCAN_ONLY ?? 'sqlmap,wapiti';
    if (only.includes('sqlmap')) {
      log('sqlmap:');
      for (const [name, args] of sqlmapTargets(base, member, staff, year, month, event)) {
        const result = sqlmap(name, args);
        log(`  ${result.name.padEnd(20)} ${result.verdict}`);
      }
    }
    if (only.includes('wapiti')) {
      log('\nwapiti:');
      for (const [name, who] of [['anonymous', null], ['member', member], ['staff', staff]]) {
        const result = wapiti(name, base, who, wapitiStarts(base, name, { year, month, event, member: member.uuid }));
        log(`  as ${result.name}:\n    ${result.summary}`);
        if (!result.enough) process.exitCode = 1;
      }
    }
    log(`\nload average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
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
