import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** PUT /api/reset-password/: sets a new password with the mailed link's hash and token. */
export async function putResetPassword(body: ResetPasswordBody): Promise<void> {
  // The answer carries nothing the screen reads (API.md: 200).
  await apiRequest('/api/reset-password/', { method: 'PUT', body });
}

/** The reset-password call as a mutation. */
export function useResetPasswordMutation() {
  return useMutation({ mutationFn: putResetPassword });
}
