import { SqliteAdapter, SqliteDialect, sql } from 'kysely';
import type { DialectAdapter, Kysely, MigrationLockOptions, SqliteDatabase, SqliteStatement } from 'kysely';
import type SqliteDatabaseType from 'better-sqlite3';

const WAL_SWITCH_TRIES = 250;

/**
 * Switches a database file to write-ahead logging. A new file starts in rollback mode, and the
 * switch takes a lock for which SQLite does not wait (busy_timeout does not apply): two servers
 * started at once on a new file can find it taken for a moment. So the switch is tried again
 * after a short pause, for a few seconds at most; a file already in WAL mode passes at once.
 */
export function enterWalMode(sqlite: SqliteDatabaseType.Database): void {
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
export function withStatementCache(sqlite: SqliteDatabaseType.Database): SqliteDatabase {
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

export class MigrationLockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new MigrationLockingSqliteAdapter();
  }
}
