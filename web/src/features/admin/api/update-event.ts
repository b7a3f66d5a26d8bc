import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { AdminEventUpdateBody, ClubEvent, EventScope } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/**
 * PUT /api/admin/events/{uuid}/: every field of the event (also the lock); with scope
 * `following`, also the later events of its weekly series.
 */
export function updateEvent({
  uuid,
  body,
  scope = 'this',
}: {
  uuid: string;
  body: AdminEventUpdateBody;
  scope?: EventScope;
}): Promise<ClubEvent> {
  return apiRequest(`/api/admin/events/${encodeURIComponent(uuid)}/`, {
    method: 'PUT',
    body,
    query: scope === 'this' ? undefined : { scope },
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
