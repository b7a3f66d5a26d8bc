import { useMutation } from '@tanstack/react-query';
import { trainingSessionSchema } from '@club/contract/library';
import type { TrainingBodyInput, TrainingSession } from '@club/contract/library';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/training/: keeps a drill in the member's training log. */
export function keepSession(body: TrainingBodyInput): Promise<TrainingSession> {
  return apiRequest('/api/training/', { method: 'POST', body, schema: trainingSessionSchema });
}

export function useKeepSessionMutation() {
  return useMutation({ mutationFn: keepSession });
}
