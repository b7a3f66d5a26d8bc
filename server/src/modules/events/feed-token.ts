import { createHmac } from 'node:crypto';
import type { Executor } from '../../db/transaction.ts';
import { hashSecret, newSecret } from '../../lib/ids.ts';
import { replaceFeedNonce } from '../members/index.ts';

export { serverKeyOf as feedKeyOf } from '../../lib/server-key.ts';

// Personal calendar secrets (decision 0034). The database keeps only each secret's SHA-256 and a
// random nonce; the secret itself is HMAC-SHA256(feed key, member id and nonce), so the server
// can show the member their address again while a copy of the database alone gives no address.

/** The member's secret for a nonce: 256 bits, base64url (43 characters). */
export function feedSecret(key: Buffer, memberId: string, nonce: string): string {
  return createHmac('sha256', key).update(`feed:${memberId}:${nonce}`).digest('base64url');
}

/**
 * Gives the member a new secret (a new nonce), forgetting the previous one and any made before
 * secrets were derived; returns the secret. Inside or outside a transaction.
 */
export async function replaceFeedSecret(db: Executor, key: Buffer, memberId: string): Promise<string> {
  const nonce = newSecret();
  const secret = feedSecret(key, memberId, nonce);
  await replaceFeedNonce(db, memberId, nonce, hashSecret(secret));
  return secret;
}
