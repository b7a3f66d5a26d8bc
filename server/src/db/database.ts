import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import type SqliteDatabaseType from 'better-sqlite3';
import type PgType from 'pg';
import * as initial from './migrations/0001-initial.ts';
import * as eventsVersion from './migrations/0002-events-version.ts';
import * as membersVersion from './migrations/0003-members-version.ts';
import * as libraryTraining from './migrations/0005-library-training.ts';
import * as durableJobsWaitlist from './migrations/0007-durable-jobs-waitlist.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Writes a consistent copy of the database to `file` (SQLite only; PostgreSQL has pg_dump). */
  backup(file: string): Promise<void>;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-events-version': eventsVersion,
  '0003-members-version': membersVersion,
  '0005-library-training': libraryTraining,
  '0007-durable-jobs-waitlist': durableJobsWaitlist,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Only the driver the URL names is loaded: each costs start-up time.
const load = createRequire(import.meta.url);

/** Opens the database named by a `sqlite:<file>` or `postgres://` URL. */
export function openDatabase(url: string): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pg = load('pg') as typeof PgType;
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // Never let an idle client's network error take the process down.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      backup: async () => {
        throw new Error('db:backup copies SQLite databases; use pg_dump for PostgreSQL');
      },
      close: () => kysely.destroy(),
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const SqliteDatabase = load('better-sqlite3') as typeof SqliteDatabaseType;
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    kysely,
    dialect: 'sqlite',
    backup: async (target) => {
      fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
      // SQLite's online backup API copies a consistent snapshot while writers go on.
      await sqlite.backup(target);
    },
    close: () => kysely.destroy(),
  };
}

/** Brings the database to the newest schema; throws with the failing migration's name. */
export async function migrateToLatest(kysely: Kysely<Database>): Promise<string[]> {
  // On PostgreSQL the migrator's own tables go in the connection's schema explicitly: its
  // existence check looks across schemas and would be fooled by another schema's tables.
  const schema = await sql<{ schema: string }>`select current_schema() as schema`
    .execute(kysely)
    .then((r) => r.rows[0]?.schema)
    .catch(() => undefined);
  const migrator = new Migrator({ db: kysely, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
