// The club's books at scale: the big club (bench/big-club.mjs: 20,002 members, 100,000 payments
// over two years) on SQLite and, with BENCH_PG_URL, on PostgreSQL; the built server on it; and
// per staff call of the payments screens (ledger of a month, filtered by concept, of one member,
// of a year; needs attention with the totals of twelve months and of two years; the CSV of a
// month, a year and two years): the answer's size, the first answer of a period nobody asked
// for yet (the ledger and the needs-attention list are kept between changes, so that one is the
// cost of building them), server CPU per request at one connection, p50/p99 at 20 connections,
// and the server's memory (resident now and at its peak). Prints figures; asserts nothing.
// Linux only (/proc).
//
//   npm run bench -- payments
//   BENCH_PG_URL=postgres://club_test:club_test@127.0.0.1:5432/club_bench npm run bench -- payments
//
// BENCH_SECONDS (5) sets the length of each load run; BENCH_DB=sqlite|postgres runs one only;
// BENCH_CALLS=word runs only the calls whose name holds the word (BENCH_CALLS=CSV: the exports).
// Targets (issue "Dues, packs and licences"): the ledger of a month and the needs-attention list
// at most 5 ms server CPU per request and p99 at most 50 ms at 20 connections.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildBigClub } from './big-club.mjs';
import { rssMb, startServer, stats } from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The process's peak resident memory in MB (VmHWM). */
function peakMb(pid) {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

const pad = (n) => String(n).padStart(2, '0');
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const loadAverage = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** First and last day of the month `back` months before this one, as the club's staff ask. */
function monthOf(today, back) {
  const d = new Date(today.getFullYear(), today.getMonth() - back, 1);
  const [y, m] = [d.getFullYear(), d.getMonth() + 1];
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(new Date(y, m, 0).getDate())}` };
}

function callsOf(club, today) {
  const month = monthOf(today, 0);
  const yearFrom = monthOf(today, 11).from;
  const twoYearsFrom = monthOf(today, 23).from;
  const member = club.sessions.member.uuid;
  const json = { accept: 'application/json' };
  const csv = { accept: 'text/csv' };
  return [
    { name: 'ledger of the month', path: (m) => `/api/admin/payments/?from=${m.from}&to=${m.to}`, headers: json, target: true },
    { name: 'ledger of the month, dues only', path: (m) => `/api/admin/payments/?from=${m.from}&to=${m.to}&concept=cuota`, headers: json },
    { name: 'ledger of one member (all years)', path: () => `/api/admin/payments/?from=2000-01-01&personUuid=${member}`, headers: json, fixed: true },
    { name: 'ledger of a year (first 5,000)', path: () => `/api/admin/payments/?from=${yearFrom}&to=${month.to}`, headers: json, fixed: true },
    { name: 'needs attention + totals of 12 months', path: () => '/api/admin/membership/', headers: json, target: true, fixed: true },
    { name: 'needs attention + totals of 2 years', path: () => `/api/admin/membership/?from=${twoYearsFrom}&to=${month.to}`, headers: json, fixed: true },
    { name: 'CSV of the month', path: (m) => `/api/admin/payments/?from=${m.from}&to=${m.to}`, headers: csv },
    { name: 'CSV of a year', path: () => `/api/admin/payments/?from=${yearFrom}&to=${month.to}`, headers: csv, fixed: true },
    { name: 'CSV of two years', path: () => `/api/admin/payments/?from=${twoYearsFrom}&to=${month.to}`, headers: csv, fixed: true, heavy: true },
  ];
}

async function once(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes: body.length, ms: performance.now() - started, body };
}

function cannon(url, headers, connections, duration) {
  return autocannon({ url, connections, duration, headers });
}

async function measure(label, url, club) {
  const server = await startServer({ DATABASE_URL: url, RATE_LIMITS: 'off', SEED: 'none' });
  const rows = [];
  try {
    process.stdout.write(
      `\n### ${label}: server up in ${server.startMs.toFixed(0)} ms, ${fmt(rssMb(server.pid), 0)} MB resident; ` +
        `machine: ${machine()}; load average ${loadAverage()}\n\n`,
    );
    const today = new Date();
    const only = process.env.BENCH_CALLS?.toLowerCase();
    for (const call of callsOf(club, today).filter((c) => !only || c.name.toLowerCase().includes(only))) {
      const headers = { ...call.headers, authorization: `Token ${club.sessions.staff.token}` };
      // First answers of periods nobody asked for yet: what building the answer costs.
      const firsts = [];
      const coldCpuBefore = cpuMs(server.pid);
      for (let back = 1; back <= (call.fixed ? 1 : 6); back += 1) {
        const first = await once(`${server.url}${call.path(monthOf(today, back))}`, headers);
        if (first.status !== 200) process.stdout.write(`${call.name}: status ${first.status} ${first.body.slice(0, 200)}\n`);
        firsts.push(first.ms);
      }
      // Server CPU per first answer (building it: the query, the names, JSON or CSV).
      const coldCpu = (cpuMs(server.pid) - coldCpuBefore) / firsts.length;
      const target = `${server.url}${call.path(monthOf(today, 0))}`;
      const first = await once(target, headers);
      const cold = stats(call.fixed ? firsts : [...firsts, first.ms]);
      await cannon(target, headers, 1, 1); // warm-up
      const cpuBefore = cpuMs(server.pid);
      const single = await cannon(target, headers, 1, Math.max(2, Math.round(SECONDS / 2)));
      // A call slower than the run completes nothing in it: no figure rather than a wrong one.
      const cpuPerRequest = single.requests.total > 0 ? (cpuMs(server.pid) - cpuBefore) / single.requests.total : NaN;
      const loaded = await cannon(target, headers, call.heavy ? 4 : 20, SECONDS);
      const row = {
        call: call.name,
        bytes: first.bytes,
        coldMedian: cold.median,
        coldMax: cold.max,
        coldCpu,
        cpuMs: cpuPerRequest,
        connections: call.heavy ? 4 : 20,
        p50: loaded.latency.p50,
        p99: loaded.latency.p99,
        rps: loaded.requests.average,
        errors: loaded.non2xx + loaded.errors,
        rss: rssMb(server.pid),
        peak: peakMb(server.pid),
        load: loadAverage(),
        target: call.target,
      };
      rows.push(row);
      process.stdout.write(
        `${call.name.padEnd(40)} ${String(row.bytes).padStart(9)} B  first ${fmt(row.coldMedian).padStart(6)} ms (max ${fmt(row.coldMax)}, ${fmt(row.coldCpu, 0)} ms CPU)  ` +
          `${fmt(row.cpuMs, 2).padStart(7)} ms CPU/req  p50 ${row.p50} p99 ${String(row.p99).padStart(5)} ms @${row.connections}  ` +
          `${fmt(row.rps, 0).padStart(5)} req/s  non-2xx ${row.errors}  RSS ${fmt(row.rss, 0)} MB (peak ${fmt(row.peak, 0)})  load ${row.load}\n`,
      );
    }
  } finally {
    await server.stop();
  }
  process.stdout.write(
    `\n| call (${label}) | bytes | first answer ms (median, max) | CPU ms per first answer | CPU ms/req @1 | p50 / p99 ms | connections | RSS MB (peak) | load average |\n|---|---|---|---|---|---|---|---|---|\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `| ${r.call}${r.target ? ' (target: ≤ 5 ms CPU, p99 ≤ 50 ms)' : ''} | ${r.bytes} | ${fmt(r.coldMedian)}, ${fmt(r.coldMax)} | ${fmt(r.coldCpu, 0)} | ${fmt(r.cpuMs, 2)} | ${r.p50} / ${r.p99} | ${r.connections} | ${fmt(r.rss, 0)} (${fmt(r.peak, 0)}) | ${r.load} |\n`,
    );
  }
}

const targets = [];
const sqliteFile = path.join(os.tmpdir(), `club-payments-bench-${process.pid}`, 'club.db');
if (process.env.BENCH_DB !== 'postgres') targets.push(['SQLite', `sqlite:${sqliteFile}`]);
if (process.env.BENCH_DB !== 'sqlite') {
  if (process.env.BENCH_PG_URL) {
    const url = new URL(process.env.BENCH_PG_URL);
    url.searchParams.set('options', '-c search_path=payments_bench');
    targets.push(['PostgreSQL', url.toString()]);
  } else {
    process.stdout.write('(PostgreSQL skipped: set BENCH_PG_URL to a database the bench may fill)\n');
  }
}
try {
  for (const [label, url] of targets) {
    const club = await buildBigClub(url);
    process.stdout.write(
      `\n## Big club on ${label}, built in ${(club.buildMs / 1000).toFixed(1)} s: ${JSON.stringify(club.counts)}\n`,
    );
    await measure(label, url, club);
  }
} finally {
  rmSync(path.dirname(sqliteFile), { recursive: true, force: true });
}
