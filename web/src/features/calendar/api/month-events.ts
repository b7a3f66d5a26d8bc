import { queryOptions, useQuery } from '@tanstack/react-query';
import { MONTH_ELEMENT_ID } from '@club/contract/content-view';
import type { DrawnMonth } from '@club/contract/content-view';
import { eventListSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { readJsonBlock } from '../../../lib/json-block.ts';
import { apiRequest } from '../../../lib/http.ts';

/** Root of every events query key: a subscribe invalidates all of them. */
export const EVENTS_QUERY_ROOT = ['events'] as const;

/** The viewer of a visitor's months (a member's are theirs, by id). */
export const ANONYMOUS_VIEWER = 'anonymous';

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

/** How long after the page arrived the month it carries may stand in for an answer. */
const DRAWN_MONTH_FRESH_MS = 5 * 60_000;
let drawnMonth: DrawnMonth | null | undefined;

/**
 * The events of `year`/`month` as the page was drawn with them (a visitor's calendar, decision
 * 0073), read once from the page; undefined for another month, another page, or a page open for
 * long. The server answered them to a visitor at the page's request: public events only.
 */
export function drawnMonthEvents(year: number, month: number): ClubEvent[] | undefined {
  if (typeof document === 'undefined' || performance.now() > DRAWN_MONTH_FRESH_MS) return undefined;
  if (drawnMonth === undefined) drawnMonth = readJsonBlock<DrawnMonth>(MONTH_ELEMENT_ID) ?? null;
  return drawnMonth && drawnMonth.year === year && drawnMonth.month === month ? drawnMonth.events : undefined;
}

/**
 * The events of a month; `enabled` waits for the session to be known. On the page the server drew
 * with this month's events, a visitor starts from them (the app's first render shows what the
 * page shows, then asks again), and a member sees them until their own answer arrives.
 */
export function useMonthEvents(year: number, month: number, viewer: string, enabled: boolean) {
  const drawn = drawnMonthEvents(year, month);
  return useQuery({
    ...monthEventsQuery(year, month, viewer),
    enabled,
    initialData: viewer === ANONYMOUS_VIEWER ? drawn : undefined,
    placeholderData: viewer === ANONYMOUS_VIEWER ? undefined : drawn,
  });
}
