import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { SORT_SLOT_BITS, sortCodeSql, sortKeySql } from '../../lib/search-fold.ts';
import { keepSearchRows, up as searchOrderUp } from './0010-search-order.ts';

// Member search (0010) sorted all of a search's matches to keep the first page: "gar" matches
// 1,300 members of a club of 20,000, and on SQLite reading each match's surname and name from
// the index cost more than all the rest of the request. Now members are listed by a folded sort
// key (lib/search-fold.ts: surname, then name, accents and case ignored) and the index carries
// it in a form that needs no sort:
// - SQLite: each FTS5 row's id is the member's sort code shifted left, plus a free slot among the
//   members of that code, so FTS5 returns matches in list order and a page stops after its
//   last member's code group. The triggers compute the key, the code and the slot, and keep a
//   member's row id while their names stay;
// - PostgreSQL: members_search gains sort_code and sort_key (C collation), kept by its trigger,
//   indexed for the list with no search.

const SLOT_MASK = 2 ** SORT_SLOT_BITS - 1;

/** The member's searchable text as SQLite builds it for the FTS table (as in 0010). */
const SQLITE_TEXT = (row: 'new' | 'old') =>
  `${row}.login || ' ' || ${row}.nombre || ' ' || ${row}.apellidos || ' ' || ${row}.email || ' ' || ` +
  `coalesce(${row}.socio, '') || ' ' || coalesce(${row}.socio_solicitado, '')`;

/** A trigger's statement that adds the index row of `new`, at the first free slot of its code. */
function sqliteInsertNew(): string {
  // The first slot above the code's highest row; a code with 262,144 renames on record would
  // overflow into the next code and fail loudly (FTS5 row ids are unique).
  const slot = `coalesce((select s.rowid from members_search s where s.rowid between g.lo and g.lo + ${SLOT_MASK}
      order by s.rowid desc limit 1) + 1, g.lo)`;
  return `insert into members_search (rowid, member_id, text, sort_key)
    select ${slot}, new.id, ${SQLITE_TEXT('new')}, g.sort_key
    from (select ${sortCodeSql('sqlite', 'k.sort_key')} << ${SORT_SLOT_BITS} as lo, k.sort_key
      from (select ${sortKeySql('sqlite', 'new.')} as sort_key) as k) as g`;
}

/** Fills the (empty) index from members: the members of one code take its slots by id. */
function sqliteFill(): string {
  return `insert into members_search (rowid, member_id, text, sort_key)
    select g.lo + row_number() over (partition by g.lo order by g.id) - 1, g.id, g.text, g.sort_key
    from (select ${sortCodeSql('sqlite', 'k.sort_key')} << ${SORT_SLOT_BITS} as lo, k.sort_key, k.id, k.text
      from (select id, ${SQLITE_TEXT('new').replaceAll('new.', '')} as text, ${sortKeySql('sqlite', '')} as sort_key
        from members) as k) as g`;
}

const SQLITE_TRIGGERS = [
  'members_search_insert',
  'members_search_update',
  'members_search_rename',
  'members_search_delete',
];
const MATCH_OLD = `members_search match '{member_id}: "' || old.id || '"'`;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql`drop table if exists members_search`.execute(db);
  await sql
    .raw(
      `create virtual table members_search using fts5(
      member_id, text, sort_key unindexed, tokenize = 'trigram remove_diacritics 1'
    )`,
    )
    .execute(db);
  await sql.raw(sqliteFill()).execute(db);
  await sql
    .raw(
      `create trigger members_search_insert after insert on members begin
      ${sqliteInsertNew()};
    end`,
    )
    .execute(db);
  // Names kept: the row keeps its id (its place in the list), only the text changes.
  await sql
    .raw(
      `create trigger members_search_update
      after update of login, nombre, apellidos, email, socio, socio_solicitado on members
      when new.nombre is old.nombre and new.apellidos is old.apellidos begin
      update members_search set text = ${SQLITE_TEXT('new')}
        where rowid = (select rowid from members_search where ${MATCH_OLD});
    end`,
    )
    .execute(db);
  // Renamed: the row moves to its new place.
  await sql
    .raw(
      `create trigger members_search_rename after update of nombre, apellidos on members
      when new.nombre is not old.nombre or new.apellidos is not old.apellidos begin
      delete from members_search where ${MATCH_OLD};
      ${sqliteInsertNew()};
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger members_search_delete after delete on members begin
      delete from members_search where ${MATCH_OLD};
    end`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sqliteUp(db);
    return;
  }
  const key = sortKeySql('postgres', 'new.');
  await sql`alter table members_search add column sort_key text collate "C"`.execute(db);
  await sql`alter table members_search add column sort_code bigint`.execute(db);
  await sql
    .raw(
      `update members_search s set sort_key = k.sort_key, sort_code = ${sortCodeSql('postgres', 'k.sort_key')}
      from (select m.id, ${sortKeySql('postgres', 'm.')} as sort_key from members m) k where k.id = s.member_id`,
    )
    .execute(db);
  await sql`alter table members_search alter column sort_key set not null`.execute(db);
  await sql`alter table members_search alter column sort_code set not null`.execute(db);
  await sql`create index members_search_order_idx on members_search (sort_code, sort_key, member_id)`.execute(
    db,
  );
  await sql
    .raw(
      `create or replace function members_search_keep() returns trigger as $$
    declare
      key text := ${key};
    begin
      insert into members_search (member_id, apellidos, nombre, text, sort_key, sort_code)
      values (new.id, new.apellidos, new.nombre,
        club_search_text(new.login, new.nombre, new.apellidos, new.email, new.socio, new.socio_solicitado),
        key, ${sortCodeSql('postgres', 'key')})
      on conflict (member_id) do update
        set apellidos = excluded.apellidos, nombre = excluded.nombre, text = excluded.text,
          sort_key = excluded.sort_key, sort_code = excluded.sort_code;
      return null;
    end
    $$ language plpgsql`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    await searchOrderUp(db);
    return;
  }
  await keepSearchRows(db);
  await sql`drop index if exists members_search_order_idx`.execute(db);
  await sql`alter table members_search drop column sort_code`.execute(db);
  await sql`alter table members_search drop column sort_key`.execute(db);
}
