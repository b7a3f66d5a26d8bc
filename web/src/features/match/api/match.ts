import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchSchema } from '@club/contract/match';
import type { Match, MatchBodyInput } from '@club/contract/match';
import { apiRequest } from '../../../lib/http.ts';

export const matchKeys = {
  match: (eventUuid: string) => ['match', eventUuid] as const,
  competitors: (eventUuid: string) => ['match', eventUuid, 'competitors'] as const,
  scores: (eventUuid: string) => ['match', eventUuid, 'scores'] as const,
};

/** GET /api/events/{uuid}/match/ (404 NOT_A_MATCH while the event is not a match). */
export function fetchMatch(eventUuid: string): Promise<Match> {
  return apiRequest(`/api/events/${encodeURIComponent(eventUuid)}/match/`, { schema: matchSchema });
}

export function useMatch(eventUuid: string) {
  return useQuery({ queryKey: matchKeys.match(eventUuid), queryFn: () => fetchMatch(eventUuid), retry: false });
}

/** PUT /api/admin/events/{uuid}/match/ (staff): creates or replaces the match. */
export function saveMatch(eventUuid: string, body: MatchBodyInput): Promise<Match> {
  return apiRequest(`/api/admin/events/${encodeURIComponent(eventUuid)}/match/`, { method: 'PUT', body, schema: matchSchema });
}

export function useSaveMatch(eventUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchBodyInput) => saveMatch(eventUuid, body),
    onSuccess: (match) => client.setQueryData(matchKeys.match(eventUuid), match),
  });
}
