import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** PUT /api/change-password/: the signed-in member's new password (revokes every token). */
export async function putChangePassword(body: ChangePasswordBody): Promise<void> {
  // The answer carries nothing the screen reads (API.md: 200).
  await apiRequest('/api/change-password/', { method: 'PUT', body });
}

/** The change-password call as a mutation. */
export function useChangePasswordMutation() {
  return useMutation({ mutationFn: putChangePassword });
}
