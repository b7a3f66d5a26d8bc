import { queryOptions, useQuery } from '@tanstack/react-query';
import { targetDimensionsAnswerSchema } from '@club/contract/targets';
import type { TargetDimensionsAnswer } from '@club/contract/targets';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/target-dimensions/: the club's target sizes (measured by staff, or the approximate defaults). */
export function useTargetDimensions() {
  return useQuery(
    queryOptions({
      queryKey: ['target-dimensions'] as const,
      staleTime: 5 * 60_000,
      queryFn: ({ signal }): Promise<TargetDimensionsAnswer> =>
        apiRequest('/api/target-dimensions/', { schema: targetDimensionsAnswerSchema, signal }),
    }),
  );
}
