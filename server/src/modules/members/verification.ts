import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEmailBody, VerifyEmailQuery } from '@club/contract/forms';
import type { AppContext } from '../../context.ts';
import { clubAddress } from '../../config.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashSecret, isoOf, newId, newSecret, sameSecret } from '../../lib/ids.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MemberRow } from '../../db/schema.ts';
import { mailLanguageOf } from '../../lib/language.ts';
import { enqueueMail } from '../../jobs/queue.ts';
import { MEMBER_ADDRESS_CHANGED } from './hooks.ts';
import { checkCurrentPassword } from './credentials.ts';
import { addressChangeNoticeMail, confirmNewAddressMail, verifyAddressMail } from './mails.ts';
import {
  claimEmailVerification,
  findEmailVerification,
  findMemberByEmail,
  findMemberById,
  insertEmailVerification,
  setVerifiedEmail,
  uniqueKey,
  voidEmailVerifications,
} from './repository.ts';

/** How long a mailed address link works. */
export const VERIFICATION_LIFETIME_MS = 48 * 3_600_000;

// As many address mails per hour as forgotten-password allows per address.
const ADDRESS_MAIL_WINDOW_MS = 3_600_000;
/** The window of the mails one address receives, whoever asks. */
const RECIPIENT_WINDOW_MS = 24 * ADDRESS_MAIL_WINDOW_MS;

const INVALID_LINK = 'The confirmation link is unknown, used or expired.';

/**
 * Stores a new link for `email` (the member's own, or the new one they asked for) and builds its
 * mail; the caller sends it once the transaction has committed.
 */
export async function issueAddressLink(
  ctx: AppContext,
  db: Executor,
  member: Pick<MemberRow, 'id' | 'nombre' | 'language'>,
  email: string,
  kind: 'verify' | 'change',
): Promise<MailMessage> {
  const id = newId();
  const token = newSecret();
  const now = ctx.clock.now();
  await insertEmailVerification(db, {
    id,
    member_id: member.id,
    email,
    token_hash: hashSecret(token),
    created_at: isoOf(now),
    expires_at: isoOf(new Date(now.getTime() + VERIFICATION_LIFETIME_MS)),
    used_at: null,
  });
  // PUBLIC_URL, never the request's Host: a forged Host must not redirect the link.
  const link = `${ctx.config.publicUrl}/verify-email?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
  const language = mailLanguageOf(member.language);
  const content =
    kind === 'verify' ? verifyAddressMail(language, member.nombre, link) : confirmNewAddressMail(language, member.nombre, link);
  return { to: email, ...content };
}

/**
 * Counts one more address mail for the member (as many per hour as forgotten-password allows)
 * and for the address it goes to (as many per day): new accounts, each within its own limit,
 * cannot flood one mailbox with links it never asked for.
 */
async function throttleAddressMails(ctx: AppContext, member: MemberRow, recipient: string): Promise<void> {
  await throttleMemberAddressMails(ctx, member);
  await throttleRecipient(ctx, recipient);
}

async function throttleMemberAddressMails(ctx: AppContext, member: MemberRow): Promise<void> {
  const { db, clock, config } = ctx;
  await consumeRateLimit(db.kysely, clock, config.rateLimits.enabled, {
    key: `address-link:member:${member.id}`,
    limit: config.rateLimits.forgotten,
    windowMs: ADDRESS_MAIL_WINDOW_MS,
  });
}

async function throttleRecipient(ctx: AppContext, recipient: string): Promise<void> {
  const { db, clock, config } = ctx;
  await consumeRateLimit(db.kysely, clock, config.rateLimits.enabled, {
    key: `address-link:to:${uniqueKey(recipient)}`,
    limit: config.rateLimits.forgotten,
    windowMs: RECIPIENT_WINDOW_MS,
  });
}

/** POST /api/registro/verify/: mails the link again (throttled); nothing to do once verified. */
export async function sendVerificationAgain(ctx: AppContext, log: FastifyBaseLogger, member: MemberRow): Promise<void> {
  if (member.email_verified) return;
  await throttleAddressMails(ctx, member, member.email);
  await queueAddressLink(ctx, member, member.email, 'verify');
}

/**
 * Stores a new address link and queues its mail (and any notice with it) in one transaction,
 * so the link and its mail stand or fall together; the job worker delivers them.
 */
export async function queueAddressLink(
  ctx: AppContext,
  member: Pick<MemberRow, 'id' | 'nombre' | 'language'>,
  email: string,
  kind: 'verify' | 'change',
  notices: MailMessage[] = [],
): Promise<void> {
  const now = ctx.clock.now();
  await withWriteTransaction(ctx.db, async (trx) => {
    const mail = await issueAddressLink(ctx, trx, member, email, kind);
    for (const message of [mail, ...notices]) await enqueueMail(trx, now, message);
  });
  ctx.jobs.kick();
}

/**
 * GET /api/registro/verify/: follows a mailed link. The member's address becomes the link's
 * address (their own, or the new one they asked for) and counts as verified. Single use, 48 hours.
 */
export async function followAddressLink(
  ctx: AppContext,
  query: VerifyEmailQuery,
): Promise<{ alreadyConfirmed?: true }> {
  const { db, clock } = ctx;
  const link = await findEmailVerification(db.kysely, query.id);
  const nowIso = isoOf(clock.now());
  const genuine = link !== undefined && sameSecret(link.token_hash, hashSecret(query.token));
  if (genuine && link.used_at !== null && (await holdsVerified(ctx, link.member_id, link.email))) {
    // The link opened a second time (a mail app's preview, a second click): the address it
    // confirms is confirmed, and saying "invalid" would send the member looking for a problem.
    return { alreadyConfirmed: true };
  }
  const usable = genuine && link.used_at === null && link.expires_at > nowIso;
  if (!usable) throw new ApiError('INVALID_TOKEN', INVALID_LINK);
  await withWriteTransaction(db, async (trx) => {
    const member = await findMemberById(trx, link.member_id);
    if (!member || !(await claimEmailVerification(trx, link.id, nowIso))) throw new ApiError('INVALID_TOKEN', INVALID_LINK);
    if (uniqueKey(link.email) !== member.email_key) {
      // Someone registered the new address while the link was on its way.
      const holder = await findMemberByEmail(trx, link.email);
      if (holder) throw new ApiError('EMAIL_TAKEN', 'That e-mail address is already registered.');
      // What went to the old address (reset links) stops working with it.
      for (const changed of ctx.hooks.all(MEMBER_ADDRESS_CHANGED)) await changed(trx, member, nowIso);
    }
    await setVerifiedEmail(trx, member.id, link.email, nowIso);
    await voidEmailVerifications(trx, member.id, nowIso);
  });
  return {};
}

/** Whether the member's current address is `email` and verified. */
async function holdsVerified(ctx: AppContext, memberId: string, email: string): Promise<boolean> {
  const member = await findMemberById(ctx.db.kysely, memberId);
  return member !== undefined && Boolean(member.email_verified) && uniqueKey(email) === member.email_key;
}

/**
 * PUT /api/registro/{uuid}/email/: with the current password, mails a link to the new address
 * (the address changes when it is followed) and tells the old address that a change was asked.
 */
export async function requestEmailChange(
  ctx: AppContext,
  log: FastifyBaseLogger,
  member: MemberRow,
  body: ChangeEmailBody,
): Promise<void> {
  await checkCurrentPassword(ctx, member, body.password, 'The password is not correct.');
  if (uniqueKey(body.email) === member.email_key) {
    throw new ApiError('VALIDATION_ERROR', 'That is already your address.', { email: ['unknown'] });
  }
  // Counted before the uniqueness check, so EMAIL_TAKEN cannot be swept; the address's own
  // count only for a mail that goes.
  await throttleMemberAddressMails(ctx, member);
  if (await findMemberByEmail(ctx.db.kysely, body.email)) {
    throw new ApiError('EMAIL_TAKEN', 'That e-mail address is already registered.');
  }
  await throttleRecipient(ctx, body.email);
  const notice = { to: member.email, replyTo: clubAddress(ctx.config), ...addressChangeNoticeMail(mailLanguageOf(member.language), member.nombre) };
  await queueAddressLink(ctx, member, body.email.trim(), 'change', [notice]);
}
