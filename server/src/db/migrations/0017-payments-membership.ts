import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Money and membership: the ledger of what staff received (never deleted, only voided), the
 * classes taken from packs (one per registration at most: the primary key), the club's rules of
 * registration with a version, the papers mails already sent (one per member, kind and date),
 * and on each member the dues' end, the licence's expiry and the classes left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('licencia_caduca', 'varchar(10)').execute();
  await db.schema.alterTable('members').addColumn('cuota_hasta', 'varchar(10)').execute();
  await db.schema
    .alterTable('members')
    .addColumn('bono_clases', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The needs-attention list reads these by range.
  await db.schema.createIndex('members_cuota_hasta_idx').on('members').column('cuota_hasta').execute();
  await db.schema.createIndex('members_licencia_caduca_idx').on('members').column('licencia_caduca').execute();
  await db.schema.createIndex('members_bono_clases_idx').on('members').column('bono_clases').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // Null once the member deleted their account: the club keeps its books, anonymised.
    .addColumn('member_id', 'varchar(36)', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('concept', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('period_end', 'varchar(10)')
    .addColumn('classes', 'integer')
    .addColumn('event_id', 'varchar(36)', (c) => c.references('events.id').onDelete('set null'))
    // Staff ids without a foreign key: who recorded or voided stays written after they leave.
    .addColumn('recorded_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('voided_at', 'varchar(32)')
    .addColumn('voided_by', 'varchar(36)')
    .addColumn('void_reason', 'varchar(300)')
    .execute();
  await db.schema.createIndex('payments_paid_at_idx').on('payments').columns(['paid_at', 'id']).execute();
  await db.schema.createIndex('payments_member_idx').on('payments').columns(['member_id', 'paid_at']).execute();
  await db.schema.createIndex('payments_concept_member_idx').on('payments').columns(['concept', 'member_id']).execute();

  await db.schema
    .createTable('pack_uses')
    // One class per registration, whoever finalises it and however often: the key says so.
    .addColumn('registration_id', 'varchar(36)', (c) =>
      c.primaryKey().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_by', 'varchar(36)')
    .execute();
  await db.schema.createIndex('pack_uses_member_idx').on('pack_uses').column('member_id').execute();

  await db.schema
    .createTable('club_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('dues_required', 'integer', (c) => c.notNull().defaultTo(0))
    // A JSON array of event types.
    .addColumn('pack_required_for', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)')
    .addColumn('updated_by', 'varchar(36)')
    .execute();
  await sql`insert into club_settings (id, dues_required, pack_required_for, version) values (1, 0, '[]', 0)`.execute(db);

  await db.schema
    .createTable('membership_notices')
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    // The mail of a member, kind and date goes once, whichever process or restart runs it.
    .addPrimaryKeyConstraint('membership_notices_pk', ['member_id', 'kind', 'due_date'])
    .execute();

  // Staff keep the month's ledger and totals rendered until a payment changes.
  await sql`insert into settings (key, value) values ('payments_version', '0')`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function bump_payments_version() returns trigger as $$
      begin
        update settings set value = (value::bigint + 1)::text where key = 'payments_version';
        return null;
      end
      $$ language plpgsql`.execute(db);
    await sql`
      create trigger payments_bump_version
      after insert or update or delete on payments
      for each statement execute function bump_payments_version()`.execute(db);
    return;
  }
  for (const action of ['insert', 'update', 'delete']) {
    await sql`
      create trigger ${sql.raw(`payments_${action}_bump_version`)}
      after ${sql.raw(action)} on payments
      begin
        update settings set value = cast(value as integer) + 1 where key = 'payments_version';
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger if exists payments_bump_version on payments`.execute(db);
    await sql`drop function if exists bump_payments_version()`.execute(db);
  } else {
    for (const action of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`payments_${action}_bump_version`)}`.execute(db);
    }
  }
  await sql`delete from settings where key = 'payments_version'`.execute(db);
  await db.schema.dropTable('membership_notices').execute();
  await db.schema.dropTable('club_settings').execute();
  await db.schema.dropTable('pack_uses').execute();
  await db.schema.dropTable('payments').execute();
  for (const name of ['members_cuota_hasta_idx', 'members_licencia_caduca_idx', 'members_bono_clases_idx']) {
    await db.schema.dropIndex(name).execute();
  }
  for (const column of ['bono_clases', 'cuota_hasta', 'licencia_caduca']) {
    await db.schema.alterTable('members').dropColumn(column).execute();
  }
}
