import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Calendars and mail the way mail programs expect them:
 * - `registrations.sequence` counts the changes of a member's own copy of an event (cancelled,
 *   registered again, confirmed): the event's version plus it is the iCalendar SEQUENCE of that
 *   member's copy, so it only grows, in feeds and in mails alike;
 * - `job_workers`: one row per running job worker with its heartbeat, so a starting process
 *   takes back at once the jobs of processes that are gone instead of waiting out their lease;
 * - `mail_link_key` in settings: the key that signs the links in mails that act without a
 *   session (turning reminders off from a reminder).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('registrations')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('job_workers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('heartbeat_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claimed_by_idx').on('jobs').columns(['status', 'claimed_by']).execute();
  const key = randomBytes(32).toString('base64url');
  await sql`insert into settings (key, value) values ('mail_link_key', ${key})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from settings where key = 'mail_link_key'`.execute(db);
  await db.schema.dropIndex('jobs_claimed_by_idx').ifExists().execute();
  await db.schema.dropTable('job_workers').ifExists().execute();
  await db.schema.alterTable('registrations').dropColumn('sequence').execute();
}
