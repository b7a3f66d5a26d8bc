import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import type {
  DialectAdapter,
  Migration,
  MigrationLockOptions,
  MigrationProvider,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
  SqliteDatabase,
  SqliteStatement,
} from 'kysely';
import type { Database } from './schema.ts';
import type SqliteDatabaseType from 'better-sqlite3';
import type PgType from 'pg';
import * as initial from './migrations/0001-initial.ts';
import * as eventsVersion from './migrations/0002-events-version.ts';
import * as membersVersion from './migrations/0003-members-version.ts';
import * as trust from './migrations/0004-trust.ts';
import * as libraryTraining from './migrations/0005-library-training.ts';
import * as searchIndexes from './migrations/0006-search-indexes.ts';
import * as durableJobsWaitlist from './migrations/0007-durable-jobs-waitlist.ts';
import * as seriesArchive from './migrations/0008-series-archive.ts';
import * as sessionsVersion from './migrations/0009-sessions-version.ts';
import * as searchOrder from './migrations/0010-search-order.ts';
import * as searchPages from './migrations/0011-search-pages.ts';
import * as feedTokenHash from './migrations/0013-feed-token-hash.ts';
import * as calendarMailWorkers from './migrations/0014-calendar-mail-workers.ts';
import * as matches from './migrations/0016-matches.ts';
import * as paymentsMembership from './migrations/0017-payments-membership.ts';
import * as clubContent from './migrations/0018-club-content.ts';
import * as trainingRepsCount from './migrations/0019-training-reps-count.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-events-version': eventsVersion,
  '0003-members-version': membersVersion,
  '0004-trust': trust,
  '0005-library-training': libraryTraining,
  '0006-search-indexes': searchIndexes,
  '0007-durable-jobs-waitlist': durableJobsWaitlist,
  '0008-series-archive': seriesArchive,
  '0009-sessions-version': sessionsVersion,
  '0010-search-order': searchOrder,
  '0011-search-pages': searchPages,
  '0013-feed-token-hash': feedTokenHash,
  '0014-calendar-mail-workers': calendarMailWorkers,
  '0016-matches': matches,
  '0017-payments-membership': paymentsMembership,
  '0018-club-content': clubContent,
  '0019-training-reps-count': trainingRepsCount,
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
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: askingByCallback(pool) }) });
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

/**
 * The pool as Kysely's PostgreSQL driver takes it, but each query asked in pg's callback form.
 * Kysely asks a checked-out client in pg's promise form, and measured with the member export's
 * largest read (400 registrations, two at a time) that form leaves about 3.7 MB alive at every
 * young-generation collection against 0.2 MB for the same query asked with a callback: each
 * collection copies what is alive and pauses the server meanwhile, 3.7 ms on average against
 * 0.6 ms, and a fifth fewer reads were done. Nothing else changes: the same pool, clients,
 * results and errors (Kysely adds the caller's stack to an error either way). Decision 0027.
 */
function askingByCallback(pool: PgType.Pool): PostgresPool {
  const clients = new WeakMap<PgType.PoolClient, CallbackClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = new CallbackClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** A checked-out pg client whose queries are asked with a callback; see askingByCallback. */
class CallbackClient implements PostgresPoolClient {
  readonly #client: PgType.PoolClient;

  constructor(client: PgType.PoolClient) {
    this.#client = client;
  }

  query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    text: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so Kysely never passes a cursor.
    if (typeof text !== 'string') throw new Error('Cursors are not used.');
    return new Promise((resolve, reject) => {
      this.#client.query(text, [...parameters], (error: Error | undefined, result: PgType.QueryResult) =>
        error ? reject(error) : resolve(result as unknown as PostgresQueryResult<R>),
      );
    });
  }

  /** pg gives a client a new release function at each checkout: this calls the current one. */
  release(): void {
    this.#client.release();
  }
}

const WAL_SWITCH_TRIES = 250;

/**
 * Switches a database file to write-ahead logging. A new file starts in rollback mode, and the
 * switch takes a lock for which SQLite does not wait (busy_timeout does not apply): two servers
 * started at once on a new file can find it taken for a moment. So the switch is tried again
 * after a short pause, for a few seconds at most; a file already in WAL mode passes at once.
 */
function enterWalMode(sqlite: SqliteDatabaseType.Database): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let tries = 1; ; tries++) {
    try {
      const mode: unknown = sqlite.pragma('journal_mode = WAL', { simple: true });
      if (mode === 'wal' || mode === 'memory') return;
      throw new Error(`SQLite would not use WAL mode (it kept ${String(mode)})`);
    } catch (err) {
      const busy = (err as { code?: unknown }).code === 'SQLITE_BUSY';
      if (!busy || tries >= WAL_SWITCH_TRIES) throw err;
      Atomics.wait(pause, 0, 0, 10 + Math.floor(Math.random() * 20));
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh, and SQLite's parse and plan then cost more
 * than running most of our queries (a session lookup, the events version). The app's SQL texts
 * are few (values travel as parameters), so each prepared statement is kept by its text and
 * reused; the oldest goes when the cache is full. A streamed query iterates a statement of its
 * own (ArrayRowStatement.iterate), so a kept statement is never busy when it is handed out.
 * SQLite prepares again by itself when the schema changes under a kept statement.
 */
function withStatementCache(sqlite: SqliteDatabaseType.Database): SqliteDatabase {
  const statements = new Map<string, ArrayRowStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(source: string) {
      const kept = statements.get(source);
      if (kept !== undefined) return kept;
      const statement = new ArrayRowStatement(sqlite, source);
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(source, statement);
      return statement;
    },
  };
}

/**
 * A prepared statement whose rows SQLite hands over as arrays, made objects here. better-sqlite3
 * builds a row object one property at a time, the slow way for the engine: for the 400
 * registrations of 13 columns of a member's export that took 1.0 ms, against 0.6 ms for the
 * arrays and 0.07 ms to make them objects with one shape (0.022 against 0.009 ms for one member's
 * row). The column names are read after each run, so a statement SQLite prepared again after a
 * schema change gives its new columns. Same values, same names, the last of two equal names wins
 * as before.
 */
class ArrayRowStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #sqlite: SqliteDatabaseType.Database;
  readonly #source: string;
  readonly #statement: SqliteDatabaseType.Statement;

  constructor(sqlite: SqliteDatabaseType.Database, source: string) {
    this.#sqlite = sqlite;
    this.#source = source;
    this.#statement = sqlite.prepare(source);
    this.reader = this.#statement.reader;
    if (this.reader) this.#statement.raw(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    if (!this.reader) return this.#statement.all(...parameters);
    const rows = this.#statement.all(...parameters) as unknown[][];
    const names = this.#statement.columns().map((column) => column.name);
    return rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i += 1) row[names[i]] = values[i];
      return row;
    });
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...parameters);
  }

  /** A streamed query reads objects from a statement of its own (the app streams none today). */
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#sqlite.prepare(this.#source).iterate(...parameters);
  }
}

/**
 * Kysely's SQLite migrations take no lock (it assumes one process), so two servers started at
 * once on a new file would both create the tables and one would fail. Here the migrations run
 * inside one `BEGIN IMMEDIATE` transaction: the second process waits (busy_timeout), then
 * finds them applied.
 */
class MigrationLockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, _options: MigrationLockOptions): Promise<void> {
    await sql`begin immediate`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>, _options: MigrationLockOptions): Promise<void> {
    await sql`commit`.execute(db);
  }
}

class MigrationLockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new MigrationLockingSqliteAdapter();
  }
}

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
