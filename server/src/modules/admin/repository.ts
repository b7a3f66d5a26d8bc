import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { ContactMessagesTable, MembersTable } from '../../db/schema.ts';
import type { DialectName } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { foldForSearch } from '../../lib/search-fold.ts';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

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
 * waits for staff; at most `limit`, by surname. The search index (migrations 0006 and 0010)
 * answers: FTS5 trigrams on SQLite, pg_trgm on PostgreSQL. It carries each member's surname and
 * name too, so the page of matches is chosen inside the index and only that page of members is
 * read. Trigrams need three characters: a shorter `q` reads the whole (small) index, still
 * without touching the members table.
 */
export function searchMembers(
  db: Executor,
  dialect: DialectName,
  q: string,
  limit: number,
  claimsOnly = false,
): Promise<Selectable<MembersTable>[]> {
  let query = db.selectFrom('members').selectAll();
  const text = q.trim();
  if (claimsOnly) {
    // Claims waiting for staff are few: filter the members, then match.
    query = query.where('socio_solicitado', 'is not', null);
    if (text !== '') query = query.where(sql<boolean>`members.id in (${matchingIds(dialect, text)})`);
  } else if (text !== '') {
    const page = sql`${matchingIds(dialect, text)} order by apellidos, nombre, member_id limit ${limit}`;
    query = query.where(sql<boolean>`members.id in (${page})`);
  }
  return query.orderBy('apellidos').orderBy('nombre').orderBy('id').limit(limit).execute();
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
export function findSocioHolder(db: Executor, socio: string, exceptId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('members').select('id').where('socio', '=', socio).where('id', '!=', exceptId).executeTakeFirst();
}

export function findMember(db: Executor, id: string): Promise<Selectable<MembersTable> | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateMember(
  db: Executor,
  id: string,
  changes: Partial<Selectable<MembersTable>>,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', id).execute();
}

export function findMemberRegistrations(db: Executor, memberId: string) {
  return db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'events.id as event_id',
      'events.evento',
      'events.type',
      'events.start_at',
      'events.end_at',
      'registrations.role_id',
      'registrations.status',
      'registrations.categoria',
      'registrations.division',
      'registrations.factor',
    ])
    .where('registrations.member_id', '=', memberId)
    .orderBy('events.start_at', 'desc')
    .orderBy('events.id')
    .execute();
}

export function listContactMessages(db: Executor, limit: number, archived: boolean): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .where('archived_at', archived ? 'is not' : 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateMessageFlags(
  db: Executor,
  id: string,
  changes: { read?: number; archived_at?: string | null },
): Promise<ContactMessageRow | undefined> {
  if (Object.keys(changes).length > 0) {
    await db.updateTable('contact_messages').set(changes).where('id', '=', id).execute();
  }
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
