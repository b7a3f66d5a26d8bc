import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { ContactMessagesTable, MembersTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

/** `%text%` for LIKE, with the wildcard characters of the text escaped by a backslash. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Members whose login, name, e-mail or member number contains `q` (any case); at most `limit`. */
export function searchMembers(db: Executor, q: string, limit: number): Promise<Selectable<MembersTable>[]> {
  let query = db.selectFrom('members').selectAll();
  if (q !== '') {
    const pattern = containsPattern(q);
    const like = (expr: ReturnType<typeof sql>) => sql<boolean>`${expr} like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like(sql`login_key`),
        like(sql`email_key`),
        like(sql`lower(nombre)`),
        like(sql`lower(apellidos)`),
        like(sql`lower(nombre || ' ' || apellidos)`),
        like(sql`lower(coalesce(socio, ''))`),
      ]),
    );
  }
  return query.orderBy('apellidos').orderBy('nombre').orderBy('id').limit(limit).execute();
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

export function listContactMessages(db: Executor, limit: number): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function setMessageRead(
  db: Executor,
  id: string,
  read: boolean,
): Promise<ContactMessageRow | undefined> {
  await db
    .updateTable('contact_messages')
    .set({ read: read ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
