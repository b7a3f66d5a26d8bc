import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import { sameSecret } from '../../lib/ids.ts';
import { purposeKeyOf } from '../../lib/server-key.ts';

// Known devices (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser a
// member signed in from gets a signed cookie naming them. Tries against a login from a known
// device of its member count apart and are slowed, never refused, so nobody can lock a member out
// of their own phone by guessing at their login from elsewhere.

export const DEVICE_COOKIE = 'ipsc-club-device';
export const DEVICE_LIFETIME_MS = 180 * 24 * 3_600_000;

function signature(config: Pick<Config, 'feedKey' | 'feedKeyFile'>, memberId: string, issued: number): string {
  return createHmac('sha256', purposeKeyOf(config, 'known-device'))
    .update(`${memberId}.${issued}`)
    .digest('base64url');
}

/** A new cookie value naming the member and when it was issued, signed. */
export function deviceCookieFor(config: Pick<Config, 'feedKey' | 'feedKeyFile'>, memberId: string, now: Date): string {
  const issued = now.getTime();
  return `${memberId}.${issued}.${signature(config, memberId, issued)}`;
}

/**
 * The id of the device when the cookie is genuine, names `memberId` and has not expired (its
 * issue time, which tries from it are counted under); otherwise undefined.
 */
export function knownDeviceOf(
  config: Pick<Config, 'feedKey' | 'feedKeyFile'>,
  cookie: string | undefined,
  memberId: string,
  now: Date,
): string | undefined {
  if (!cookie || cookie.length > 200) return undefined;
  const [id, issuedText, sig, ...rest] = cookie.split('.');
  if (rest.length > 0 || id !== memberId || !/^\d{1,15}$/.test(issuedText ?? '') || !sig) return undefined;
  const issued = Number(issuedText);
  if (issued > now.getTime() + 60_000 || now.getTime() - issued > DEVICE_LIFETIME_MS) return undefined;
  return sameSecret(sig, signature(config, memberId, issued)) ? issuedText : undefined;
}

/** How long a try from a known device waits once its own budget is spent: doubling, at most 8 s. */
export function slowdownMs(excess: number): number {
  return excess <= 0 ? 0 : Math.min(8000, 250 * 2 ** (excess - 1));
}
