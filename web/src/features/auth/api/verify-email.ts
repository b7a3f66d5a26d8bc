import { useMutation } from '@tanstack/react-query';
import { emptyAnswerSchema, userSchema, verifyAnswerSchema } from '@club/contract/schemas';
import type { User, VerifyAnswer } from '@club/contract/schemas';
import type { VerifyEmailQuery } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/registro/verify/?id=&token=: follows the mailed link (single use, 48 hours). */
export function followVerificationLink(query: VerifyEmailQuery): Promise<VerifyAnswer> {
  return apiRequest('/api/registro/verify/', { query: { id: query.id, token: query.token }, schema: verifyAnswerSchema });
}

/** POST /api/registro/verify/: mails the signed-in member's link again (throttled). */
export async function requestVerificationLink(): Promise<void> {
  await apiRequest('/api/registro/verify/', { method: 'POST', body: {}, schema: emptyAnswerSchema });
}

export function useFollowVerificationLink() {
  return useMutation({ mutationFn: followVerificationLink });
}

export function useRequestVerificationLink() {
  return useMutation({ mutationFn: requestVerificationLink });
}

/** The signed-in member as the server holds them now (after following a link). */
export function fetchCurrentUser(): Promise<User> {
  return apiRequest('/api/registry/actvie-user/', { schema: userSchema });
}
