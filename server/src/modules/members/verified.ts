import { ApiError } from '../../lib/api-error.ts';
import type { MemberRow } from '../../db/schema.ts';

/**
 * 403 EMAIL_NOT_VERIFIED unless the member followed the link mailed to their address: booking,
 * waiting lists and stages kept on the server need an address that is known to be theirs.
 */
export function requireVerifiedEmail(member: Pick<MemberRow, 'email_verified'>): void {
  if (!member.email_verified) {
    throw new ApiError('EMAIL_NOT_VERIFIED', 'Confirm your e-mail address with the link we sent you first.');
  }
}
