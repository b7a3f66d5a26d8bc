import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** The name a change was recorded under (contract's fullName: "apellidos, nombre", trimmed). */
const FULL_NAME = sql`case
    when trim(coalesce(m.apellidos, '')) = '' then trim(coalesce(m.nombre, ''))
    when trim(coalesce(m.nombre, '')) = '' then trim(coalesce(m.apellidos, ''))
    else trim(m.apellidos) || ', ' || trim(m.nombre)
  end`;

/**
 * Who changed the club's content and who uploaded a photo was kept as the staff member's name
 * only (0024): a name is no key, so the member's export could not find those rows nor their
 * deletion clear them. Each row now keeps the member's id beside the name. Rows written before
 * take the id of the one member whose name is the recorded one; a name that no member or more
 * than one member carries stays without an id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_sections').addColumn('changed_by_id', 'varchar(36)').execute();
  await db.schema.alterTable('content_history').addColumn('changed_by_id', 'varchar(36)').execute();
  await db.schema.alterTable('photos').addColumn('created_by_id', 'varchar(36)').execute();
  // The export and the deletion look rows up by member.
  await db.schema.createIndex('content_history_changed_by_idx').on('content_history').column('changed_by_id').execute();
  await db.schema.createIndex('photos_created_by_idx').on('photos').column('created_by_id').execute();
  for (const [table, name, id] of [
    ['content_sections', 'changed_by', 'changed_by_id'],
    ['content_history', 'changed_by', 'changed_by_id'],
    ['photos', 'created_by', 'created_by_id'],
  ] as const) {
    await sql`update ${sql.table(table)} set ${sql.ref(id)} = (
        select min(m.id) from members m where ${FULL_NAME} = ${sql.ref(`${table}.${name}`)})
      where ${sql.ref(name)} is not null
        and (select count(*) from members m where ${FULL_NAME} = ${sql.ref(`${table}.${name}`)}) = 1`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_created_by_idx').execute();
  await db.schema.dropIndex('content_history_changed_by_idx').execute();
  await db.schema.alterTable('photos').dropColumn('created_by_id').execute();
  await db.schema.alterTable('content_history').dropColumn('changed_by_id').execute();
  await db.schema.alterTable('content_sections').dropColumn('changed_by_id').execute();
}
