import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '@club/contract/schemas';
import type { ChangePasswordBody, LoginBody, ResetPasswordBody } from '@club/contract/forms';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashSecret, isoOf, newId, newSecret, sameSecret } from '../../lib/ids.ts';
import { clubAddress } from '../../config.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { clearRateLimit, clearRateLimitsUnder, consumeRateLimit, countTry } from '../../lib/rate-limit.ts';
import { deviceCookieFor, knownDeviceOf, slowdownMs } from './known-devices.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import {
  checkCurrentPassword,
  findMemberByEmail,
  findMemberById,
  findMemberBySignInName,
  LOGIN_WINDOW_MS,
  loginLimitKey,
  markEmailVerified,
  toUser,
  uniqueKey,
} from '../members/index.ts';
import type { MemberRow } from '../members/index.ts';
import {
  claimPasswordReset,
  findPasswordReset,
  insertPasswordReset,
  insertToken,
  trimTokens,
  replacePassword,
  revokeToken,
} from './repository.ts';
import { enqueueJob, enqueueMail } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { mailLanguageOf } from '../../lib/language.ts';
import type { Language } from '@club/contract/languages';
import { passwordChangeNoticeMail, passwordResetNoticeMail, resetLinkMail } from './mails.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const SESSION_LIFETIME_MS = { remember: 30 * 24 * HOUR, session: 12 * HOUR } as const;
export const RESET_LIFETIME_MS = HOUR;
export const FORGOTTEN_WINDOW_MS = HOUR;
export const REGISTER_WINDOW_MS = HOUR;
// One address may carry several members (a club house, a family), so it gets a multiple of the
// per-login and per-address limits, high enough for them and still low enough to stop a sweep.
export const CLIENT_LIMIT_FACTOR = { login: 5, forgotten: 4 } as const;

export interface RequestInfo {
  ip: string;
  /** The known-device cookie the client sent, if any. */
  deviceCookie?: string;
  language: Language | undefined;
  log: FastifyBaseLogger;
}

/** Issues a new session token for a member and answers the Session shape. */
async function openSession(ctx: AppContext, member: MemberRow, remember: boolean): Promise<Session> {
  const token = newSecret();
  const now = ctx.clock.now();
  await insertToken(ctx.db.kysely, {
    tokenHash: hashSecret(token),
    memberId: member.id,
    remember,
    createdAt: isoOf(now),
    expiresAt: isoOf(new Date(now.getTime() + (remember ? SESSION_LIFETIME_MS.remember : SESSION_LIFETIME_MS.session))),
  });
  await trimTokens(ctx.db.kysely, member.id);
  return { token, user: toUser(member) };
}

/**
 * Signs a member in; an unknown login and a wrong password get the same answer after the same
 * work. Wrong tries are counted per client, per login and client (a client that passes the
 * login's limit is refused that login for the window), and per login from every client together
 * (a larger limit against guessing from many addresses). A known device of the login's member
 * (decision 0034, OWASP's device cookies) is counted apart: past its own limit each try waits
 * longer, but the owner is never refused by what others did. A right password clears the counts
 * of the login and client and of the device, and marks the device known.
 */
export async function logIn(ctx: AppContext, body: LoginBody, info: RequestInfo): Promise<SignedIn> {
  const { db, clock, config } = ctx;
  const limits = config.rateLimits;
  await consumeRateLimit(db.kysely, clock, limits.enabled, {
    key: `login:ip:${info.ip}`,
    limit: limits.login * CLIENT_LIMIT_FACTOR.login,
    windowMs: LOGIN_WINDOW_MS,
  });
  const member = await findMemberBySignInName(db.kysely, body.login);
  // Counted under the member's login whichever name they typed (login or address), so the two
  // names do not double the budget; an unknown name under itself.
  const loginKey = loginLimitKey(member?.login ?? body.login);
  const device = member ? knownDeviceOf(config, info.deviceCookie, member.id, clock.now()) : undefined;
  const deviceKey = `${loginKey}:device:${device}`;
  const clientKey = `${loginKey}:ip:${info.ip}`;
  if (device !== undefined) {
    if (limits.enabled) {
      const { count } = await countTry(db.kysely, clock, { key: deviceKey, limit: limits.login, windowMs: LOGIN_WINDOW_MS });
      const wait = slowdownMs(count - limits.login);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } else {
    await consumeRateLimit(db.kysely, clock, limits.enabled, { key: clientKey, limit: limits.login, windowMs: LOGIN_WINDOW_MS });
    await consumeRateLimit(db.kysely, clock, limits.enabled, {
      key: `${loginKey}:all`,
      limit: limits.login * CLIENT_LIMIT_FACTOR.login,
      windowMs: LOGIN_WINDOW_MS,
    });
  }
  // verifyPassword(null, …) runs a verify against a dummy hash, so both failures cost alike.
  const valid = await verifyPassword(member?.password_hash ?? null, body.password);
  if (!member || !valid) throw new ApiError('INVALID_CREDENTIALS');
  await clearRateLimit(db.kysely, device === undefined ? clientKey : deviceKey);
  await clearRateLimit(db.kysely, `${loginKey}:all`);
  const session = await openSession(ctx, member, body.rememberMe === true);
  return { session, deviceCookie: deviceCookieFor(config, member.id, clock.now()) };
}

/** A session and the cookie that marks the device known. */
export interface SignedIn {
  session: Session;
  deviceCookie: string;
}

/** Ends the session of one token. */
export async function logOut(ctx: AppContext, tokenHash: string): Promise<void> {
  await revokeToken(ctx.db.kysely, tokenHash, isoOf(ctx.clock.now()));
}

/** The job that turns a forgotten-password request into a reset link, when the address is known. */
export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * Takes a forgotten-password request. Known and unknown addresses do the same work here: the
 * throttles, then one queued job holding the address. Whether a member owns it is decided by the
 * job worker, after the answer, so neither the answer nor its timing tells who is a member.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, info: RequestInfo): Promise<void> {
  const { db, clock, config } = ctx;
  const limits = config.rateLimits;
  await consumeRateLimit(db.kysely, clock, limits.enabled, {
    key: `forgotten:ip:${info.ip}`,
    limit: limits.forgotten * CLIENT_LIMIT_FACTOR.forgotten,
    windowMs: FORGOTTEN_WINDOW_MS,
  });
  await consumeRateLimit(db.kysely, clock, limits.enabled, {
    key: `forgotten:email:${uniqueKey(email)}`,
    limit: limits.forgotten,
    windowMs: FORGOTTEN_WINDOW_MS,
  });
  const now = clock.now();
  await withWriteTransaction(db, (trx) =>
    enqueueJob(trx, { kind: PASSWORD_RESET_JOB, payload: { email }, runAt: now, now }),
  );
  ctx.jobs.kick();
}

/** Runs a queued forgotten-password request: a member's address gets a reset link by mail, any other nothing. */
export function passwordResetHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const { email } = JSON.parse(job.payload) as { email: string };
    const { db, clock, config } = ctx;
    const member = await findMemberByEmail(db.kysely, email);
    if (!member) return;
    const id = newId();
    const token = newSecret();
    const now = clock.now();
    // PUBLIC_URL, never the request's Host: a forged Host must not redirect the link.
    const link = `${config.publicUrl}/reset-password?hash=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
    const mail = resetLinkMail(mailLanguageOf(member.language), member.nombre, link, member.login);
    await withWriteTransaction(db, async (trx) => {
      await insertPasswordReset(trx, {
        id,
        member_id: member.id,
        token_hash: hashSecret(token),
        created_at: isoOf(now),
        expires_at: isoOf(new Date(now.getTime() + RESET_LIFETIME_MS)),
        used_at: null,
      });
      await enqueueMail(trx, now, { to: member.email, ...mail });
    });
    ctx.jobs.kick();
  };
}

/** Sets a new password from a mailed link; the link works once, for an hour, and only until the password changes. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<void> {
  const { db, clock, config } = ctx;
  const reset = await findPasswordReset(db.kysely, body.hash);
  const member = reset ? await findMemberById(db.kysely, reset.member_id) : undefined;
  const nowIso = isoOf(clock.now());
  const usable =
    reset !== undefined &&
    member !== undefined &&
    sameSecret(reset.token_hash, hashSecret(body.token)) &&
    reset.used_at === null &&
    reset.expires_at > nowIso &&
    reset.created_at >= member.password_changed_at;
  if (!usable) throw new ApiError('INVALID_TOKEN', 'The reset link is unknown, used or expired.');
  // Hash outside the transaction: argon2 is slow, and SQLite would hold its write lock meanwhile.
  const passwordHash = await hashPassword(body.password);
  const changedAt = isoOf(clock.now());
  const notice = passwordResetNoticeMail(mailLanguageOf(member.language), member.nombre, hasFeed(member));
  await withWriteTransaction(db, async (trx) => {
    if (!(await claimPasswordReset(trx, reset.id, changedAt))) {
      throw new ApiError('INVALID_TOKEN', 'The reset link is unknown, used or expired.');
    }
    await replacePassword(trx, member.id, passwordHash, changedAt);
    // The link reached the member's mailbox, which proves the address is theirs.
    await markEmailVerified(trx, member.id);
    // The notice asks the member to reply if it was not them: the reply must reach the club.
    await enqueueMail(trx, clock.now(), { to: member.email, replyTo: clubAddress(config), ...notice });
  });
  ctx.jobs.kick();
  // A member locked out by failed tries gets in with the new password at once, from any client
  // and by login or address alike.
  await clearRateLimitsUnder(db.kysely, loginLimitKey(member.login));
  await clearRateLimitsUnder(db.kysely, loginLimitKey(member.email));
}

/** Changes the signed-in member's password after checking the old one; every session ends. */
export async function changePassword(ctx: AppContext, member: MemberRow, body: ChangePasswordBody): Promise<void> {
  if (body.uuid !== member.id) throw new ApiError('FORBIDDEN');
  await checkCurrentPassword(ctx, member, body.oldPassword, 'The current password is not correct.');
  const passwordHash = await hashPassword(body.newPassword);
  const now = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    await replacePassword(trx, member.id, passwordHash, now);
    // The calendar address went with the old password: the member's calendar apps need the new one.
    if (hasFeed(member)) {
      const notice = passwordChangeNoticeMail(mailLanguageOf(member.language), member.nombre, true);
      await enqueueMail(trx, ctx.clock.now(), { to: member.email, replyTo: clubAddress(ctx.config), ...notice });
    }
  });
  ctx.jobs.kick();
}

/** Whether the member has a personal calendar address (which a new password replaces). */
function hasFeed(member: Pick<MemberRow, 'feed_token_hash' | 'feed_legacy_hash'>): boolean {
  return member.feed_token_hash !== null || member.feed_legacy_hash !== null;
}
