import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventScope } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/**
 * DELETE /api/admin/events/{uuid}/ (scope `following`: and the later events of its series); the
 * server mails the members who were registered or waiting.
 */
export async function deleteEvent({ uuid, scope = 'this' }: { uuid: string; scope?: EventScope }): Promise<void> {
  await apiRequest(`/api/admin/events/${encodeURIComponent(uuid)}/`, {
    method: 'DELETE',
    query: scope === 'this' ? undefined : { scope },
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
