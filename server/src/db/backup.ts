import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type SqliteDatabaseType from 'better-sqlite3';

// Only the driver the URL names is loaded: each costs start-up time.
const load = createRequire(import.meta.url);

/** A refusal of db:backup that the command line prints as it is. */
export class BackupError extends Error {}

/**
 * Writes a consistent copy of the database named by `url` to `file`: SQLite through its online
 * backup API, PostgreSQL through pg_dump (plain SQL). A source that does not exist is refused,
 * never created empty.
 */
export async function backupDatabase(url: string, file: string): Promise<void> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    await runPgDump(url, target);
    return;
  }
  const source = url.replace(/^sqlite:/, '');
  if (source === ':memory:' || !fs.existsSync(source)) {
    throw new BackupError(`No database at ${source}: nothing was backed up. Check DATABASE_URL.`);
  }
  if (path.resolve(source) === target) throw new BackupError('The backup file must not be the database itself.');
  const SqliteDatabase = load('better-sqlite3') as typeof SqliteDatabaseType;
  const sqlite = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    const migrated = sqlite.prepare(`select 1 from sqlite_master where type = 'table' and name = 'members'`).get();
    if (!migrated) throw new BackupError(`${source} is not a club database (it has no members table): nothing was backed up.`);
    // SQLite's online backup API copies a consistent snapshot while writers go on.
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
}

/** The URL as libpq reads it: a space in `options` must be %20 (URLSearchParams writes `+`). */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  const query = [...parsed.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  parsed.search = query ? `?${query}` : '';
  return parsed.toString();
}

function runPgDump(url: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The URL goes through the environment-free `--dbname`, never a shell; the file is written
    // by pg_dump itself, so a failed dump leaves no half-written copy behind as a success.
    const child = spawn('pg_dump', ['--dbname', libpqUrl(url), '--format', 'plain', '--no-owner', '--file', target], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              'pg_dump is not installed, so a PostgreSQL database cannot be backed up from here. Install the PostgreSQL client tools (on Debian: apt-get install postgresql-client) and run db:backup again.',
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        fs.rmSync(target, { force: true });
        reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
      }
    });
  });
}
