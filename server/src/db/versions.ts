import type { CompiledQuery } from 'kysely';
import type { Executor } from './transaction.ts';

/**
 * The database's change counters, moved by triggers from any process: `events` on every write
 * an event answer shows (migrations 0002, 0003), `sessions` on every write that can change what
 * a session token stands for (0009), `payments` on every write to the ledger (0017), `content` on
 * every change of the club's content or when a news item's time comes (0024). '' when a counter
 * is missing: nothing may be kept then.
 */
export interface Versions {
  events: string;
  sessions: string;
  /** Moved on every write to the ledger (0017). */
  payments: string;
  /** Moved on every content save or restore and when a news item's time comes (0024). */
  content: string;
}

const queries = new WeakMap<Executor, CompiledQuery<{ key: string; value: string }>>();

/** The counters in one statement (so they are read at one moment); its SQL is built once. */
export async function readVersions(db: Executor): Promise<Versions> {
  let query = queries.get(db);
  if (!query) {
    query = db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['events_version', 'sessions_version', 'payments_version', 'content_version'])
      .compile();
    queries.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  const versions: Versions = { events: '', sessions: '', payments: '', content: '' };
  for (const row of rows) {
    if (row.key === 'events_version') versions.events = row.value;
    else if (row.key === 'sessions_version') versions.sessions = row.value;
    else if (row.key === 'payments_version') versions.payments = row.value;
    else versions.content = row.value;
  }
  return versions;
}

/**
 * Raises a counter written by code rather than by a trigger (`content_version`, 0024) inside the
 * caller's transaction, and answers its new value.
 */
export async function raiseCounter(db: Executor, key: 'content_version'): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  const next = Number(row.value) + 1;
  await db.updateTable('settings').set({ value: String(next) }).where('key', '=', key).execute();
  return next;
}
