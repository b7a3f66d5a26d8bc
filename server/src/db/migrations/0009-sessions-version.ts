import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// A second counter beside the events version (0002): it moves on every write that can change
// what a session token stands for, from any process or by hand: a token revoked or deleted, or
// any field of a member changed or the member deleted. A server may keep the member behind a
// token for as long as the counter has not moved (and the token has not expired), so a
// signed-in call reads one counter row instead of joining tokens and members every time.
const SOURCES = [
  { table: 'tokens', actions: ['update', 'delete'] },
  { table: 'members', actions: ['update', 'delete'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into settings (key, value) values ('sessions_version', '0')`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function bump_sessions_version() returns trigger as $$
      begin
        update settings set value = (value::bigint + 1)::text where key = 'sessions_version';
        return null;
      end
      $$ language plpgsql`.execute(db);
    for (const { table, actions } of SOURCES) {
      await sql`
        create trigger ${sql.raw(`${table}_bump_sessions_version`)}
        after ${sql.raw(actions.join(' or '))} on ${sql.table(table)}
        for each statement execute function bump_sessions_version()`.execute(db);
    }
    return;
  }
  for (const { table, actions } of SOURCES) {
    for (const action of actions) {
      await sql`
        create trigger ${sql.raw(`${table}_${action}_bump_sessions_version`)}
        after ${sql.raw(action)} on ${sql.table(table)}
        begin
          update settings set value = cast(value as integer) + 1 where key = 'sessions_version';
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { table } of SOURCES) {
      await sql`drop trigger if exists ${sql.raw(`${table}_bump_sessions_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists bump_sessions_version()`.execute(db);
  } else {
    for (const { table, actions } of SOURCES) {
      for (const action of actions) {
        await sql`drop trigger if exists ${sql.raw(`${table}_${action}_bump_sessions_version`)}`.execute(db);
      }
    }
  }
  await sql`delete from settings where key = 'sessions_version'`.execute(db);
}
