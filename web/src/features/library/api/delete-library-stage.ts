import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { libraryKeys } from '../../../lib/library/library-stage.ts';

/** DELETE /api/library/stages/{id}/ (staff). */
export async function deleteLibraryStage(id: string): Promise<void> {
  await apiRequest(`/api/library/stages/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteLibraryStage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteLibraryStage, onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }) });
}
