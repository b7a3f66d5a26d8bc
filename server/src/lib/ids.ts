import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A new random UUID (v4). */
export const newId = (): string => randomUUID();

/** A secret of 256 random bits, hex-encoded. */
export const newSecret = (): string => randomBytes(32).toString('hex');

const COOKIE_SECRET_BYTES = 32;
const POOL_SECRETS = 128;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * A secret of 256 random bits for the anti-forgery cookie, hex-encoded. Every first GET of a
 * visitor (and every GET of a client that keeps no cookies) sets one, and one call for 32
 * random bytes costs as much as a small answer; so the bytes come from a pool drawn 4 KB at a
 * time from the same generator, each byte handed out once. Session and link tokens keep
 * `newSecret`: no future credential waits in memory.
 */
export function newCookieSecret(): string {
  if (used + COOKIE_SECRET_BYTES > pool.length) {
    pool = randomBytes(COOKIE_SECRET_BYTES * POOL_SECRETS);
    used = 0;
  }
  const secret = pool.toString('hex', used, used + COOKIE_SECRET_BYTES);
  pool.fill(0, used, used + COOKIE_SECRET_BYTES);
  used += COOKIE_SECRET_BYTES;
  return secret;
}

/** SHA-256 of a secret; what the database keeps instead of the secret. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** ISO-8601 UTC text of an instant, the stored form of timestamps. */
export const isoOf = (date: Date): string => date.toISOString();

/** Compares two secrets (or their hashes) in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
