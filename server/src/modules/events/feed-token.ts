import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/transaction.ts';
import { hashSecret, newSecret } from '../../lib/ids.ts';

// Personal calendar secrets (decision 0034). The database keeps only each secret's SHA-256 and a
// random nonce; the secret itself is HMAC-SHA256(feed key, member id and nonce), so the server
// can show the member their address again while a copy of the database alone gives no address.

const keys = new WeakMap<Pick<Config, 'feedKey' | 'feedKeyFile'>, Buffer>();

/** The feed key: FEED_KEY, else FEED_KEY_FILE's, written there (owner-only) at the first need. */
export function feedKeyOf(config: Pick<Config, 'feedKey' | 'feedKeyFile'>): Buffer {
  let key = keys.get(config);
  if (key) return key;
  if (config.feedKey) {
    key = Buffer.from(config.feedKey, 'utf8');
  } else {
    try {
      key = Buffer.from(readFileSync(config.feedKeyFile, 'utf8').trim(), 'hex');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      mkdirSync(path.dirname(config.feedKeyFile), { recursive: true });
      // 'wx': of two processes starting at once, the second reads the first one's key.
      try {
        writeFileSync(config.feedKeyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (writeError) {
        if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      }
      key = Buffer.from(readFileSync(config.feedKeyFile, 'utf8').trim(), 'hex');
    }
    if (key.length < 32) throw new Error(`${config.feedKeyFile} holds no feed key of 32 bytes`);
  }
  keys.set(config, key);
  return key;
}

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
  await db
    .updateTable('members')
    .set({ feed_nonce: nonce, feed_token_hash: hashSecret(secret), feed_legacy_hash: null })
    .where('id', '=', memberId)
    .execute();
  return secret;
}
