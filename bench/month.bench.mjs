// The month call under load beside /api/health/ for each kind of caller (anonymous, member,
// staff), and 200 members racing for 20 seats.
// Builds the server, starts it on its own port over a temporary SQLite database filled with a
// month of 120 events x 20 registrations and 2,000 members (rows written directly), then runs
// autocannon (50 connections, BENCH_SECONDS=5 s) on each path in turn, BENCH_ROUNDS=3 rounds.
// Prints figures; asserts nothing.
// Each caller is measured twice: without Accept-Encoding, and with gzip as browsers ask.
// Targets: anonymous month >= 50 % of health's requests/s and p99 <= 25 ms; a signed-in
// member's month >= 50 % of health and p99 <= 25 ms; staff's month >= 30 % of health.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const base = `http://127.0.0.1:${PORT}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-month-'));
const dbFile = path.join(dir, 'club.db');
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${dbFile}`,
  SEED: 'none',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  MAIL_OUTBOX: path.join(dir, 'outbox'),
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const pad = (n) => String(n).padStart(2, '0');
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Fills the database: 2,000 members, 120 events in the month with 20 registrations each. */
function fill(year, month) {
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  const stamp = new Date().toISOString();
  const members = [];
  const insertMember =
    db.prepare(`insert into members (id, login, login_key, password_hash, password_changed_at, nombre,
    apellidos, email, email_key, email_verified, mobil, nacimiento, sexo, socio, licencia, curso, habilitado, arbitro_ipsc,
    autorizacion_club, language, created_at, updated_at)
    values (?, ?, ?, 'not-a-hash', ?, ?, ?, ?, ?, 1, '600000000', ?, ?, ?, ?, 1, 1, 1, 1, 'es', ?, ?)`);
  const insertEvent =
    db.prepare(`insert into events (id, type, start_at, end_at, evento, nota, plazas, plazas_taken,
    status, solo_lectura, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`);
  const insertRegistration =
    db.prepare(`insert into registrations (id, event_id, member_id, role_id, status, categoria,
    division, factor, created_at, updated_at) values (?, ?, ?, ?, 1, null, 1, 1, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < 2000; i += 1) {
      const id = randomUUID();
      const login = `bench.member.${i}`;
      insertMember.run(
        id,
        login,
        login,
        stamp,
        `Nombre${i}`,
        `Apellido${i}`,
        `${login}@bench.invalid`,
        `${login}@bench.invalid`,
        `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
        1 + (i % 2),
        String(1000 + i),
        `L-${i}`,
        stamp,
        stamp,
      );
      members.push(id);
    }
    for (let e = 0; e < 120; e += 1) {
      const id = randomUUID();
      const day = pad(1 + (e % 28));
      const hour = pad(8 + (e % 12));
      const type = 1 + (e % 8);
      insertEvent.run(
        id,
        type,
        `${year}-${pad(month)}-${day} ${hour}:00:00`,
        `${year}-${pad(month)}-${day} ${hour}:59:00`,
        `Evento ${e}`,
        e % 3 === 0 ? 'Nota del evento' : null,
        30,
        20,
        1 + (e % 2),
        stamp,
        stamp,
      );
      for (let r = 0; r < 20; r += 1) {
        insertRegistration.run(
          randomUUID(),
          id,
          members[(e * 20 + r) % members.length],
          type === 3 ? 3 : 2,
          stamp,
          stamp,
        );
      }
    }
  })();
  // 200 members with a session token each, and an event with 20 seats, for the race.
  const insertToken = db.prepare(`insert into tokens (token_hash, member_id, remember, created_at, expires_at)
    values (?, ?, 1, ?, ?)`);
  const racers = [];
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  db.transaction(() => {
    for (let i = 0; i < 200; i += 1) {
      const token = randomBytes(32).toString('hex');
      insertToken.run(sha256(token), members[i], stamp, expires);
      racers.push({ uuid: members[i], token });
    }
  })();
  const raceEvent = randomUUID();
  insertEvent.run(
    raceEvent,
    7,
    `${year}-${pad(month)}-28 23:00:00`,
    `${year}-${pad(month)}-28 23:30:00`,
    'Carrera',
    null,
    20,
    0,
    2,
    stamp,
    stamp,
  );
  // The second racer is staff too, for the staff month (racing changes nothing for staff).
  db.prepare('update members set staff = 1 where id = ?').run(members[1]);
  db.close();
  return { racers, raceEvent };
}

async function waitForHealth() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer /api/health/ within 20 s');
}

function load(url, token, extraHeaders = {}) {
  const headers = { ...(token ? { authorization: `Token ${token}` } : {}), ...extraHeaders };
  return autocannon({ url, headers, connections: 50, duration: SECONDS });
}

// What browsers send: the month then travels gzipped (compressed once per change, see
// server/src/lib/encoding.ts). The plain runs above show the cost without it.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

function summary(name, result) {
  return {
    name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

let server;
try {
  run('npm', ['run', 'build', '-w', 'server']);
  run(process.execPath, ['server/dist/cli.js', 'db:migrate']);
  // Next month in UTC: far enough ahead that no event of the race has started.
  const now = new Date();
  const year = now.getUTCMonth() === 11 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  const month = now.getUTCMonth() === 11 ? 1 : now.getUTCMonth() + 2;
  const { racers, raceEvent } = fill(year, month);

  server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth();
  const monthUrl = `${base}/api/${year}/${month}/`;
  process.stdout.write(`month ${year}-${pad(month)}\n`);

  const member = racers[0];
  const staff = racers[1];
  // What each caller gets: the events and the size of the answer, which bounds its rate here.
  for (const [who, token] of [['anonymous'], ['member', member.token], ['staff', staff.token]]) {
    const res = await fetch(monthUrl, { headers: token ? { authorization: `Token ${token}` } : {} });
    const text = await res.text();
    process.stdout.write(`${who}: ${JSON.parse(text).length} events, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB\n`);
  }

  // Warm-up, then each path alone (running them at once would split the CPU), in rounds: this
  // shared machine's speed drifts by a fifth from minute to minute, so each round measures health
  // beside the month and a ratio is taken within its round; the median round is printed.
  await autocannon({ url: monthUrl, connections: 10, duration: 2 });
  const paths = [
    { name: 'month, anonymous', token: undefined, headers: {}, target: 0.5, p99Target: 25 },
    { name: 'month, member', token: member.token, headers: {}, target: 0.5, p99Target: 25 },
    { name: 'month, staff', token: staff.token, headers: {}, target: 0.3 },
    { name: 'anonymous, gzip', token: undefined, headers: BROWSER, target: 0.5, p99Target: 25 },
    { name: 'member, gzip', token: member.token, headers: BROWSER, target: 0.5, p99Target: 25 },
    { name: 'staff, gzip', token: staff.token, headers: BROWSER, target: 0.3 },
  ];
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const health = summary('GET /api/health/', await load(`${base}/api/health/`));
    const runs = [];
    for (const p of paths) runs.push({ ...p, ...summary(p.name, await load(monthUrl, p.token, p.headers)) });
    rounds.push({ health, runs });
  }
  const line = (r, extra = '') =>
    process.stdout.write(
      `${r.name.padEnd(20)} ${String(r.rps).padStart(7)} req/s   p99 ${String(r.p99).padStart(3)} ms   ` +
        `non-2xx ${r.non2xx}   errors ${r.errors}${extra}\n`,
    );
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  rounds.forEach((r, index) => {
    process.stdout.write(`round ${index + 1}\n`);
    line(r.health);
    for (const run of r.runs) line(run, `   ${(run.rps / r.health.rps).toFixed(2)} of health`);
  });
  process.stdout.write(`\nmedian of ${ROUNDS} rounds (ratio to health within each round)\n`);
  paths.forEach((p, i) => {
    const ratio = median(rounds.map((r) => r.runs[i].rps / r.health.rps));
    const p99 = median(rounds.map((r) => r.runs[i].p99));
    const met = ratio >= p.target && (p.p99Target === undefined || p99 <= p.p99Target);
    const goal = `>= ${p.target} of health${p.p99Target === undefined ? '' : `, p99 <= ${p.p99Target} ms`}`;
    process.stdout.write(
      `${p.name.padEnd(20)} ${ratio.toFixed(2)} of health, p99 ${p99} ms (target ${goal}): ${met ? 'met' : 'MISSED'}\n`,
    );
  });

  // 200 members race for 20 seats through the subscribe call.
  const xsrf = randomBytes(16).toString('hex');
  const started = performance.now();
  const answers = await Promise.all(
    racers.map((r) =>
      fetch(`${base}/api/events/${raceEvent}/subscribe/`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Token ${r.token}`,
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify({ uuid: r.uuid, roles: [{ roleId: 2, status: 1 }] }),
      }).then(async (res) => ({ status: res.status, code: res.ok ? null : (await res.json()).errorCode })),
    ),
  );
  const elapsed = performance.now() - started;
  const byOutcome = {};
  for (const a of answers) {
    const key = a.code ? `${a.status} ${a.code}` : String(a.status);
    byOutcome[key] = (byOutcome[key] ?? 0) + 1;
  }
  const event = await (await fetch(`${base}/api/events/${raceEvent}/`)).json();
  const db = new Database(dbFile, { readonly: true });
  const { count } = db
    .prepare('select count(*) as count from registrations where event_id = ?')
    .get(raceEvent);
  db.close();
  process.stdout.write(
    `race: 200 members for 20 seats in ${elapsed.toFixed(0)} ms; answers ${JSON.stringify(byOutcome)}; ` +
      `registrations ${count}, plazasLibres ${event.plazasLibres}\n`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dir, { recursive: true, force: true });
}
