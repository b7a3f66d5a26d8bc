import type { Kysely } from 'kysely';

// Staff screens (issue 13):
// - contact messages can be archived: `archived_at` holds when (ISO text), null while active;
//   the list reads active or archived ones, newest first, so the index leads with the flag;
// - a weekly series is edited or deleted from one event onwards: its later events are found by
//   `series_id` (set on creation since 0001) and start, by an index.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('archived_at', 'varchar(32)').execute();
  await db.schema
    .createIndex('contact_messages_archived_created_idx')
    .on('contact_messages')
    .columns(['archived_at', 'created_at'])
    .execute();
  await db.schema
    .createIndex('events_series_start_idx')
    .on('events')
    .columns(['series_id', 'start_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_series_start_idx').ifExists().execute();
  await db.schema.dropIndex('contact_messages_archived_created_idx').ifExists().execute();
  await db.schema.alterTable('contact_messages').dropColumn('archived_at').execute();
}
