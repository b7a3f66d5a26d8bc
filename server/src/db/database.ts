import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type SqliteDatabaseType from 'better-sqlite3';
import type PgType from 'pg';
import { askingByCallback, OwnSchemaPostgresDialect } from './postgres.ts';
import { enterWalMode, MigrationLockingSqliteDialect, withStatementCache } from './sqlite.ts';

// The database by job: this file opens one (the dialect chosen by its URL); postgres.ts and
// sqlite.ts tune each driver; migrate.ts applies the migrations; backup.ts copies a database.
export { migrateToLatest } from './migrate.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// Only the driver the URL names is loaded: each costs start-up time.
const load = createRequire(import.meta.url);

/** Opens the database named by a `sqlite:<file>` or `postgres://` URL. */
export function openDatabase(url: string): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pg = load('pg') as typeof PgType;
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // Never let an idle client's network error take the process down.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: askingByCallback(pool) }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const SqliteDatabase = load('better-sqlite3') as typeof SqliteDatabaseType;
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('busy_timeout = 5000');
  enterWalMode(sqlite);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: new MigrationLockingSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
