import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventListSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { eventDate } from '@club/contract/event-time';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';
import { monthBounds } from '@club/contract/club-time';

/** GET /api/admin/events/?from=&to=: the staff view of the events starting in one month. */
export async function fetchAdminEvents(
  year: number,
  month: number,
  signal?: AbortSignal,
): Promise<ClubEvent[]> {
  const { first, last } = monthBounds({ year, month });
  const events = await apiRequest('/api/admin/events/', {
    query: { from: first, to: last },
    schema: eventListSchema,
    signal,
  });
  // `to` is inclusive of its day; the month is cut here again so an older server cannot spill over.
  const prefix = first.slice(0, 7);
  return events
    .filter((event) => eventDate(event.start).startsWith(prefix))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

export function adminEventsQuery(year: number, month: number) {
  return queryOptions({
    queryKey: adminKeys.eventsOfMonth(year, month),
    // Members register and write while staff look: staff screens always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) => fetchAdminEvents(year, month, signal),
  });
}

/** The events of one month, for the staff screen. */
export function useAdminEvents(year: number, month: number) {
  return useQuery(adminEventsQuery(year, month));
}
