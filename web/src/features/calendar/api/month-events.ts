import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventListSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';

/** Root of every events query key: a subscribe invalidates all of them. */
export const EVENTS_QUERY_ROOT = ['events'] as const;

/**
 * The key of one month. The answer depends on who asks (private events, own registration,
 * attendee list for staff), so the viewer is part of the key.
 */
export function monthEventsKey(year: number, month: number, viewer: string) {
  return [...EVENTS_QUERY_ROOT, 'month', year, month, viewer] as const;
}

/** GET /api/{year}/{month}/: the events starting in that month, by start. */
export function fetchMonthEvents(year: number, month: number, signal?: AbortSignal): Promise<ClubEvent[]> {
  return apiRequest(`/api/${year}/${month}/`, { schema: eventListSchema, signal });
}

export function monthEventsQuery(year: number, month: number, viewer: string) {
  return queryOptions({
    queryKey: monthEventsKey(year, month, viewer),
    queryFn: ({ signal }) => fetchMonthEvents(year, month, signal),
  });
}

/** The events of a month; `enabled` waits for the session to be known. */
export function useMonthEvents(year: number, month: number, viewer: string, enabled: boolean) {
  return useQuery({ ...monthEventsQuery(year, month, viewer), enabled });
}
