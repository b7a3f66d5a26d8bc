import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// The training page's weekly chart counts repetitions per week of the whole log. Counting them
// from the stored JSON would parse every session of eight weeks on each visit (up to a
// thousand sessions of 64 KiB each); the count is kept beside the session instead, as its
// shots, passed and failed counts are.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('training_sessions')
    .addColumn('reps_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Both databases read JSON; PostgreSQL needs the text column cast first.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`update training_sessions set reps_count = json_array_length(reps::json)`.execute(db);
  } else {
    await sql`update training_sessions set reps_count = json_array_length(reps)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('training_sessions').dropColumn('reps_count').execute();
}
