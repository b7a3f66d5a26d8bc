import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TARGET_DIMENSIONS, targetDimensionsAnswerSchema } from '@club/contract/targets';
import type { TargetDimensions, TargetDimensionsAnswer } from '@club/contract/targets';
import { targetShapes } from '@club/stage-engine/shapes';
import type { TargetShapes } from '@club/stage-engine/shapes';
import { apiRequest } from './http.ts';

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

/** The club's target sizes and the shapes drawn and scored at them; the approximate defaults until they load. */
export function useTargetShapes(): {
  dimensions: TargetDimensions;
  shapes: TargetShapes;
  /** True once staff have measured and saved the club's own sizes. */
  measured: boolean;
  loaded: boolean;
} {
  const answer = useTargetDimensions().data;
  return useMemo(() => {
    const dimensions = answer?.dimensions ?? DEFAULT_TARGET_DIMENSIONS;
    return {
      dimensions,
      shapes: targetShapes(dimensions),
      measured: answer?.measured ?? false,
      loaded: answer !== undefined,
    };
  }, [answer]);
}
