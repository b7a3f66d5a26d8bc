import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
