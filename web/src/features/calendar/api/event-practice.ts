import { useQuery } from '@tanstack/react-query';
import { eventPracticeSchema } from '@club/contract/library';
import type { EventPractice } from '@club/contract/library';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/training/events/{uuid}/ (staff): sessions each registered member kept on the event's stage. */
export function fetchEventPractice(uuid: string): Promise<EventPractice> {
  return apiRequest(`/api/training/events/${encodeURIComponent(uuid)}/`, { schema: eventPracticeSchema });
}

/** Practice per member, only for an event that carries a stage and while the list is open. */
export function useEventPractice(uuid: string, enabled: boolean) {
  return useQuery({ queryKey: ['training', 'event', uuid], queryFn: () => fetchEventPractice(uuid), enabled, staleTime: 0 });
}
