import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bundled, serverRoot, startServerProcess } from '../support/server-process.ts';
import type { RunningServer } from '../support/server-process.ts';

// The server and CLI run as real processes here, bundled as `npm run build` bundles them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-process-'));
const dbUrl = `sqlite:${path.join(dir, 'club.db')}`;

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [...bundled('cli'), ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
}

function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startServerProcess({ DATABASE_URL: dbUrl, MAIL_OUTBOX: path.join(dir, 'outbox'), ...env });
}

// Processes start slowly on a busy machine; the limits are generous, not a speed target.
describe('the server and CLI as processes', { timeout: 120_000 }, () => {
  it('refuses a bad configuration with a message naming the variable', () => {
    const result = spawnSync(process.execPath, bundled('main'), {
      cwd: serverRoot,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: dbUrl },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('seeds an empty database once, prints the credentials once, and stops cleanly on SIGTERM', async () => {
    const first = await startServer({ SEED: 'demo' });
    expect(first.output()).toContain('Demo club created');
    const staffLine = first.output().split('\n').find((line) => line.includes('staff'));
    expect(staffLine).toBeDefined();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startServer({ SEED: 'demo' });
    expect(second.output()).not.toContain('Demo club created');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('warns at start when CLUB_TIMEZONE differs from the zone the web app is built with, and not otherwise', async () => {
    const other = await startServer({ SEED: 'none', CLUB_TIMEZONE: 'Atlantic/Canary' });
    await expect.poll(() => other.output()).toContain('CLUB_TIMEZONE differs from timeZone');
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    const same = await startServer({ SEED: 'none' });
    same.child.kill('SIGTERM');
    expect(await same.exited).toBe(0);
    expect(same.output()).not.toContain('CLUB_TIMEZONE differs');
  });

  it('creates members and staff users from the command line', () => {
    const created = cli(['user:create', '--login', 'operator1', '--password', 'Operator123', '--email', 'op@club.test', '--nombre', 'Olga', '--staff']);
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('staff user operator1');
    const again = cli(['user:create', '--login', 'operator1', '--password', 'Operator123', '--email', 'other@club.test', '--nombre', 'Olga']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('login is taken');
    const weak = cli(['user:create', '--login', 'operator2', '--password', 'short', '--email', 'op2@club.test', '--nombre', 'O']);
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/weak/i);
    const missing = cli(['user:create', '--login', 'x']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--password');
  });

  it('migrates, and says so when there is nothing to do', () => {
    const result = cli(['db:migrate']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('up to date');
    const fresh = cli(['db:migrate'], { DATABASE_URL: `sqlite:${path.join(dir, 'fresh.db')}` });
    expect(fresh.stdout).toContain('0001-initial');
  });

  it('backs up a consistent copy while the server runs and another writer writes', async () => {
    const running = await startServer({ SEED: 'none' });
    const writer = new Database(dbUrl.replace(/^sqlite:/, ''));
    try {
      const target = path.join(dir, 'backup', 'club-copy.db');
      const backup = new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [...bundled('cli'), 'db:backup', target], {
          cwd: serverRoot,
          env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' },
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (status) => resolve({ status, stderr }));
      });
      let done = false;
      void backup.then(() => (done = true));
      const insert = writer.prepare('insert into settings (key, value) values (?, ?)');
      let written = 0;
      while (!done && written < 5000) {
        insert.run(`backup-probe-${written}`, 'v');
        written += 1;
        await new Promise((r) => setTimeout(r, 2));
      }
      const result = await backup;
      expect(result.status).toBe(0);
      expect(written).toBeGreaterThan(0);
      const copy = new Database(target, { readonly: true });
      const integrity = copy.pragma('integrity_check', { simple: true });
      const members = copy.prepare('select login from members order by login').all() as Array<{ login: string }>;
      // Only the writer's rows: the server keeps settings of its own in the same table.
      const settings = (copy.prepare("select count(*) as n from settings where key like 'backup-probe-%'").get() as { n: number }).n;
      copy.close();
      expect(integrity).toBe('ok');
      expect(members.map((m) => m.login)).toContain('operator1');
      expect(settings).toBeLessThanOrEqual(written);
      const health = await fetch(`http://127.0.0.1:${running.port}/api/health/`);
      expect(health.status).toBe(200);
    } finally {
      writer.close();
      running.child.kill('SIGTERM');
      await running.exited;
    }
  });

  it('explains its usage', () => {
    const result = cli(['db:backup']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Usage');
    expect(cli(['nonsense']).stderr).toContain('Unknown command');
  });
});
