import { useMutation, useQueryClient } from '@tanstack/react-query';
import { matchSchema } from '@club/contract/match';
import type { Match } from '@club/contract/match';
import type { Division } from '@club/contract/enums';
import { apiUpload } from '../../../lib/http.ts';
import { matchKeys } from './match.ts';

export interface ImportRequest {
  /** The export's text, as PractiScore wrote it. */
  text: string;
  /** Divisions of the file the club does not use, each named as the file names it. */
  divisions: { name: string; division: Division }[];
  onSent?: (fraction: number) => void;
}

/** The `divisions` query of the import: `name:number` pairs, comma-separated. */
export const divisionMapQuery = (divisions: ImportRequest['divisions']): string | undefined =>
  divisions.length === 0 ? undefined : divisions.map((d) => `${d.name.trim()}:${d.division}`).join(',');

/**
 * POST /api/admin/events/{uuid}/match/import/ (staff): a PractiScore results export, sent as the
 * text it is. Answers the match with the stages it now has; competitors and scores change too.
 */
export function importResults(eventUuid: string, request: ImportRequest): Promise<Match> {
  return apiUpload(`/api/admin/events/${encodeURIComponent(eventUuid)}/match/import/`, {
    text: request.text,
    contentType: 'text/plain; charset=utf-8',
    query: { divisions: divisionMapQuery(request.divisions) },
    schema: matchSchema,
    onSent: request.onSent,
  });
}

export function useImportResults(eventUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => importResults(eventUuid, request),
    onSuccess: async (match) => {
      client.setQueryData(matchKeys.match(eventUuid), match);
      // Competitors, scores, results and the history all changed with it.
      await client.invalidateQueries({ queryKey: ['match', eventUuid], predicate: (query) => query.queryKey.length > 2 });
      await client.invalidateQueries({ queryKey: ['results', eventUuid] });
    },
  });
}
