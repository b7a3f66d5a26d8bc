import type { Kysely } from 'kysely';

/**
 * `jobs.started_until`: set by the worker that starts a job, in a write that succeeds only while
 * it still holds the claim, and renewed by its heartbeat while the job runs. A job that has
 * started is taken back from a worker whose heartbeat is late only once this lease has run out
 * (or at once when its process is known dead), so a live but slow process and a peer never both
 * run a job that has a side effect outside the database, such as a mail over SMTP (decision 0055).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('started_until', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('started_until').execute();
}
