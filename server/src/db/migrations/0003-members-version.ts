import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// The month answers show members' names (and, to staff, their contact fields and club numbers),
// so a change to those moves the events version too (see 0002): a cached month never shows
// an old name or phone number after any process changed it.
const SHOWN_COLUMNS = ['nombre', 'apellidos', 'email', 'mobil', 'socio', 'licencia'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = sql.raw(SHOWN_COLUMNS.join(', '));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // bump_events_version() is 0002's function.
    await sql`
      create trigger members_update_bump_version
      after update of ${columns} on members
      for each statement execute function bump_events_version()`.execute(db);
    await sql`
      create trigger members_delete_bump_version
      after delete on members
      for each statement execute function bump_events_version()`.execute(db);
    return;
  }
  await sql`
    create trigger members_update_bump_version
    after update of ${columns} on members
    begin
      update settings set value = cast(value as integer) + 1 where key = 'events_version';
    end`.execute(db);
  await sql`
    create trigger members_delete_bump_version
    after delete on members
    begin
      update settings set value = cast(value as integer) + 1 where key = 'events_version';
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ['members_update_bump_version', 'members_delete_bump_version']) {
    if (postgres) await sql`drop trigger if exists ${sql.raw(name)} on members`.execute(db);
    else await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
}
