import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@club/contract/schemas';
import type { User } from '@club/contract/schemas';
import type { UpdateUserBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';
import { activeUserProfileQuery } from './active-user-profile.ts';

/** PUT /api/registro/{uuid}/: the member's own data; the answer replaces the session user. */
export function putProfile(body: UpdateUserBody): Promise<User> {
  return apiRequest(`/api/registro/${encodeURIComponent(body.uuid)}/`, { method: 'PUT', body, schema: userSchema });
}

/** The profile update as a mutation; keeps the profile query in step with the answer. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putProfile,
    onSuccess: (user) => queryClient.setQueryData(activeUserProfileQuery(user.uuid).queryKey, user),
  });
}
