import type { Kysely } from 'kysely';

/** The club's stage library, the members' training log, and the library stage an event carries. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_stages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull())
    // JSON arrays and objects as text, the same on both databases.
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('translations', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    // A published stage belongs to the club: it stays when its author's account goes.
    .addColumn('author_id', 'varchar(36)', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('training_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // The log is the member's: it goes with the account.
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('stage_id', 'varchar(36)', (c) => c.references('stages.id').onDelete('set null'))
    .addColumn('library_stage_id', 'varchar(36)', (c) => c.references('library_stages.id').onDelete('set null'))
    .addColumn('stage_name', 'varchar(100)')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('par_ms', 'integer')
    .addColumn('power_factor', 'varchar(5)', (c) => c.notNull())
    .addColumn('reps', 'text', (c) => c.notNull())
    .addColumn('shots', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('best_hit_factor', 'double precision')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_sessions_member_idx')
    .on('training_sessions')
    .columns(['member_id', 'started_at'])
    .execute();
  await db.schema.createIndex('training_sessions_library_idx').on('training_sessions').column('library_stage_id').execute();

  await db.schema
    .alterTable('events')
    .addColumn('stage_id', 'varchar(36)', (c) => c.references('library_stages.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('stage_id').execute();
  await db.schema.dropTable('training_sessions').ifExists().execute();
  await db.schema.dropTable('library_stages').ifExists().execute();
}
