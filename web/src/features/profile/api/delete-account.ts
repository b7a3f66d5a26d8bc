import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** DELETE /api/registro/{uuid}/ with the password: 204, the member's tokens are revoked. */
export async function deleteAccount(uuid: string, body: DeleteAccountBody): Promise<void> {
  await apiRequest(`/api/registro/${encodeURIComponent(uuid)}/`, { method: 'DELETE', body });
}

/** The account deletion as a mutation. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: ({ uuid, password }: { uuid: string; password: string }) => deleteAccount(uuid, { password }),
  });
}
