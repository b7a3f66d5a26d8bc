import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { AdminEventUpdateBody, ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** PUT /api/admin/events/{uuid}/: every field of the event (also the lock). */
export function updateEvent({
  uuid,
  body,
}: {
  uuid: string;
  body: AdminEventUpdateBody;
}): Promise<ClubEvent> {
  return apiRequest(`/api/admin/events/${encodeURIComponent(uuid)}/`, {
    method: 'PUT',
    body,
    schema: eventSchema,
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.events() }),
  });
}
