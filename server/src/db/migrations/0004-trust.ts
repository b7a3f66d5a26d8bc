import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Verified addresses, member-number claims and registrations staff decided.
 * Members that exist now count as verified (they were trusted before verification came in).
 * Member numbers become unique; where two members hold one number today, the first to
 * register keeps it and the others' become claims for staff to decide, so nothing is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('members').addColumn('socio_solicitado', 'varchar(50)').execute();
  await sql`update members set email_verified = 1`.execute(db);
  await sql`
    update members set socio_solicitado = socio, socio = null
    where socio is not null and exists (
      select 1 from members first
      where first.socio = members.socio
        and (first.created_at < members.created_at or (first.created_at = members.created_at and first.id < members.id))
    )`.execute(db);
  await db.schema.createIndex('members_socio_unique').on('members').column('socio').unique().execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('email_verifications_member_idx').on('email_verifications').column('member_id').execute();

  // Set when staff confirm, finalise or cancel a registration: the member may change it no more.
  await db.schema
    .alterTable('registrations')
    .addColumn('staff_decided', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('staff_decided').execute();
  await db.schema.dropTable('email_verifications').ifExists().execute();
  await db.schema.dropIndex('members_socio_unique').ifExists().execute();
  await db.schema.alterTable('members').dropColumn('socio_solicitado').execute();
  await db.schema.alterTable('members').dropColumn('email_verified').execute();
}
