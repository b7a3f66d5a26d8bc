import type { Kysely } from 'kysely';

/**
 * Match day: the match of an event (stages and squads as JSON), its competitors beyond the
 * event's registrations (guests, and what staff changed of a registered competitor), each
 * competitor's current score per stage, and every revision of every score with who and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('matches')
    .addColumn('event_id', 'varchar(36)', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('scoring', 'varchar(10)', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays as text, the same on both databases.
    .addColumn('stages', 'text', (c) => c.notNull())
    .addColumn('squads', 'text', (c) => c.notNull())
    // Grows with every change of the match, its competitors or its scores: results are kept
    // computed in each process for as long as it (and the events version) stay the same.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // Moves with `version` when the competitors change (not when a score does): the competitors
    // read for results are kept while it stays.
    .addColumn('roster_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('matches_published_idx').on('matches').column('published').execute();

  await db.schema
    .createTable('match_competitors')
    // For a registered competitor: the registration's id; for a guest, a new one.
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull().references('matches.event_id').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.references('members.id').onDelete('set null'))
    // 'registered' (what staff or the member changed of a registration), 'guest', 'member' (added by staff).
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('nombre', 'varchar(100)')
    .addColumn('apellidos', 'varchar(150)')
    .addColumn('division', 'integer')
    .addColumn('factor', 'integer')
    .addColumn('category', 'integer')
    .addColumn('squad', 'integer')
    .addColumn('dq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dq_rule', 'varchar(40)')
    .addColumn('dq_reason', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('match_competitors_event_idx').on('match_competitors').column('event_id').execute();
  await db.schema.createIndex('match_competitors_member_idx').on('match_competitors').column('member_id').execute();

  for (const table of ['match_scores', 'match_score_history'] as const) {
    let builder = db.schema.createTable(table);
    if (table === 'match_score_history') builder = builder.addColumn('id', 'varchar(36)', (c) => c.primaryKey());
    builder = builder
      .addColumn('event_id', 'varchar(36)', (c) => c.notNull().references('matches.event_id').onDelete('cascade'))
      .addColumn('stage', 'integer', (c) => c.notNull())
      .addColumn('competitor_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('based_on', 'integer')
      .addColumn('a', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('c', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('d', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('m', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ns', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('procedurals', 'integer', (c) => c.notNull().defaultTo(0))
      // Hundredths of a second: exact on both databases.
      .addColumn('time_cs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dnf', 'integer', (c) => c.notNull().defaultTo(0))
      // Precision: each series' points as a JSON array, and the inner tens.
      .addColumn('series', 'text')
      .addColumn('x', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scored_by', 'varchar(36)', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('scored_by_name', 'varchar(260)', (c) => c.notNull())
      .addColumn('scored_at', 'varchar(32)', (c) => c.notNull())
      // 'range' (a range officer's device) or 'import' (a PractiScore file).
      .addColumn('source', 'varchar(10)', (c) => c.notNull())
      // The match's version this revision was saved with: results read only what is newer
      // than what they kept.
      .addColumn('saved_version', 'integer', (c) => c.notNull().defaultTo(0));
    if (table === 'match_scores') {
      // The builder of a table of unknown type takes no column names; these are this table's.
      builder = builder.addPrimaryKeyConstraint('match_scores_pk', ['event_id', 'stage', 'competitor_id'] as never[]);
    }
    await builder.execute();
  }
  await db.schema
    .createIndex('match_scores_saved_idx')
    .on('match_scores')
    .columns(['event_id', 'saved_version'])
    .execute();
  // The same clientId twice is one score: the second is found here and answered, not saved.
  await db.schema
    .createIndex('match_score_history_client_idx')
    .on('match_score_history')
    .columns(['event_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('match_score_history_score_idx')
    .on('match_score_history')
    .columns(['event_id', 'stage', 'competitor_id', 'revision'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('match_score_history').ifExists().execute();
  await db.schema.dropTable('match_scores').ifExists().execute();
  await db.schema.dropTable('match_competitors').ifExists().execute();
  await db.schema.dropTable('matches').ifExists().execute();
}
