// Match day at full size (issue "Match day"): a generated PractiScore export of 400 competitors
// and 12 stages (5,221 lines) is imported into an event's match on SQLite and, with
// BENCH_PG_URL, on PostgreSQL; then the bench prints the import's time, the server's CPU per
// results request at 1 connection, the results' p99 at 20 connections (staff's live results
// and the public's published ones), and the p99 of saving a score at 20 connections while
// results are read at 5 more, as fast as the server answers and then at a pace. The load comes
// from ./load.mjs (Node's HTTP client, bodies unread) in this process; beside each figure, the
// server's and this process's CPU in percent of one core, so a run limited by its client shows
// it. Prints figures, the load average and how fast the machine runs JavaScript then (CPU index,
// ./support.mjs); asserts nothing. Linux only (/proc). The server is
// built first (BENCH_SKIP_BUILD=1 keeps the build there is).
//
//   npm run bench -- match
//   BENCH_PG_URL=postgres://club_test:club_test@127.0.0.1:5432/club_bench npm run bench -- match
//
// BENCH_SECONDS (5) sets each load run; BENCH_DB=sqlite|postgres runs one only.
// Targets: results <= 5 ms CPU per request and p99 <= 50 ms at 20 connections; saving a score
// p99 <= 20 ms at 20 connections while results are read; importing 5,000 lines <= 2 s.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cpuIndex, root, startWatchedServer } from './support.mjs';
import { load } from './load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second
const XSRF = 'bench-xsrf-0123456789abcdef0123456789abcdef';
const COMPETITORS = 400;
const STAGES = 12;

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const fmt = (n, digits = 1) => (n === undefined || Number.isNaN(n) ? '' : n.toFixed(digits));
const loadLine = () =>
  `load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.cpus().length} cores), CPU index ${cpuIndex()}`;

/** A seeded random source (mulberry32), so every run imports the same match. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PractiScore results export of 400 competitors and 12 stages, as PractiScore writes one. */
export function generatedExport() {
  const rand = random(33);
  const divisions = ['Production', 'Production Optics', 'Open', 'Standard', 'Classic', 'Revolver', 'PCC'];
  const lines = [
    '$PRACTISCORE 1.682 RESULTS',
    '$INFO Match name:Bench match of 400',
    '$INFO Match date:07/12/2025',
    'Z 3.0',
    'A Bench match of 400,Club,07/12/2025',
    'D Comp,FirstName,LastName,DQPistol,Division,Power Factor,Age,Female',
  ];
  for (let i = 1; i <= COMPETITORS; i++) {
    const division = divisions[i % divisions.length];
    const major = division === 'Open' || (division === 'Standard' && i % 2 === 0);
    lines.push(`E ${i},Tirador${i},Apellido${i},${i % 97 === 0 ? 'Yes' : 'No'},${division},${major ? 'Major' : 'Minor'},,No`);
  }
  lines.push('F Number,Minimum Rounds,Maximum Points,Stage_name,ScoringType');
  const rounds = [];
  for (let s = 1; s <= STAGES; s++) {
    rounds[s] = 8 + Math.floor(rand() * 25);
    lines.push(`G ${s},${rounds[s]},${rounds[s] * 5},Stage ${s},Comstock`);
  }
  lines.push('H Gun,Stage,Comp,DQ,DNF,A,B,C,D,Miss,No Shoot,Procedural,Total Penalty,Time');
  for (let s = 1; s <= STAGES; s++) {
    for (let i = 1; i <= COMPETITORS; i++) {
      const dnf = i % 151 === 0 && s === 3;
      let left = rounds[s];
      const m = rand() < 0.2 ? 1 : 0;
      left -= m;
      const d = Math.floor(rand() * 3);
      const c = Math.floor(rand() * (left / 3));
      const a = Math.max(0, left - c - d);
      const ns = rand() < 0.05 ? 1 : 0;
      const p = rand() < 0.03 ? 1 : 0;
      const time = (rounds[s] * (0.5 + rand() * 0.9)).toFixed(2);
      lines.push(
        dnf
          ? `I Pistol,${s},${i},No,Yes,0,0,0,0,0,0,0,0,0.00`
          : `I Pistol,${s},${i},No,No,${a},0,${c},${d},${m},${ns},${p},${10 * (m + ns + p)},${time}`,
      );
    }
  }
  lines.push('$END');
  return lines.join('\n');
}

async function ask(base, method, url, { token, body, type = 'application/json' } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(body === undefined ? {} : { 'content-type': type }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Load at `connections` for SECONDS (./load.mjs), with the server's CPU share meanwhile. */
async function loaded(server, options) {
  const before = cpuMs(server.pid);
  const started = performance.now();
  const result = await load({ duration: SECONDS, ...options, headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...options.headers } });
  return { ...result, serverCpu: ((cpuMs(server.pid) - before) / (performance.now() - started)) * 100 };
}

/** The server's longest turn of its event loop, held by itself / waiting for a core, and its collector's longest pause. */
const turnCells = (seen) =>
  `${fmt(seen.heldMaxMs)} / ${fmt(seen.queueMaxMs)} | ${fmt(seen.gcMaxMs)} (${seen.gcKind || '-'}), ${seen.gcCount} for ${fmt(seen.gcTotalMs, 0)}`;

/** Creates the staff member with the operator command line and signs in. */
async function staffSession(server, databaseUrl) {
  const login = `bench.staff.${Date.now()}`;
  const password = 'Bench2025xx';
  const made = spawnSync(
    process.execPath,
    [path.join(root, 'server/dist/cli.js'), 'user:create', '--login', login, '--password', password, '--email', `${login}@bench.invalid`, '--nombre', 'Bench', '--staff'],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status !== 0) throw new Error('user:create failed');
  return (await ask(server.url, 'POST', '/api/login/', { body: { login, password } })).token;
}

async function measure(label, databaseUrl, text) {
  const { server, loopDelay } = await startWatchedServer(label, { DATABASE_URL: databaseUrl });
  try {
    process.stdout.write(`\n### ${label}: server up in ${server.startMs.toFixed(0)} ms; ${loadLine()}\n\n`);
    const token = await staffSession(server, databaseUrl);
    const year = new Date().getFullYear() + 1;
    const [event] = await ask(server.url, 'POST', '/api/admin/events/', {
      token,
      body: { type: 3, start: `${year}-07-12 09:00:00`, end: `${year}-07-12 18:00:00`, evento: 'Bench match', plazas: 10, status: 2 },
    });
    const lines = text.split('\n').length;
    const importCpu = cpuMs(server.pid);
    const importStart = performance.now();
    const match = await ask(server.url, 'POST', `/api/admin/events/${event.uuid}/match/import/`, { token, body: text, type: 'text/plain' });
    const importMs = performance.now() - importStart;
    const importCpuMs = cpuMs(server.pid) - importCpu;
    process.stdout.write(`import of ${lines} lines (${(text.length / 1024).toFixed(0)} KB): ${fmt(importMs, 0)} ms, server CPU ${fmt(importCpuMs, 0)} ms\n`);

    const results = `${server.url}/api/events/${event.uuid}/match/results/`;
    const staffHeaders = { authorization: `Token ${token}` };
    // Results are asked for as browsers ask, gzip accepted.
    const gzip = { 'accept-encoding': 'gzip' };
    const plain = Buffer.byteLength(await (await fetch(results, { headers: staffHeaders })).text());
    const zipped = await new Promise((resolve, reject) =>
      http.get(results, { headers: { ...staffHeaders, ...gzip } }, (res) => {
        let n = 0;
        res.on('data', (chunk) => (n += chunk.length)).on('end', () => resolve(n));
      }).on('error', reject),
    );
    const bytes = `${plain} (gzip ${zipped})`;
    const rows = [];
    const measureResults = async (name, headers) => {
      await load({ url: results, connections: 1, duration: 1, headers }); // warm-up
      const before = cpuMs(server.pid);
      const single = await load({ url: results, connections: 1, duration: Math.max(2, Math.round(SECONDS / 2)), headers });
      const cpu = (cpuMs(server.pid) - before) / single.requests;
      await loopDelay();
      const result = await loaded(server, { url: results, connections: 20, headers });
      rows.push({ name, cpu, ...result, turns: await loopDelay() });
    };
    await measureResults('results, live (staff)', { ...staffHeaders, ...gzip });
    // Published for everyone: the same stages, published.
    await ask(server.url, 'PUT', `/api/admin/events/${event.uuid}/match/`, {
      token,
      body: { name: match.name, scoring: 'ipsc', published: true, stages: match.stages, squads: [] },
    });
    await measureResults('results, published (visitor)', gzip);

    const competitors = await ask(server.url, 'GET', `/api/events/${event.uuid}/match/competitors/`, { token });
    let next = 0;
    const saveBody = (i) => {
      const competitor = competitors[i % competitors.length];
      const stage = 1 + (Math.floor(i / competitors.length) % STAGES);
      const revision = 1 + Math.floor(i / (competitors.length * STAGES));
      return {
        path: `/api/events/${event.uuid}/match/stages/${stage}/scores/${competitor.id}/`,
        body: { a: 10, c: 2, d: 1, m: 0, ns: 0, procedurals: 0, time: 9.87, clientId: randomUUID(), basedOn: revision },
      };
    };
    // One at a time: the server's CPU per save, and per results request right after a save
    // (each save moves the match's version, so those results are computed afresh).
    const ROUNDS = 200;
    let before = cpuMs(server.pid);
    for (let r = 0; r < ROUNDS; r++) {
      const { path: url, body } = saveBody(next++);
      await ask(server.url, 'PUT', url, { token, body });
    }
    const saveCpu = (cpuMs(server.pid) - before) / ROUNDS;
    before = cpuMs(server.pid);
    for (let r = 0; r < ROUNDS; r++) {
      const { path: url, body } = saveBody(next++);
      await ask(server.url, 'PUT', url, { token, body });
      await (await fetch(results, { headers: { ...staffHeaders, ...gzip } })).arrayBuffer();
    }
    const recomputeCpu = (cpuMs(server.pid) - before) / ROUNDS - saveCpu;
    process.stdout.write(`server CPU per score save @1: ${fmt(saveCpu, 2)} ms; per results request computed afresh after a save: ${fmt(recomputeCpu, 1)} ms\n`);

    // The scoring screen drawn for an officer (decision 0068), as the page's starter asks for it:
    // a squad of 12 (the imported match has none; the squad is made here).
    await ask(server.url, 'PUT', `/api/admin/events/${event.uuid}/match/`, {
      token,
      body: { name: match.name, scoring: 'ipsc', published: true, stages: match.stages, squads: [{ number: 1, capacity: 12 }] },
    });
    for (const competitor of competitors.slice(0, 12)) {
      await ask(server.url, 'PUT', `/api/admin/events/${event.uuid}/match/competitors/${competitor.id}/`, { token, body: { squad: 1 } });
    }
    const drawing = `${server.url}/api/events/${event.uuid}/match/drawing/?squad=1`;
    const drawnBytes = Buffer.byteLength(JSON.stringify(await ask(server.url, 'GET', `/api/events/${event.uuid}/match/drawing/?squad=1`, { token })));
    await load({ url: drawing, connections: 1, duration: 1, headers: { ...staffHeaders, ...gzip } }); // warm-up
    before = cpuMs(server.pid);
    const drawn = await load({ url: drawing, connections: 1, duration: 2, headers: { ...staffHeaders, ...gzip } });
    process.stdout.write(
      `scoring screen drawn for an officer (a squad of 12 of 400, ${(drawnBytes / 1024).toFixed(1)} KB before gzip): server CPU per request @1 ${fmt((cpuMs(server.pid) - before) / drawn.requests, 1)} ms, p50 ${fmt(drawn.p50)} ms\n`,
    );

    // Saving scores at 20 connections, each a new revision of a different run, while 5 more
    // connections read the results (each save moves the version: results are computed again).

    const saving = (options) =>
      Promise.all([
        loaded(server, {
          url: server.url,
          connections: 20,
          headers: { ...staffHeaders, 'content-type': 'application/json' },
          request: () => {
            const { path: url, body } = saveBody(next++);
            return { method: 'PUT', path: url, body: JSON.stringify(body) };
          },
          ...options,
        }),
        load({ url: results, connections: 5, duration: SECONDS, headers: { ...staffHeaders, ...gzip } }),
      ]);
    await loopDelay();
    const [saved, read] = await saving({});
    const savedTurns = await loopDelay();
    // The same at a pace: each of the 20 connections saves 10 times a second (200 a second, far
    // more than the range officers of a match), counted from each request's slot.
    const [paced, pacedRead] = await saving({ rate: 10 });
    const pacedTurns = await loopDelay();
    const cells = (r) => `${fmt(r.p50)} / ${fmt(r.p99)} | ${fmt(r.rps, 0)} | ${r.non2xx + r.errors}`;
    process.stdout.write(
      `\n| ${label} | bytes | CPU ms/req @1 | p50 / p99 ms | req/s | non-2xx | server CPU % | load client CPU % | server's longest turn ms, held / waiting for a core | longest GC pause ms (kind), pauses for ms |\n|---|---|---|---|---|---|---|---|---|---|\n` +
        rows.map((r) => `| ${r.name} @20 | ${bytes} | ${fmt(r.cpu, 2)} | ${cells(r)} | ${fmt(r.serverCpu, 0)} | ${fmt(r.clientCpu, 0)} | ${turnCells(r.turns)} |`).join('\n') +
        `\n| score save @20 while results are read @5 | | | ${cells(saved)} | ${fmt(saved.serverCpu, 0)} | ${fmt(saved.clientCpu, 0)} | ${turnCells(savedTurns)} |` +
        `\n| results read @5 meanwhile | | | ${cells(read)} | | | | |` +
        `\n| score save @20 paced at 10/s each, results read @5 | | | ${cells(paced)} | ${fmt(paced.serverCpu, 0)} | ${fmt(paced.clientCpu, 0)} | ${turnCells(pacedTurns)} |` +
        `\n| results read @5 meanwhile | | | ${cells(pacedRead)} | | | | |\n`,
    );
    process.stdout.write(`\nimport ${fmt(importMs, 0)} ms (server CPU ${fmt(importCpuMs, 0)} ms) for ${lines} lines; ${loadLine()}\n`);
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const built = spawnSync('npm', ['run', 'build', '--workspace', 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
}
const text = generatedExport();
process.stdout.write(`${loadLine()}\n`);
if (process.env.BENCH_DB !== 'postgres') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-match-'));
  await measure('SQLite', `sqlite:${path.join(dir, 'club.db')}`, text);
}
if (process.env.BENCH_DB !== 'sqlite') {
  if (process.env.BENCH_PG_URL) {
    const load = createRequire(path.join(root, 'server/package.json'));
    const pg = load('pg');
    const admin = new pg.Client({ connectionString: process.env.BENCH_PG_URL });
    await admin.connect();
    await admin.query('drop schema if exists match_bench cascade');
    await admin.query('create schema match_bench');
    await admin.end();
    const url = new URL(process.env.BENCH_PG_URL);
    url.searchParams.set('options', '-c search_path=match_bench');
    await measure('PostgreSQL', url.toString(), text);
  } else {
    process.stdout.write('\n(PostgreSQL skipped: set BENCH_PG_URL to a database the bench may fill)\n');
  }
}
