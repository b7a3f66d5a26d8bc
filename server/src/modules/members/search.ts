import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { MembersTable } from '../../db/schema.ts';
import type { DialectName } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { SORT_SLOT_BITS, foldForSearch, sortCodeOf, sortKeyOf } from '../../lib/search-fold.ts';
import { USER_COLUMNS } from './repository.ts';
import type { UserRow } from './repository.ts';

// The staff's view of the members: the search (over the members_search index of migrations
// 0006, 0010 and 0011) and the club's own record of a member.

/** `%text%` for LIKE, with the wildcard characters of the text escaped by a backslash. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase for `text`: double quotes doubled, so the query is never read as syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Members whose login, name, e-mail, member number or claimed member number contains `q`,
 * ignoring case and accents ("garcia" finds "García"); with `claimsOnly`, only those whose claim
 * waits for staff; at most `limit`, in list order (surname, then name, accents and case ignored:
 * lib/search-fold.ts). The search index answers (migrations 0006, 0010, 0011): FTS5 trigrams on
 * SQLite, pg_trgm on PostgreSQL, and it carries each member's place in the list, so a page is
 * chosen inside the index and only that page of members is read. Trigrams need three
 * characters: a shorter `q` reads the index's text instead, still without touching members.
 */
export async function searchMembers(
  db: Executor,
  dialect: DialectName,
  q: string,
  limit: number,
  claimsOnly = false,
): Promise<UserRow[]> {
  const text = q.trim();
  if (claimsOnly) {
    // Claims waiting for staff are few: filter the members, then match, then order them here.
    let query = db.selectFrom('members').select(USER_COLUMNS).where('socio_solicitado', 'is not', null);
    if (text !== '') query = query.where(sql<boolean>`members.id in (${matchingIds(dialect, text)})`);
    const rows = (await query.execute()).map((row) => {
      const key = sortKeyOf(row);
      return { row, key, code: sortCodeOf(key) };
    });
    rows.sort((a, b) => a.code - b.code || compareText(a.key, b.key) || compareText(a.row.id, b.row.id));
    return rows.slice(0, limit).map((r) => r.row);
  }
  const page = dialect === 'postgres' ? postgresPage(text, limit) : sqlitePage(text, limit);
  const found = await page.execute(db);
  return found.rows;
}

/** A page's members: only what a User is made of. */
const memberColumns = sql.join(USER_COLUMNS.map((column) => sql.ref(`m.${column}`)));

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * SQLite: the FTS5 row ids follow the list order by sort code (migration 0011), so the index
 * walks matches in that order: the `limit`-th match's code group is the last one a page can
 * draw from; the matches up to the end of that group are sorted by their full key.
 */
function sqlitePage(text: string, limit: number) {
  const filter =
    text === ''
      ? sql`1 = 1`
      : [...text].length >= 3
        ? sql`members_search match ${`{text}: ${ftsPhrase(text)}`}`
        : sql`text like ${containsPattern(text)} escape '\\'`;
  const lastGroupEnd = sql`(select rowid | ${2 ** SORT_SLOT_BITS - 1} from members_search where ${filter}
    order by rowid limit 1 offset ${limit - 1})`;
  // The page is ordered and cut first, so only its members are read.
  return sql<UserRow>`
    select ${memberColumns} from (
      select member_id, rowid >> ${SORT_SLOT_BITS} as code, sort_key from members_search
      where ${filter} and rowid <= coalesce(${lastGroupEnd}, 9223372036854775807)
      order by code, sort_key, member_id limit ${limit}
    ) as p join members m on m.id = p.member_id
    order by p.code, p.sort_key, p.member_id`;
}

/** PostgreSQL: the matches' page by (sort_code, sort_key, id), then those members. */
function postgresPage(text: string, limit: number) {
  const filter = text === '' ? sql`true` : sql`text like ${containsPattern(foldForSearch(text))} escape '\\'`;
  return sql<UserRow>`
    select ${memberColumns} from (
      select member_id, sort_code, sort_key from members_search where ${filter}
      order by sort_code, sort_key, member_id limit ${limit}
    ) as c join members m on m.id = c.member_id
    order by c.sort_code, c.sort_key, c.member_id`;
}

/** The search index's rows (member ids) whose text contains `text`; see searchMembers. */
function matchingIds(dialect: DialectName, text: string) {
  if (dialect === 'postgres') {
    const pattern = containsPattern(foldForSearch(text));
    return sql`select member_id from members_search where text like ${pattern} escape '\\'`;
  }
  return [...text].length >= 3
    ? sql`select member_id from members_search where members_search match ${`{text}: ${ftsPhrase(text)}`}`
    : sql`select member_id from members_search where text like ${containsPattern(text)} escape '\\'`;
}

/** The member other than `exceptId` who holds member number `socio`, if any. */
export function findSocioHolder(
  db: Executor,
  socio: string,
  exceptId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('members')
    .select('id')
    .where('socio', '=', socio)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

/** Writes the columns staff change of a member (API.md: PUT /api/admin/users/{uuid}). */
export async function updateMemberRecord(
  db: Executor,
  id: string,
  changes: Partial<Selectable<MembersTable>>,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', id).execute();
}
