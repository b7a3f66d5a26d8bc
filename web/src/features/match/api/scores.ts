import { scoreConflictSchema, scoreListSchema, scoreSchema } from '@club/contract/match';
import type { Score } from '@club/contract/match';
import { ApiCallError, apiRequest } from '../../../lib/http.ts';
import type { OutboxEntry, SendOutcome } from '../scoring/score-outbox.ts';

/** GET /api/events/{uuid}/match/scores/ (staff and range officers): every score of the match. */
export function fetchScores(eventUuid: string, stage?: number): Promise<Score[]> {
  return apiRequest(`/api/events/${encodeURIComponent(eventUuid)}/match/scores/`, {
    query: { stage },
    schema: scoreListSchema,
  });
}

/**
 * PUT /api/events/{uuid}/match/stages/{n}/scores/{competitorId}/ for one saved score, read as
 * what the outbox does next: saved, a conflict with the server's copy, a refusal, or stop.
 */
export async function sendScore(entry: OutboxEntry): Promise<SendOutcome> {
  const path = `/api/events/${encodeURIComponent(entry.eventUuid)}/match/stages/${entry.stage}/scores/${encodeURIComponent(entry.competitorId)}/`;
  try {
    const score = await apiRequest(path, { method: 'PUT', body: entry.body, schema: scoreSchema });
    return { kind: 'saved', score };
  } catch (error) {
    if (!(error instanceof ApiCallError)) return { kind: 'stop', reason: 'offline' };
    if (error.status === 0) return { kind: 'stop', reason: 'offline' };
    if (error.status === 401) return { kind: 'stop', reason: 'unauthorized' };
    if (error.status === 429 || error.status >= 500 || error.errorCode === 'BAD_RESPONSE') return { kind: 'stop', reason: 'busy' };
    if (error.errorCode === 'SCORE_CONFLICT') {
      const body = scoreConflictSchema.safeParse(error.body);
      if (body.success) return { kind: 'conflict', theirs: body.data.theirs };
    }
    return { kind: 'refused', errorCode: error.errorCode };
  }
}
