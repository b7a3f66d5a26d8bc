import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { ApiError } from './api-error.ts';
import { isoOf } from './ids.ts';

export interface RateLimitRule {
  /** What is counted, e.g. `login:user:jordi` or `contact:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts a try against a fixed window kept in the database, so the limit holds across server
 * processes; throws 429 with Retry-After once the window's limit is passed.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  clock: Clock,
  enabled: boolean,
  rule: RateLimitRule,
): Promise<void> {
  if (!enabled) return;
  const { count, retryAfter } = await countTry(db, clock, rule);
  if (count > rule.limit) {
    throw new ApiError('TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(retryAfter) });
  }
}

/**
 * Counts a try against the rule's window without refusing it: how many tries the window holds
 * now (this one included) and the seconds until it ends. For callers that slow down instead.
 */
export async function countTry(
  db: Kysely<Database>,
  clock: Clock,
  rule: RateLimitRule,
): Promise<{ count: number; retryAfter: number }> {
  const now = clock.now();
  const nowIso = isoOf(now);
  const resetIso = isoOf(new Date(now.getTime() + rule.windowMs));
  // One atomic upsert: a window that has ended starts again at 1.
  const row = await db
    .insertInto('rate_limits')
    .values({ key: rule.key, count: 1, reset_at: resetIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetIso} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  const retryAfter = Math.max(1, Math.ceil((Date.parse(row.reset_at) - now.getTime()) / 1000));
  return { count: Number(row.count), retryAfter };
}

/** Forgets the tries counted under `prefix` and every key that continues it with ':'. */
export async function clearRateLimitsUnder(db: Kysely<Database>, prefix: string): Promise<void> {
  const below = `${prefix}:`;
  await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([eb('key', '=', prefix), eb(sql<string>`substr(key, 1, ${below.length})`, '=', below)]),
    )
    .execute();
}

/** Forgets the tries counted under a key (after a successful login, say). */
export async function clearRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
