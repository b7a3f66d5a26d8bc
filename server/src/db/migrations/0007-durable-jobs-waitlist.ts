import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The second round's promises: a durable queue of work (mails, reminders) written in the same
 * transaction as the change behind it, the waiting list of full events, a version per event
 * (iCalendar SEQUENCE), the reminder switch and the personal calendar address of each member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    // One pending job per key (a reminder per event): planning it again moves it.
    .addColumn('job_key', 'varchar(200)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('mail_to', 'varchar(200)')
    .addColumn('subject', 'varchar(300)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_key_idx').on('jobs').column('job_key').execute();

  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    // Grows by one per join within an event; the order of the list, never reused.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('waitlist_event_member_unique', ['event_id', 'member_id'])
    .addUniqueConstraint('waitlist_event_position_unique', ['event_id', 'position'])
    .execute();
  await db.schema.createIndex('waitlist_member_idx').on('waitlist').column('member_id').execute();
  // The month answers show each line's length and place: a change moves the events version (0002).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create trigger waitlist_bump_version
      after insert or update or delete on waitlist
      for each statement execute function bump_events_version()`.execute(db);
  } else {
    for (const action of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`waitlist_${action}_bump_version`)}
        after ${sql.raw(action)} on waitlist
        begin
          update settings set value = cast(value as integer) + 1 where key = 'events_version';
        end`.execute(db);
    }
  }

  await db.schema
    .alterTable('events')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('members')
    .addColumn('recordatorios', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('members').addColumn('feed_token', 'varchar(64)').execute();
  await db.schema.createIndex('members_feed_token_idx').on('members').column('feed_token').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_feed_token_idx').ifExists().execute();
  await db.schema.alterTable('members').dropColumn('feed_token').execute();
  await db.schema.alterTable('members').dropColumn('recordatorios').execute();
  await db.schema.alterTable('events').dropColumn('version').execute();
  await db.schema.dropTable('waitlist').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
