import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Member search (0006) found the matches through an index, then read every matching member to
// sort them by surname and keep the first page: "gar" matches 1,300 members of a club of 20,000,
// and on PostgreSQL each match was folded again by translate() to recheck it. Now the search
// index carries the sort keys (surname, name) beside the folded text, so a search sorts the
// matches inside the index and reads only the page of members it returns:
// - SQLite: the FTS5 trigram table gains two unindexed columns, apellidos and nombre;
// - PostgreSQL: a members_search table (member id, apellidos, nombre, folded text) with a
//   pg_trgm GIN index on the text, kept in step with members by a trigger, replaces the
//   expression index (the recheck now reads the stored text instead of folding again).

/** The member's searchable text as SQLite builds it for the FTS table. */
const SQLITE_TEXT = (row: 'new' | 'old') =>
  `${row}.login || ' ' || ${row}.nombre || ' ' || ${row}.apellidos || ' ' || ${row}.email || ' ' || ` +
  `coalesce(${row}.socio, '') || ' ' || coalesce(${row}.socio_solicitado, '')`;

const SQLITE_TRIGGERS = ['members_search_insert', 'members_search_update', 'members_search_delete'];

async function sqliteSearchTable(db: Kysely<unknown>, withSortKeys: boolean): Promise<void> {
  for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql`drop table if exists members_search`.execute(db);
  const sortColumns = withSortKeys ? ', apellidos unindexed, nombre unindexed' : '';
  const sortValues = (row: 'new' | 'old') => (withSortKeys ? `, ${row}.apellidos, ${row}.nombre` : '');
  const names = withSortKeys ? 'member_id, text, apellidos, nombre' : 'member_id, text';
  // The member id is indexed too, so a trigger finds a member's row by the index, not a scan.
  await sql
    .raw(
      `create virtual table members_search using fts5(
        member_id, text${sortColumns}, tokenize = 'trigram remove_diacritics 1'
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into members_search (${names})
       select id, ${`${SQLITE_TEXT('new')}${sortValues('new')}`.replaceAll('new.', '')} from members`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger members_search_insert after insert on members begin
        insert into members_search (${names}) values (new.id, ${SQLITE_TEXT('new')}${sortValues('new')});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger members_search_update after update of login, nombre, apellidos, email, socio, socio_solicitado on members begin
        delete from members_search where members_search match '{member_id}: "' || old.id || '"';
        insert into members_search (${names}) values (new.id, ${SQLITE_TEXT('new')}${sortValues('new')});
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

/** PostgreSQL: the trigger function that keeps members_search in step with members (as of 0010). */
export async function keepSearchRows(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function members_search_keep() returns trigger as $$
    begin
      insert into members_search (member_id, apellidos, nombre, text)
      values (new.id, new.apellidos, new.nombre,
        club_search_text(new.login, new.nombre, new.apellidos, new.email, new.socio, new.socio_solicitado))
      on conflict (member_id) do update
        set apellidos = excluded.apellidos, nombre = excluded.nombre, text = excluded.text;
      return null;
    end
    $$ language plpgsql`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sqliteSearchTable(db, true);
    return;
  }
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trgmSchema = found.rows[0]?.schema ?? 'public';
  // Same types (and so the same collation) as the members' columns: the same order.
  await sql`
    create table members_search (
      member_id varchar(36) primary key references members (id) on delete cascade,
      apellidos varchar(100) not null,
      nombre varchar(100) not null,
      text text not null
    )`.execute(db);
  await sql`
    insert into members_search (member_id, apellidos, nombre, text)
    select id, apellidos, nombre, club_search_text(login, nombre, apellidos, email, socio, socio_solicitado) from members`.execute(
    db,
  );
  await sql`
    create index members_search_text_idx on members_search
    using gin (text ${sql.raw(`"${trgmSchema}".gin_trgm_ops`)})`.execute(db);
  await keepSearchRows(db);
  await sql`
    create trigger members_search_keep
    after insert or update of login, nombre, apellidos, email, socio, socio_solicitado on members
    for each row execute function members_search_keep()`.execute(db);
  await sql`drop index if exists members_search_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sqliteSearchTable(db, false);
    return;
  }
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trgmSchema = found.rows[0]?.schema ?? 'public';
  await sql`drop trigger if exists members_search_keep on members`.execute(db);
  await sql`drop function if exists members_search_keep()`.execute(db);
  await sql`drop table if exists members_search`.execute(db);
  await sql`
    create index members_search_trgm_idx on members
    using gin (club_search_text(login, nombre, apellidos, email, socio, socio_solicitado) ${sql.raw(`"${trgmSchema}".gin_trgm_ops`)})`.execute(
    db,
  );
}
