// The link in every reminder that turns reminders off without signing in (RFC 8058 one-click
// and a confirmation page of the web app): `{memberId}.{signature}`, the signature an HMAC of
// the member's id under the key kept in the settings table (migration 0014). The link names
// one member and does one harmless thing, so it needs no expiry; a new key voids every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { readSetting } from '../../db/settings.ts';
import type { Executor } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf } from '../../lib/ids.ts';
import { setReminders } from '../members/index.ts';

const keys = new WeakMap<AppContext, string>();

async function linkKey(ctx: AppContext, db: Executor): Promise<string> {
  let key = keys.get(ctx);
  if (!key) {
    const value = await readSetting(db, 'mail_link_key');
    if (value === undefined) throw new Error('mail_link_key missing from settings (migration 0014)');
    key = value;
    keys.set(ctx, key);
  }
  return key;
}

const signature = (key: string, memberId: string) =>
  createHmac('sha256', key).update(`reminders-off\n${memberId}`).digest('base64url').slice(0, 32);

/** The token of a member's reminders-off link. */
export async function remindersOffToken(ctx: AppContext, db: Executor, memberId: string): Promise<string> {
  return `${memberId}.${signature(await linkKey(ctx, db), memberId)}`;
}

/** The two addresses of the link: the web page a person opens, the API a mail program posts to. */
export function remindersOffLinks(ctx: AppContext, token: string): { page: string; oneClick: string } {
  return {
    page: `${ctx.config.publicUrl}/reminders-off?token=${encodeURIComponent(token)}`,
    oneClick: `${ctx.config.publicUrl}/api/reminders-off/${encodeURIComponent(token)}`,
  };
}

/** The member a token stands for; 400 INVALID_TOKEN for a malformed or forged one. */
async function memberOfToken(ctx: AppContext, token: string): Promise<string> {
  const match = /^([0-9a-fA-F-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) throw new ApiError('INVALID_TOKEN', 'This link is not valid.');
  const expected = Buffer.from(signature(await linkKey(ctx, ctx.db.kysely), match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new ApiError('INVALID_TOKEN', 'This link is not valid.');
  }
  return match[1];
}

/** Turns the token's member's reminders off (again: it is idempotent). */
export async function turnRemindersOff(ctx: AppContext, token: string): Promise<void> {
  const memberId = await memberOfToken(ctx, token);
  // A member who deleted their account has nothing left to turn off: the answer is the same.
  await setReminders(ctx.db.kysely, memberId, false, isoOf(ctx.clock.now()));
}
