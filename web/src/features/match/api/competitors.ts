import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { competitorListSchema, competitorSchema } from '@club/contract/match';
import type { Competitor, CompetitorUpdateBodyInput, GuestBodyInput, SelfSquadBody } from '@club/contract/match';
import { apiRequest } from '../../../lib/http.ts';
import { matchKeys } from './match.ts';

const base = (eventUuid: string) => `/api/events/${encodeURIComponent(eventUuid)}/match`;
const adminBase = (eventUuid: string) => `/api/admin/events/${encodeURIComponent(eventUuid)}/match`;

/** GET /api/events/{uuid}/match/competitors/. */
export function fetchCompetitors(eventUuid: string): Promise<Competitor[]> {
  return apiRequest(`${base(eventUuid)}/competitors/`, { schema: competitorListSchema });
}

export function useCompetitors(eventUuid: string, enabled = true) {
  return useQuery({ queryKey: matchKeys.competitors(eventUuid), queryFn: () => fetchCompetitors(eventUuid), enabled });
}

/** Puts one changed competitor into the cached list. */
function useReplaceCompetitor(eventUuid: string) {
  const client = useQueryClient();
  return (competitor: Competitor) =>
    client.setQueryData<Competitor[]>(matchKeys.competitors(eventUuid), (list) => {
      if (!list) return [competitor];
      return list.some((c) => c.id === competitor.id)
        ? list.map((c) => (c.id === competitor.id ? competitor : c))
        : [...list, competitor];
    });
}

/** POST /api/admin/events/{uuid}/match/competitors/ (staff): a guest. */
export function useAddGuest(eventUuid: string) {
  const replace = useReplaceCompetitor(eventUuid);
  return useMutation({
    mutationFn: (body: GuestBodyInput) =>
      apiRequest(`${adminBase(eventUuid)}/competitors/`, { method: 'POST', body, schema: competitorSchema }),
    onSuccess: replace,
  });
}

/** PUT /api/admin/events/{uuid}/match/competitors/{id}/ (staff): division, factor, squad, DQ. */
export function useUpdateCompetitor(eventUuid: string) {
  const replace = useReplaceCompetitor(eventUuid);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompetitorUpdateBodyInput }) =>
      apiRequest(`${adminBase(eventUuid)}/competitors/${encodeURIComponent(id)}/`, {
        method: 'PUT',
        body,
        schema: competitorSchema,
      }),
    onSuccess: replace,
  });
}

/** PUT /api/events/{uuid}/match/squad/ (the competitor): their own squad while it has room. */
export function useSelfSquad(eventUuid: string) {
  const replace = useReplaceCompetitor(eventUuid);
  return useMutation({
    mutationFn: (body: SelfSquadBody) =>
      apiRequest(`${base(eventUuid)}/squad/`, { method: 'PUT', body, schema: competitorSchema }),
    onSuccess: replace,
  });
}
