import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** DELETE /api/admin/events/{uuid}/: the server mails the members who were registered. */
export async function deleteEvent(uuid: string): Promise<void> {
  await apiRequest(`/api/admin/events/${encodeURIComponent(uuid)}/`, { method: 'DELETE' });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
