import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** What a query runs on: the database itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Runs `work` as one write transaction; every module's writes that must stand or fall together
 * go through here. SQLite: `BEGIN IMMEDIATE` on the single connection, so the write lock is
 * taken up front (another process waits on busy_timeout instead of failing on a lock upgrade)
 * and Kysely's connection mutex queues this process's other callers. PostgreSQL: an ordinary
 * transaction; callers lock the rows they change (e.g. the event row, `forUpdate`).
 */
export async function withWriteTransaction<T>(db: Db, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().execute(work);
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}
