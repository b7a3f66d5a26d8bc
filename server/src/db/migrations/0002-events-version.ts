import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Every write to events or registrations, from any process or even by hand, bumps one counter
// in the database. A server may keep a rendered answer (the public month) for as long as the
// counter has not moved; the counter, not any process's memory, says when it is stale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into settings (key, value) values ('events_version', '0')`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function bump_events_version() returns trigger as $$
      begin
        update settings set value = (value::bigint + 1)::text where key = 'events_version';
        return null;
      end
      $$ language plpgsql`.execute(db);
    for (const table of ['events', 'registrations']) {
      await sql`
        create trigger ${sql.raw(`${table}_bump_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_events_version()`.execute(db);
    }
    return;
  }
  for (const table of ['events', 'registrations']) {
    for (const action of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`${table}_${action}_bump_version`)}
        after ${sql.raw(action)} on ${sql.table(table)}
        begin
          update settings set value = cast(value as integer) + 1 where key = 'events_version';
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ['events', 'registrations']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_bump_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists bump_events_version()`.execute(db);
  } else {
    for (const table of ['events', 'registrations']) {
      for (const action of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.raw(`${table}_${action}_bump_version`)}`.execute(db);
      }
    }
  }
  await sql`delete from settings where key = 'events_version'`.execute(db);
}
