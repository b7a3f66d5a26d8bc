import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A new random UUID (v4). */
export const newId = (): string => randomUUID();

/** A secret of 256 random bits, hex-encoded. */
export const newSecret = (): string => randomBytes(32).toString('hex');

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
