import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';

// Several processes opening one new SQLite file at the same instant: each switches the file to
// WAL mode, a step SQLite does not wait for by itself. Servers started together on a new
// database (the operations test) depend on every one of them getting through.

const serverRoot = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-open-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PROCESSES = 6;
const ROUNDS = 12;
const ROUND_MS = 250;

// Each process opens the round's file at the round's instant, writes once, and reports.
const opener = `
import { sql } from 'kysely';
import { openDatabase } from './src/db/database.ts';
const [dir, at, rounds, roundMs] = process.argv.slice(-4);
const results = [];
for (let round = 0; round < Number(rounds); round++) {
  const start = Number(at) + round * Number(roundMs);
  while (Date.now() < start);
  try {
    const db = openDatabase('sqlite:' + dir + '/open-' + round + '.db');
    await sql\`create table if not exists t (x integer)\`.execute(db.kysely);
    await sql\`insert into t (x) values (1)\`.execute(db.kysely);
    const mode = await sql\`pragma journal_mode\`.execute(db.kysely);
    await db.close();
    results.push(mode.rows[0].journal_mode);
  } catch (err) {
    results.push('failed: ' + err.message);
  }
}
process.stdout.write(JSON.stringify(results));
`;

function runOpener(at: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', opener, dir, String(at), String(ROUNDS), String(ROUND_MS)],
      { cwd: serverRoot },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

it('opens one new SQLite file from several processes at the same instant, every one in WAL mode', { timeout: 120_000 }, async () => {
  // Far enough ahead for every process to have loaded on a busy machine.
  const at = Date.now() + 6_000;
  const reports = await Promise.all(Array.from({ length: PROCESSES }, () => runOpener(at)));
  const outcomes = reports.flat();
  expect(outcomes).toHaveLength(PROCESSES * ROUNDS);
  expect(outcomes.filter((o) => o !== 'wal')).toEqual([]);
  for (let round = 0; round < ROUNDS; round++) {
    expect(fs.existsSync(path.join(dir, `open-${round}.db`))).toBe(true);
  }
});
