// A club of 20,000 members (issue 17): builds the big club (bench/big-club.mjs) on SQLite and,
// with BENCH_PG_URL, on PostgreSQL, starts the built server on it and prints, per call a page
// makes: bytes, server CPU per request at 1 connection, p99 at 20 connections; then how long a
// cheap call (health, asked from a process of its own) waits while each heavy call repeats, with
// what the server's event loop and collector did meanwhile (bench/loop-delay.mjs); then the plans
// (EXPLAIN) of the queries behind them. Prints figures; asserts nothing. Linux only (/proc).
//
//   npm run bench -- scale
//   BENCH_PG_URL=postgres://club_test:club_test@127.0.0.1:5432/club_bench npm run bench -- scale
//
// BENCH_SECONDS (5) sets the length of each load run; BENCH_DB=sqlite|postgres runs one only;
// BENCH_CALLS=export,users measures only the heavy calls named so (and the cheap ones); the
// server is built first (BENCH_SKIP_BUILD=1 keeps the build there is).
// Targets: p99 <= 50 ms at 20 connections, <= 5 ms CPU per request (export <= 25 ms), the
// feed <= 2 ms, a cheap call never waits more than 10 ms behind a heavy one.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { buildBigClub } from './big-club.mjs';
import { root, startWatchedServer, stats } from './support.mjs';

const load = createRequire(path.join(root, 'server/package.json'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const pad = (n) => String(n).padStart(2, '0');

/** The calls measured, as the web app makes them, with the session each needs. */
function callsOf(club, today) {
  const [year, month] = [today.getFullYear(), today.getMonth() + 1];
  const first = `${year}-${pad(month)}-01`;
  const last = `${year}-${pad(month)}-${pad(new Date(year, month, 0).getDate())}`;
  const staff = `Token ${club.sessions.staff.token}`;
  const heavy = `Token ${club.sessions.heavy.token}`;
  const member = `Token ${club.sessions.member.token}`;
  return [
    { name: 'health (the cheap call)', path: '/api/health/' },
    { name: 'public month', path: `/api/${year}/${month}/` },
    { name: 'member month', path: `/api/${year}/${month}/`, auth: member },
    { name: 'GET /api/calendar.ics', path: '/api/calendar.ics', heavy: true },
    { name: 'staff month', path: `/api/${year}/${month}/`, auth: staff, heavy: true },
    {
      name: 'admin events of a month',
      path: `/api/admin/events/?from=${first}&to=${last}`,
      auth: staff,
      heavy: true,
    },
    { name: 'admin users ?q=gar', path: '/api/admin/users/?q=gar', auth: staff, heavy: true },
    { name: 'admin users ?q=garcia (accents)', path: '/api/admin/users/?q=garcia', auth: staff, heavy: true },
    { name: 'admin users, no match', path: '/api/admin/users/?q=zzqx', auth: staff, heavy: true },
    {
      name: 'export, 400 registrations',
      path: `/api/registro/${club.sessions.heavy.uuid}/export/`,
      auth: heavy,
      heavy: true,
    },
    {
      name: 'staff view of an event (200)',
      path: `/api/events/${club.bigEventId}/`,
      auth: staff,
      heavy: true,
    },
    { name: 'staff payments of the month', path: `/api/admin/payments/?from=${first}&to=${last}`, auth: staff, heavy: true },
    { name: 'staff needs-attention list', path: '/api/admin/membership/', auth: staff, heavy: true },
    {
      name: 'staff event participants, a page',
      path: `/api/admin/events/${club.bigEventId}/participants/?offset=0&limit=50`,
      auth: staff,
      heavy: true,
      optional: true,
    },
  ];
}

async function once(url, auth) {
  const res = await fetch(url, { headers: auth ? { authorization: auth } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes: body.length, body };
}

/** What autocannon is given for `connections` asking `url` for `duration` seconds, signed in with `auth`. */
function loadOf(url, auth, connections, duration) {
  return { url, connections, duration, headers: auth ? { authorization: auth } : {} };
}

function cannon(url, auth, connections, duration) {
  return autocannon(loadOf(url, auth, connections, duration));
}

/**
 * Latencies of the cheap call, one at a time, for `ms`, measured from a process of its own: a
 * visitor's wait, not the bench's event loop, which the load generator keeps busy. Beside each,
 * the time the asking process itself waited for a core meanwhile (Linux's schedstat of its main
 * thread, bench/core-wait.mjs): a visitor's browser runs on a machine of its own, so that part is
 * not the server's; and the time the server's main thread waited for a core: on two cores shared
 * with the database, the load and the sampler, that part is the machine's, not the heavy call's.
 */
function sampleCheap(url, ms, serverPid) {
  const script = `
    import { coreWaitReader } from ${JSON.stringify(pathToFileURL(path.join(root, 'bench/core-wait.mjs')).href)};
    const waitedForCore = coreWaitReader();
    const serverWaitedForCore = coreWaitReader(${Number(serverPid)});
    // A new process's first calls pay for its own start (the connection, fetch itself): not timed.
    for (let i = 0; i < 5; i += 1) await fetch(${JSON.stringify(url)}).then((r) => r.arrayBuffer());
    const samples = [];
    const until = performance.now() + ${Number(ms)};
    while (performance.now() < until) {
      const serverWaited = serverWaitedForCore();
      const waited = waitedForCore();
      const started = performance.now();
      await fetch(${JSON.stringify(url)}).then((r) => r.arrayBuffer());
      const latency = performance.now() - started;
      samples.push([latency, waitedForCore() - waited, serverWaitedForCore() - serverWaited]);
      await new Promise((r) => setTimeout(r, 20));
    }
    process.stdout.write(JSON.stringify(samples));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`sampler exited ${code}`));
      const samples = JSON.parse(out);
      const [latency, own, server] = samples.reduce((worst, sample) =>
        sample[0] > worst[0] ? sample : worst,
      );
      resolve({
        ...stats(samples.map(([latency]) => latency)),
        maxLessOwnWait: Math.max(...samples.map(([latency, own]) => latency - own)),
        maxLessWaits: Math.max(...samples.map(([latency, own, server]) => latency - own - server)),
        worst: { latency, own, server },
      });
    });
  });
}

/**
 * `cannon` from a process of its own that the machine serves last (nice 19): while a cheap call's
 * wait is measured, the load generator stands for clients on other machines, so it must not take
 * the server's or the sampler's core away. The server and the database run as they always do.
 */
function cannonAside(url, auth, connections, duration) {
  const script = `
    import autocannon from 'autocannon';
    await autocannon(${JSON.stringify(loadOf(url, auth, connections, duration))});`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    os.setPriority(child.pid, 19);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load generator exited ${code}`))));
  });
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function measure(label, url, club) {
  const { server, loopDelay } = await startWatchedServer(label, { DATABASE_URL: url });
  const rows = [];
  try {
    process.stdout.write(
      `\n### ${label}: server up in ${server.startMs.toFixed(0)} ms; machine: ${os.cpus().length} cores, ` +
        `load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}\n\n`,
    );
    // BENCH_CALLS=export,search measures only the heavy calls whose names contain one of the
    // words (the cheap calls are always measured: they are the reference).
    const only = process.env.BENCH_CALLS?.split(',').filter(Boolean);
    const calls = callsOf(club, new Date()).filter(
      (call) => !only || !call.heavy || only.some((word) => call.name.includes(word)),
    );
    const live = [];
    for (const call of calls) {
      const target = `${server.url}${call.path}`;
      const first = await once(target, call.auth);
      if (first.status === 404 && call.optional) continue;
      if (first.status !== 200)
        process.stdout.write(`${call.name}: status ${first.status} ${first.body.slice(0, 200)}\n`);
      await cannon(target, call.auth, 1, 1); // warm-up
      const cpuBefore = cpuMs(server.pid);
      const single = await cannon(target, call.auth, 1, Math.max(2, Math.round(SECONDS / 2)));
      const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / single.requests.total;
      const loaded = await cannon(target, call.auth, 20, SECONDS);
      const row = {
        call: call.name,
        bytes: first.bytes,
        cpuMs: cpuPerRequest,
        p99: loaded.latency.p99,
        rps: loaded.requests.average,
        errors: loaded.non2xx + loaded.errors,
      };
      rows.push(row);
      live.push({ ...call, target });
      process.stdout.write(
        `${call.name.padEnd(36)} ${String(row.bytes).padStart(8)} B  ${fmt(row.cpuMs, 2).padStart(7)} ms CPU/req  ` +
          `p99 ${String(row.p99).padStart(5)} ms @20  ${fmt(row.rps, 0).padStart(6)} req/s  non-2xx ${row.errors}\n`,
      );
    }
    const cheap = `${server.url}/api/health/`;
    const SAMPLE_MS = Math.max(1500, (SECONDS / 2) * 1000 - 500);
    const loopLine = (loop) =>
      `server loop: latest turn ${fmt(loop.maxMs)} ms, less its wait for a core ${fmt(loop.heldMaxMs)} ms, waited for a core at most ${fmt(loop.queueMaxMs)} ms` +
      ` | GC longest ${fmt(loop.gcMaxMs)} ms (${loop.gcKind || 'none'}), ${loop.gcCount} pauses, ${fmt(loop.gcTotalMs)} ms in all, heap ${fmt(loop.heapMb, 0)} MB`;
    const askLine = (s) =>
      `${s.count} asks, median ${fmt(s.median)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms ` +
      `(of it the asker waited for a core ${fmt(s.worst.own)} ms, the server ${fmt(s.worst.server)} ms), ` +
      `worst less the asker's wait for a core ${fmt(s.maxLessOwnWait)} ms, less the asker's and the server's ${fmt(s.maxLessWaits)} ms`;
    await loopDelay();
    const idle = await sampleCheap(cheap, 2000, server.pid);
    const idleLoop = await loopDelay();
    process.stdout.write(`\nhealth alone: ${askLine(idle)} | ${loopLine(idleLoop)}\n`);
    /** How long the cheap call waits while `target` repeats at two connections. */
    const waitWhile = async (name, target, auth) => {
      const running = cannonAside(target, auth, 2, Math.ceil(SAMPLE_MS / 1000) + 2);
      await new Promise((r) => setTimeout(r, 500));
      await loopDelay();
      const during = await sampleCheap(cheap, SAMPLE_MS, server.pid);
      const loop = await loopDelay();
      await running;
      process.stdout.write(
        `health while ${name.padEnd(36)} repeats: ${askLine(during)} | ${loopLine(loop)}\n`,
      );
      return { ...during, loop };
    };
    // The floor of this machine: the cheapest call itself repeating at two connections.
    const floor = await waitWhile('health itself', cheap);
    rows.find((r) => r.call.startsWith('health')).during = floor;
    for (const call of live.filter((c) => c.heavy)) {
      rows.find((r) => r.call === call.name).during = await waitWhile(call.name, call.target, call.auth);
    }
  } finally {
    await server.stop();
  }
  process.stdout.write(
    `\n| call (${label}) | bytes | CPU ms/req @1 | p99 ms @20 | while it repeats: health's worst wait | less the asker's wait for a core | less the asker's and the server's | server's latest turn | less its wait for a core | longest GC pause |\n|---|---|---|---|---|---|---|---|---|---|\n`,
  );
  for (const r of rows) {
    const d = r.during;
    process.stdout.write(
      `| ${r.call} | ${r.bytes} | ${fmt(r.cpuMs, 2)} | ${r.p99} | ${d ? fmt(d.max) : ''} | ${d ? fmt(d.maxLessOwnWait) : ''} | ${d ? fmt(d.maxLessWaits) : ''} | ${d ? fmt(d.loop.maxMs) : ''} | ${d ? fmt(d.loop.heldMaxMs) : ''} | ${d ? fmt(d.loop.gcMaxMs) : ''} |\n`,
    );
  }
  return rows;
}

/** The queries behind the heavy calls, as the repositories write them. */
function plannedQueries(club, ids, dialect) {
  const month = ids.monthEventIds;
  const list = (values) => values.map((v) => `'${v}'`).join(', ');
  // As events/repository.ts joins them: by key per registration (a lateral join on PostgreSQL).
  const join =
    dialect === 'postgres'
      ? 'inner join lateral (select * from members where members.id = r.member_id offset 0) m on true'
      : 'inner join members m on m.id = r.member_id';
  const participants = (where) =>
    `select r.event_id, m.id, r.role_id, r.status, m.nombre, m.apellidos, m.email, m.mobil, m.socio, m.licencia
     from registrations r ${join} where ${where}
     order by m.apellidos, m.nombre, m.id`;
  return {
    'feed: public events from a month ago': (d) =>
      `select * from events where start_at >= '${d.aMonthAgo}' and start_at < '${d.aYearAhead}' and status = 1 order by start_at, id`,
    'staff month: events of the month': (d) =>
      `select * from events where start_at >= '${d.monthFrom}' and start_at < '${d.monthTo}' order by start_at, id`,
    'staff month, before: participants of every event': () => participants(`r.event_id in (${list(month)})`),
    'one event: participants (staff)': () => participants(`r.event_id = '${club.bigEventId}'`),
    'one event: a page of participants': () =>
      `${participants(`r.event_id = '${club.bigEventId}'`)} limit 50 offset 0`,
    'member search ?q=gar, before (six LIKEs)': () =>
      `select * from members where login_key like '%gar%' or email_key like '%gar%' or lower(nombre) like '%gar%'
       or lower(apellidos) like '%gar%' or lower(nombre || ' ' || apellidos) like '%gar%'
       or lower(coalesce(socio, '')) like '%gar%' order by apellidos, nombre, id limit 50`,
    'member search ?q=gar (index)': (d) => d.searchSql,
    'export: contact messages by e-mail': () =>
      `select name, email, subject, message, created_at from contact_messages
       where lower(email) = 'heavy.member@big-club.invalid' order by created_at`,
    'export: registrations of the member': () =>
      `select e.id, e.evento, r.status from registrations r inner join events e on e.id = r.event_id
       where r.member_id = '${club.sessions.heavy.uuid}' order by e.start_at desc, e.id`,
  };
}

function bounds() {
  const now = new Date();
  const [y, m] = [now.getFullYear(), now.getMonth() + 1];
  const ago = new Date(now.getTime() - 31 * 24 * 3600 * 1000);
  const ahead = new Date(now.getTime() + 366 * 24 * 3600 * 1000);
  const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return {
    monthFrom: `${y}-${pad(m)}-01`,
    monthTo: m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`,
    aMonthAgo: day(ago),
    aYearAhead: day(ahead),
  };
}

async function explain(label, url, club) {
  process.stdout.write(`\n#### Plans on ${label}\n`);
  const d = bounds();
  if (url.startsWith('postgres')) {
    const pg = load('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const ids = (
        await client.query('select id from events where start_at >= $1 and start_at < $2', [
          d.monthFrom,
          d.monthTo,
        ])
      ).rows.map((r) => r.id);
      const hasIndex =
        (await client.query("select 1 from pg_indexes where indexname = 'members_search_text_idx'"))
          .rowCount > 0;
      // As admin/repository.ts writes it (migration 0011: the index carries the list order).
      d.searchSql = hasIndex
        ? `select m.* from (select member_id, sort_code, sort_key from members_search where text like '%gar%'
           order by sort_code, sort_key, member_id limit 50) as c join members m on m.id = c.member_id
           order by c.sort_code, c.sort_key, c.member_id`
        : null;
      for (const [name, sqlOf] of Object.entries(plannedQueries(club, { monthEventIds: ids }, 'postgres'))) {
        const text = sqlOf(d);
        if (!text) continue;
        const plan = (await client.query(`explain ${text}`)).rows.map((r) => r['QUERY PLAN']);
        process.stdout.write(`\n${name}:\n  ${plan.join('\n  ')}\n`);
      }
    } finally {
      await client.end();
    }
    return;
  }
  const Database = load('better-sqlite3');
  const db = new Database(url.replace(/^sqlite:/, ''), { readonly: true });
  try {
    const ids = db
      .prepare('select id from events where start_at >= ? and start_at < ?')
      .all(d.monthFrom, d.monthTo)
      .map((r) => r.id);
    const hasFts =
      db.prepare("select 1 from sqlite_master where name = 'members_search'").get() !== undefined;
    // As admin/repository.ts writes it (migration 0011: FTS5 row ids follow the list order).
    const gar = `members_search match '{text}: "gar"'`;
    d.searchSql = hasFts
      ? `select m.* from (select member_id, rowid >> 18 as code, sort_key from members_search
           where ${gar} and rowid <= coalesce((select rowid | 262143 from members_search where ${gar}
             order by rowid limit 1 offset 49), 9223372036854775807)
           order by code, sort_key, member_id limit 50) as p join members m on m.id = p.member_id
         order by p.code, p.sort_key, p.member_id`
      : null;
    for (const [name, sqlOf] of Object.entries(plannedQueries(club, { monthEventIds: ids }, 'sqlite'))) {
      const text = sqlOf(d);
      if (!text) continue;
      const plan = db
        .prepare(`explain query plan ${text}`)
        .all()
        .map((r) => r.detail);
      process.stdout.write(`\n${name}:\n  ${plan.join('\n  ')}\n`);
    }
  } finally {
    db.close();
  }
}

const targets = [];
if (process.env.BENCH_DB !== 'postgres') {
  targets.push(['SQLite', `sqlite:${path.join(os.tmpdir(), 'club-big-club', 'club.db')}`]);
}
if (process.env.BENCH_DB !== 'sqlite') {
  if (process.env.BENCH_PG_URL) {
    const url = new URL(process.env.BENCH_PG_URL);
    url.searchParams.set('options', '-c search_path=big_club');
    targets.push(['PostgreSQL', url.toString()]);
  } else {
    process.stdout.write('(PostgreSQL skipped: set BENCH_PG_URL to a database the bench may fill)\n');
  }
}
for (const [label, url] of targets) {
  const club = await buildBigClub(url);
  process.stdout.write(
    `\n## Big club on ${label}, built in ${(club.buildMs / 1000).toFixed(1)} s: ${JSON.stringify(club.counts)}, ` +
      `${club.publicFromAMonthAgo} public events from a month ago on\n`,
  );
  await measure(label, url, club);
  await explain(label, url, club);
}
