import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import initialContent from '@club/contract/initial-content.json' with { type: 'json' };

const SECTIONS = ['fees', 'team', 'gallery', 'partners', 'news'] as const;

/**
 * The club's own content moves into the database (decision 0041): one row per section holding its
 * list as JSON, every change kept in the history, uploaded photos and their copies, and a
 * `content_version` counter that every write raises (read per request beside the other counters).
 * The first content is what site-settings.json and the translation files held
 * (packages/contract/initial-content.json), so a club loses nothing and the demo looks the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('content_sections')
    .addColumn('section', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('items', 'text', (c) => c.notNull())
    // The content version at which this section last changed (a save from an older copy is refused).
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(32)')
    .addColumn('changed_by', 'varchar(200)')
    .execute();
  await db.schema
    .createTable('content_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('section', 'varchar(20)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
    // The staff member's name as it was: the record stays readable if the account goes.
    .addColumn('changed_by', 'varchar(200)')
    .execute();
  await db.schema.createIndex('content_history_section_idx').on('content_history').columns(['section', 'version']).execute();
  await db.schema
    .createTable('photos')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('widths', 'text', (c) => c.notNull())
    .addColumn('formats', 'text', (c) => c.notNull())
    .addColumn('base', 'varchar(200)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(200)')
    .execute();
  // The copies live in the database, so every process serves every photo.
  await db.schema
    .createTable('photo_files')
    .addColumn('photo_id', 'varchar(64)', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_files_pk', ['photo_id', 'width', 'format'])
    .execute();

  const now = new Date().toISOString();
  await sql`insert into settings (key, value) values ('content_version', '1')`.execute(db);
  for (const section of SECTIONS) {
    await sql`insert into content_sections (section, items, version, changed_at, changed_by)
      values (${section}, ${JSON.stringify(initialContent[section])}, 1, null, null)`.execute(db);
    // The first version is kept too, so staff can go back to it.
    await sql`insert into content_history (id, section, items, version, changed_at, changed_by)
      values (${randomUUID()}, ${section}, ${JSON.stringify(initialContent[section])}, 1, ${now}, null)`.execute(db);
  }
  for (const photo of initialContent.photos) {
    await sql`insert into photos (id, width, height, widths, formats, base, bytes, created_at, created_by)
      values (${photo.id}, ${photo.width}, ${photo.height}, ${JSON.stringify(photo.widths)},
        ${JSON.stringify(photo.formats)}, ${photo.base}, 0, ${now}, null)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_files').execute();
  await db.schema.dropTable('photos').execute();
  await db.schema.dropTable('content_history').execute();
  await db.schema.dropTable('content_sections').execute();
  await sql`delete from settings where key = 'content_version'`.execute(db);
}
