import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventListSchema } from '@club/contract/schemas';
import type { AdminEventBody, ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** POST /api/admin/events/: one event, or one per week with repeatWeeks. */
export function createEvent(body: AdminEventBody): Promise<ClubEvent[]> {
  return apiRequest('/api/admin/events/', { method: 'POST', body, schema: eventListSchema });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.events() }),
  });
}
