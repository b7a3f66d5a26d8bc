import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingLogSchema } from '@club/contract/library';
import type { TrainingLog, TrainingSession } from '@club/contract/library';
import { apiRequest } from '../../../lib/http.ts';

const trainingKey = ['training', 'log'] as const;

/** Sessions per page the training page asks for (the server answers at most 200). */
export const TRAINING_PAGE_SIZE = 50;

/** GET /api/training/?before=&limit=: one page of the member's sessions, newest first, with the figures of the whole log. */
export function fetchTrainingLog(before?: string, limit: number = TRAINING_PAGE_SIZE): Promise<TrainingLog> {
  const query: Record<string, string> = { limit: String(limit) };
  if (before) query.before = before;
  return apiRequest('/api/training/', { schema: trainingLogSchema, query });
}

/** The log page by page: the first page brings the figures, "older sessions" asks for the next. */
export function useTrainingLog() {
  return useInfiniteQuery({
    queryKey: trainingKey,
    queryFn: ({ pageParam }) => fetchTrainingLog(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every session of the log, page after page (for the CSV file): at most the log's cap. */
export async function fetchWholeLog(): Promise<TrainingSession[]> {
  const sessions: TrainingSession[] = [];
  let before: string | undefined;
  do {
    const page = await fetchTrainingLog(before, 200);
    sessions.push(...page.sessions);
    before = page.nextCursor ?? undefined;
  } while (before);
  return sessions;
}

/** DELETE /api/training/{id}/. */
export async function deleteSession(id: string): Promise<void> {
  await apiRequest(`/api/training/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSession, onSuccess: () => client.invalidateQueries({ queryKey: trainingKey }) });
}
