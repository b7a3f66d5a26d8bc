import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../support/test-app.ts';
import { bundled, serverRoot } from '../support/server-process.ts';

// Findings of the operations review (issue "Trust and hardening", item 7), replayed with real
// server and CLI processes, as an operator runs them.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-ops-'));

// PostgreSQL schemas made here are named as every test file's are (t_ and 12 hex digits), so
// the run's global teardown drops them once no file is migrating: a drop while another file's
// migrator scans the catalog breaks that file.
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** An empty database of the dialect: a new SQLite path, or a new PostgreSQL schema. */
async function emptyDatabase(dialect: 'sqlite' | 'postgres'): Promise<string> {
  if (dialect === 'sqlite') return `sqlite:${path.join(dir, `${randomBytes(4).toString('hex')}.db`)}`;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function startServer(databaseUrl: string, port: number): Running {
  let output = '';
  const child = spawn(process.execPath, bundled('main'), {
    cwd: serverRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), SEED: 'demo', LOG_LEVEL: 'warn', MAIL_OUTBOX: path.join(dir, 'outbox') },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, port, output: () => output };
}

async function waitHealthy(server: Running): Promise<boolean> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (await fetch(`http://127.0.0.1:${server.port}/api/health/`).then((r) => r.ok).catch(() => false)) return true;
    if (server.child.exitCode !== null || Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function stop(server: Running): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

function cli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...bundled('cli'), ...args], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
}

// Processes start slowly on a busy machine; the limits are generous, not a speed target.
describe.each(TEST_DIALECTS)('operations [%s]', { timeout: 180_000 }, (dialect) => {
  it('two servers started at the same moment on an empty database both come up, the demo seeded once', async () => {
    const url = await emptyDatabase(dialect);
    const [portA, portB] = await Promise.all([freePort(), freePort()]);
    const servers = [startServer(url, portA), startServer(url, portB)];
    try {
      const healthy = await Promise.all(servers.map(waitHealthy));
      expect(healthy, servers.map((s) => s.output()).join('\n----\n')).toEqual([true, true]);
      const printed = servers.filter((s) => s.output().includes('Demo club created'));
      expect(printed).toHaveLength(1);
      // Both answer from one club: the same month with the same events.
      const month = new Date().toISOString().slice(0, 7).split('-').map(Number);
      const [a, b] = await Promise.all(
        servers.map((s) => fetch(`http://127.0.0.1:${s.port}/api/${month[0]}/${month[1]}/`).then((r) => r.json() as Promise<Array<{ uuid: string }>>)),
      );
      expect(a.length).toBeGreaterThan(0);
      expect(b.map((e) => e.uuid)).toEqual(a.map((e) => e.uuid));
    } finally {
      await Promise.all(servers.map(stop));
    }
  });

  it('db:backup refuses a source database that does not exist, and backs up one that does', async () => {
    const url = await emptyDatabase(dialect);
    const target = path.join(dir, `backup-${randomBytes(3).toString('hex')}.${dialect === 'sqlite' ? 'db' : 'sql'}`);
    if (dialect === 'sqlite') {
      const missing = cli(['db:backup', target], { DATABASE_URL: url });
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('No database at');
      expect(missing.stdout).not.toContain('Backup written');
      expect(fs.existsSync(url.replace(/^sqlite:/, ''))).toBe(false);
      expect(fs.existsSync(target)).toBe(false);
    } else {
      const gone = new URL(url);
      gone.pathname = `/club_missing_${randomBytes(3).toString('hex')}`;
      const missing = cli(['db:backup', target], { DATABASE_URL: gone.toString() });
      expect(missing.status).toBe(1);
      expect(missing.stderr).toMatch(/pg_dump failed|pg_dump is not installed/);
      expect(fs.existsSync(target)).toBe(false);
    }
    expect(cli(['db:migrate'], { DATABASE_URL: url }).status).toBe(0);
    const created = cli(['user:create', '--login', 'copia.ops', '--password', 'Copia2025xy', '--email', 'copia@ops.example', '--nombre', 'Copia'], { DATABASE_URL: url });
    expect(created.status, created.stderr).toBe(0);
    const backup = cli(['db:backup', target], { DATABASE_URL: url });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Backup written');
    if (dialect === 'sqlite') {
      const Database = (await import('better-sqlite3')).default;
      const copy = new Database(target, { readonly: true });
      expect(copy.prepare('select login from members').all()).toEqual([{ login: 'copia.ops' }]);
      copy.close();
    } else {
      expect(fs.readFileSync(target, 'utf8')).toContain('copia.ops');
    }
  });

  if (dialect === 'postgres') it('db:backup on PostgreSQL says clearly when pg_dump is not installed', async () => {
    const url = await emptyDatabase('postgres');
    const emptyPath = fs.mkdtempSync(path.join(dir, 'no-tools-'));
    const result = cli(['db:backup', path.join(dir, 'never.sql')], { DATABASE_URL: url, PATH: emptyPath });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('pg_dump is not installed');
  });
});
