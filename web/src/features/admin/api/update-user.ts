import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@club/contract/schemas';
import type { AdminUserUpdateBody, User } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** PUT /api/admin/users/{uuid}/: member number, licence and the flags the club vouches for. */
export function updateUser({ uuid, body }: { uuid: string; body: AdminUserUpdateBody }): Promise<User> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(uuid)}/`, {
    method: 'PUT',
    body,
    schema: userSchema,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
