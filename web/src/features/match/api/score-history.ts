import { useQuery } from '@tanstack/react-query';
import { scoreHistorySchema } from '@club/contract/match';
import type { ScoreRevision } from '@club/contract/match';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/admin/events/{uuid}/match/scores/history/?stage= (staff): every revision of every score. */
export function useScoreHistory(eventUuid: string, stage: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['match', eventUuid, 'history', stage ?? 0],
    queryFn: (): Promise<ScoreRevision[]> =>
      apiRequest(`/api/admin/events/${encodeURIComponent(eventUuid)}/match/scores/history/`, { query: { stage }, schema: scoreHistorySchema }),
    enabled,
  });
}
