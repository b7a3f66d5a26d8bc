import { useMutation, useQueryClient } from '@tanstack/react-query';
import { libraryStageSchema } from '@club/contract/library';
import type { LibraryStage, LibraryStageBodyInput } from '@club/contract/library';
import { apiRequest } from '../../../lib/http.ts';
import { libraryKeys } from '../../../lib/library/library-stage.ts';

/** POST /api/library/stages/ (staff): publishes a stage to the club library. */
export function publishLibraryStage(body: LibraryStageBodyInput): Promise<LibraryStage> {
  return apiRequest('/api/library/stages/', { method: 'POST', body, schema: libraryStageSchema });
}

export function usePublishLibraryStage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: publishLibraryStage, onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }) });
}
