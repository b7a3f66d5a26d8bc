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

/**
 * "Is this you?": 403 unless every member uuid the call names is the caller's own (ids are
 * compared without case). The server's one check of it.
 */
export function requireSelf(member: Pick<MemberRow, 'id'>, ...uuids: string[]): void {
  const own = member.id.toLowerCase();
  if (uuids.some((uuid) => uuid.toLowerCase() !== own)) {
    throw new ApiError('FORBIDDEN', "Another member's data cannot be changed or read.");
  }
}
