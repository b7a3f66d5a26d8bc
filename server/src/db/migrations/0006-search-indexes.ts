import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { SEARCH_FOLD } from '../../lib/search-fold.ts';

// Indexes a club of 20,000 members needs (issue 17):
// - member search by any part of login, name, e-mail, member number or claimed number, accent- and
//   case-insensitive: SQLite keeps an FTS5 trigram index (it folds accents itself), PostgreSQL a
//   pg_trgm GIN index over the same text folded by translate(); triggers or the expression keep
//   both in step with every insert, update and delete of members, whoever writes them;
// - contact messages by lower(email), for a member's export.

/** The member's searchable text as SQLite builds it for the FTS table. */
const SQLITE_TEXT = (row: 'new' | 'old') =>
  `${row}.login || ' ' || ${row}.nombre || ' ' || ${row}.apellidos || ' ' || ${row}.email || ' ' || ` +
  `coalesce(${row}.socio, '') || ' ' || coalesce(${row}.socio_solicitado, '')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index contact_messages_email_idx on contact_messages (lower(email))`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Concurrent migrations of several schemas in one database would race on the extension.
    await sql`select pg_advisory_xact_lock(hashtext('club pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    const found = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const trgmSchema = found.rows[0]?.schema ?? 'public';
    // One immutable function, used by both the index and the query, so the planner matches them.
    await sql`
      create or replace function club_search_text(
        login text, nombre text, apellidos text, email text, socio text, socio_solicitado text)
      returns text language sql immutable parallel safe as $$
        select translate(lower(login || ' ' || nombre || ' ' || apellidos || ' ' || email || ' ' || coalesce(socio, '') || ' ' || coalesce(socio_solicitado, '')),
          ${sql.lit(SEARCH_FOLD.from)}, ${sql.lit(SEARCH_FOLD.to)})
      $$`.execute(db);
    await sql`
      create index members_search_trgm_idx on members
      using gin (club_search_text(login, nombre, apellidos, email, socio, socio_solicitado) ${sql.raw(`"${trgmSchema}".gin_trgm_ops`)})`.execute(
      db,
    );
    return;
  }

  // The member id is indexed too, so a trigger finds a member's row by the index, not a scan.
  await sql`
    create virtual table members_search using fts5(
      member_id, text, tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
  await sql
    .raw(
      `insert into members_search (member_id, text) select id, ${SQLITE_TEXT('new').replaceAll('new.', '')} from members`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger members_search_insert after insert on members begin
        insert into members_search (member_id, text) values (new.id, ${SQLITE_TEXT('new')});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger members_search_update after update of login, nombre, apellidos, email, socio, socio_solicitado on members begin
        delete from members_search where members_search match '{member_id}: "' || old.id || '"';
        insert into members_search (member_id, text) values (new.id, ${SQLITE_TEXT('new')});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger members_search_delete after delete on members begin
        delete from members_search where members_search match '{member_id}: "' || old.id || '"';
      end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists contact_messages_email_idx`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists members_search_trgm_idx`.execute(db);
    await sql`drop function if exists club_search_text(text, text, text, text, text, text)`.execute(db);
    return;
  }
  for (const name of ['members_search_insert', 'members_search_update', 'members_search_delete']) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await sql`drop table if exists members_search`.execute(db);
}
