import { useQuery } from '@tanstack/react-query';
import { matchSchema, memberResultsSchema, resultsSchema } from '@club/contract/match';
import type { Match, MemberMatchResult, Results } from '@club/contract/match';
import { RESULTS_HEAD_ELEMENT_ID } from '@club/contract/content-view';
import type { DrawnResultsHead } from '@club/contract/content-view';
import { apiRequest } from '../../../lib/http.ts';
import { readJsonBlock } from '../../../lib/json-block.ts';
import { readStoredSession } from '../../../lib/session-storage.ts';

/** GET /api/events/{uuid}/match/results/: anyone once published; staff and range officers live. */
export function fetchResults(eventUuid: string): Promise<Results> {
  return apiRequest(`/api/events/${encodeURIComponent(eventUuid)}/match/results/`, { schema: resultsSchema });
}

/** Live results are read again every half minute until they are published. */
export function useResults(eventUuid: string, viewer: string) {
  return useQuery({
    queryKey: ['results', eventUuid, viewer],
    queryFn: () => fetchResults(eventUuid),
    retry: false,
    refetchInterval: (query) => (query.state.data && !query.state.data.published ? 30_000 : false),
  });
}

/** GET /api/events/{uuid}/match/: the stages' names when the results do not carry them. */
export function useMatchOfResults(eventUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['results', eventUuid, 'match'],
    queryFn: (): Promise<Match> => apiRequest(`/api/events/${encodeURIComponent(eventUuid)}/match/`, { schema: matchSchema }),
    enabled,
    retry: false,
  });
}

export const resultsCsvPath = (eventUuid: string) => `/api/events/${encodeURIComponent(eventUuid)}/match/results.csv`;

/** Downloads results.csv with the session's token (live results are not public). */
export async function downloadResultsCsv(eventUuid: string, fileName: string): Promise<void> {
  const session = readStoredSession();
  const response = await fetch(resultsCsvPath(eventUuid), {
    headers: session ? { Authorization: `Token ${session.token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`results.csv: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** GET /api/registro/{uuid}/results/: every published match the member shot. */
export function useMyResults(personUuid: string | undefined) {
  return useQuery({
    queryKey: ['results', 'mine', personUuid ?? ''],
    queryFn: (): Promise<MemberMatchResult[]> =>
      apiRequest(`/api/registro/${encodeURIComponent(personUuid ?? '')}/results/`, { schema: memberResultsSchema }),
    enabled: personUuid !== undefined,
  });
}

let drawnHead: DrawnResultsHead | null | undefined;

/**
 * What the server headed this match's results page with (decision 0075), read once from the
 * page; undefined on another match's page or a page drawn at build time. The app heads its first
 * render with it until the match and the event have come, so the header keeps its height.
 */
export function drawnResultsHead(eventUuid: string): DrawnResultsHead | undefined {
  if (typeof document === 'undefined') return undefined;
  if (drawnHead === undefined) drawnHead = readJsonBlock<DrawnResultsHead>(RESULTS_HEAD_ELEMENT_ID) ?? null;
  return drawnHead?.eventUuid === eventUuid ? drawnHead : undefined;
}
