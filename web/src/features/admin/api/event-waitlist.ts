import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminWaitlistSchema } from '@club/contract/schemas';
import type { Participant } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/events/{uuid}/waitlist/: who waits for a seat, in order (1 = next). */
export async function fetchEventWaitlist(eventUuid: string, signal?: AbortSignal): Promise<Participant[]> {
  const answer = await apiRequest(`/api/admin/events/${encodeURIComponent(eventUuid)}/waitlist/`, {
    schema: adminWaitlistSchema,
    signal,
  });
  return answer.waiting;
}

export function eventWaitlistQuery(eventUuid: string) {
  return queryOptions({
    queryKey: adminKeys.eventWaitlist(eventUuid),
    // Read to act on it: always fresh when the dialog opens.
    staleTime: 0,
    queryFn: ({ signal }) => fetchEventWaitlist(eventUuid, signal),
  });
}

/** The event's waiting list in order, for the attendee dialog. */
export function useEventWaitlist(eventUuid: string) {
  return useQuery(eventWaitlistQuery(eventUuid));
}
