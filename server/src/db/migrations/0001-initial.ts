import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** The whole data model: members, tokens, resets, events, registrations, messages, stages, limits. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const flag = (name: string) => (col: ReturnType<typeof db.schema.createTable>) =>
    col.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));

  let members = db.schema
    .createTable('members')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('login', 'varchar(150)', (c) => c.notNull())
    .addColumn('login_key', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('nombre', 'varchar(100)', (c) => c.notNull())
    .addColumn('apellidos', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('mobil', 'varchar(20)', (c) => c.notNull())
    .addColumn('nacimiento', 'varchar(10)', (c) => c.notNull())
    .addColumn('sexo', 'integer', (c) => c.notNull())
    .addColumn('socio', 'varchar(50)')
    .addColumn('division', 'integer')
    .addColumn('factor', 'integer')
    .addColumn('licencia', 'varchar(100)');
  for (const name of [
    'curso',
    'habilitado',
    'arbitro_ipsc',
    'arbitro_precision',
    'entrenador_nacional',
    'instructor_misia',
    'autorizacion_club',
    'staff',
  ]) {
    members = flag(name)(members);
  }
  await members
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('tokens_member_idx').on('tokens').column('member_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('password_resets_member_idx').on('password_resets').column('member_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('evento', 'varchar(200)', (c) => c.notNull())
    .addColumn('nota', 'text')
    .addColumn('plazas', 'integer', (c) => c.notNull())
    .addColumn('plazas_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('solo_lectura', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('series_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('events_seats_check', sql`plazas_taken >= 0 and plazas_taken <= plazas`)
    .execute();
  await db.schema.createIndex('events_start_idx').on('events').column('start_at').execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('categoria', 'integer')
    .addColumn('division', 'integer')
    .addColumn('factor', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('registrations_event_member_unique', ['event_id', 'member_id'])
    .execute();
  await db.schema.createIndex('registrations_member_idx').on('registrations').column('member_id').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es'))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').column('created_at').execute();

  await db.schema
    .createTable('stages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stages_owner_idx').on('stages').column('owner_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settings',
    'rate_limits',
    'stages',
    'contact_messages',
    'registrations',
    'events',
    'password_resets',
    'tokens',
    'members',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
