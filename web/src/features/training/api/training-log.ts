import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trainingLogSchema } from '@club/contract/library';
import type { TrainingLog } from '@club/contract/library';
import { apiRequest } from '../../../lib/http.ts';

const trainingKey = ['training', 'log'] as const;

/** GET /api/training/: the member's kept sessions, streak, shots and bests. */
export function fetchTrainingLog(): Promise<TrainingLog> {
  return apiRequest('/api/training/', { schema: trainingLogSchema });
}

export function useTrainingLog() {
  return useQuery({ queryKey: trainingKey, queryFn: fetchTrainingLog });
}

/** DELETE /api/training/{id}/. */
export async function deleteSession(id: string): Promise<void> {
  await apiRequest(`/api/training/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSession, onSuccess: () => client.invalidateQueries({ queryKey: trainingKey }) });
}
