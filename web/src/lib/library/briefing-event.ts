import { useQuery } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import { formatWall } from '@club/contract/wall-format';
import type { ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../http.ts';

/** GET /api/events/{uuid}/ for the screens that show a stage as an event's briefing or homework. */
export function fetchBriefingEvent(uuid: string): Promise<ClubEvent> {
  return apiRequest(`/api/events/${encodeURIComponent(uuid)}/`, { schema: eventSchema });
}

/** The event a briefing or homework belongs to (`?event=`), or nothing without one. */
export function useBriefingEvent(uuid: string | null) {
  return useQuery({
    queryKey: ['library', 'event', uuid ?? ''],
    queryFn: () => fetchBriefingEvent(uuid ?? ''),
    enabled: uuid !== null && uuid !== '',
    retry: false,
    staleTime: 60_000,
  });
}

/** The day of an event's start ('YYYY-MM-DD HH:MM:SS' club time) as a long weekday and date. */
export function eventDayLabel(start: string, language: string): string {
  return formatWall(start, language, { weekday: 'long', day: 'numeric', month: 'long' });
}
