import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { stageKeys } from './stage-queries.ts';

/** DELETE /api/stages/{id}/. */
export function deleteStage(id: string): Promise<unknown> {
  return apiRequest(`/api/stages/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStage,
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: stageKeys.one(id) });
      return client.invalidateQueries({ queryKey: stageKeys.list() });
    },
  });
}
