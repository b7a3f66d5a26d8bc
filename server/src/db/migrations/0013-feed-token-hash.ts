import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// The personal calendar address's secret was kept in clear (every other secret is kept as its
// SHA-256). Now (decision 0034):
// - `feed_token_hash` holds the SHA-256 of the member's current secret, which the server
//   derives from its feed key and `feed_nonce` whenever the member asks for the address;
// - secrets made before this migration cannot be derived: their hash moves to
//   `feed_legacy_hash`, so calendars subscribed with them keep working until the member replaces
//   the address or their password changes, while the member is shown a new, derived address.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Members {
  members: {
    id: string;
    feed_token: string | null;
    feed_token_hash: string | null;
    feed_legacy_hash: string | null;
    feed_nonce: string | null;
  };
}

export async function up(schema: Kysely<unknown>): Promise<void> {
  const db = schema as Kysely<Members>;
  await db.schema.alterTable('members').addColumn('feed_nonce', 'varchar(64)').execute();
  await db.schema.alterTable('members').addColumn('feed_legacy_hash', 'varchar(64)').execute();
  const rows = (await db
    .selectFrom('members')
    .select(['id', 'feed_token'])
    .where('feed_token', 'is not', null)
    .execute()) as Array<{ id: string; feed_token: string }>;
  // Cleared first: the unique index must never see a secret and a hash of another at once.
  await db.updateTable('members').set({ feed_token: null }).where('feed_token', 'is not', null).execute();
  for (const row of rows) {
    await db.updateTable('members').set({ feed_legacy_hash: sha256(row.feed_token) }).where('id', '=', row.id).execute();
  }
  await db.schema.alterTable('members').renameColumn('feed_token', 'feed_token_hash').execute();
  await db.schema
    .createIndex('members_feed_legacy_hash_idx')
    .on('members')
    .column('feed_legacy_hash')
    .unique()
    .execute();
}

export async function down(schema: Kysely<unknown>): Promise<void> {
  const db = schema as Kysely<Members>;
  // The secrets cannot be recovered from their hashes: every member gets a new address.
  await db.schema.dropIndex('members_feed_legacy_hash_idx').ifExists().execute();
  await db.updateTable('members').set({ feed_token_hash: null }).execute();
  await db.schema.alterTable('members').renameColumn('feed_token_hash', 'feed_token').execute();
  await db.schema.alterTable('members').dropColumn('feed_legacy_hash').execute();
  await db.schema.alterTable('members').dropColumn('feed_nonce').execute();
}
