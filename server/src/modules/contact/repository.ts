import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  createdAt: string;
}

/** Keeps a contact message for the staff area's inbox. */
export async function insertContactMessage(db: Kysely<Database>, message: NewContactMessage): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      language: message.language,
      read: 0,
      created_at: message.createdAt,
    })
    .execute();
}

export function listContactMessages(
  db: Executor,
  limit: number,
  archived: boolean,
): Promise<ContactMessageRow[]> {
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

/**
 * The messages sent from an address, ignoring case: a member's own once their address is known
 * to be theirs (contact messages carry no member id).
 */
export function findMessagesFrom(db: Executor, emailKey: string): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', emailKey)
    .orderBy('created_at')
    .execute();
}

export async function deleteMessagesFrom(db: Executor, emailKey: string): Promise<void> {
  await db.deleteFrom('contact_messages').where(sql<string>`lower(email)`, '=', emailKey).execute();
}
