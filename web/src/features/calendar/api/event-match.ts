import { useQuery } from '@tanstack/react-query';
import { matchSchema } from '@club/contract/match';
import type { Match } from '@club/contract/match';
import { ApiCallError, apiRequest } from '../../../lib/http.ts';

/** GET /api/events/{uuid}/match/: the event's match, or null while the event is not one. */
export async function fetchEventMatch(uuid: string): Promise<Match | null> {
  try {
    return await apiRequest(`/api/events/${encodeURIComponent(uuid)}/match/`, { schema: matchSchema });
  } catch (error) {
    if (error instanceof ApiCallError && (error.errorCode === 'NOT_A_MATCH' || error.status === 404)) return null;
    throw error;
  }
}

/** The match of a social shoot's card (asked only for those). */
export function useEventMatch(uuid: string, enabled: boolean) {
  return useQuery({ queryKey: ['calendar', 'match', uuid], queryFn: () => fetchEventMatch(uuid), enabled, retry: false, staleTime: 60_000 });
}
