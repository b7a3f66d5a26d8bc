import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { clearRateLimit, consumeRateLimit } from '../../lib/rate-limit.ts';
import type { MemberRow } from '../../db/schema.ts';
import { uniqueKey } from './repository.ts';

const MINUTE = 60_000;
export const LOGIN_WINDOW_MS = 15 * MINUTE;

/** The rate-limit key of tries against one login (cleared by a successful login). */
export const loginLimitKey = (login: string): string => `login:user:${uniqueKey(login)}`;

/**
 * Checks the password a signed-in member typed to confirm a change (new password, deleting the
 * account). Each try counts against the same budget as signing in with that login, so a stolen
 * session cannot be used to guess the password faster than the login form allows; a right
 * password clears it, as a successful sign-in does. Wrong: 400 WRONG_PASSWORD; too many: 429.
 */
export async function checkCurrentPassword(ctx: AppContext, member: MemberRow, password: string, message: string): Promise<void> {
  const { db, clock, config } = ctx;
  const key = loginLimitKey(member.login);
  await consumeRateLimit(db.kysely, clock, config.rateLimits.enabled, { key, limit: config.rateLimits.login, windowMs: LOGIN_WINDOW_MS });
  if (!(await verifyPassword(member.password_hash, password))) throw new ApiError('WRONG_PASSWORD', message);
  await clearRateLimit(db.kysely, key);
}
