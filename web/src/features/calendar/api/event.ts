import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { EVENTS_QUERY_ROOT } from './month-events.ts';

export function eventKey(uuid: string, viewer: string) {
  return [...EVENTS_QUERY_ROOT, 'event', uuid, viewer] as const;
}

/** GET /api/events/{uuid}/: one event as the caller may see it. */
export function fetchEvent(uuid: string, signal?: AbortSignal): Promise<ClubEvent> {
  return apiRequest(`/api/events/${encodeURIComponent(uuid)}/`, { schema: eventSchema, signal });
}

export function eventQuery(uuid: string, viewer: string) {
  return queryOptions({
    queryKey: eventKey(uuid, viewer),
    queryFn: ({ signal }) => fetchEvent(uuid, signal),
    // The attendee list is read to act on it: always fresh when the dialog opens.
    staleTime: 0,
  });
}

/** One event, fetched fresh (the staff attendee list). */
export function useEvent(uuid: string, viewer: string, enabled = true) {
  return useQuery({ ...eventQuery(uuid, viewer), enabled });
}
