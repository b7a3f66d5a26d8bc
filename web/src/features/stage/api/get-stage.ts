import { queryOptions, useQuery } from '@tanstack/react-query';
import { stageWireSchema } from '@club/contract/stage';
import { stageFromWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { apiRequest } from '../../../lib/http.ts';
import { stageKeys } from './stage-queries.ts';

/** GET /api/stages/{id}/: a stage of the member, or anyone's public one. */
export async function fetchStage(id: string): Promise<Stage> {
  return stageFromWire(await apiRequest(`/api/stages/${encodeURIComponent(id)}/`, { schema: stageWireSchema }));
}

export const stageQuery = (id: string) =>
  queryOptions({ queryKey: stageKeys.one(id), queryFn: () => fetchStage(id), retry: false, staleTime: Infinity });

/** The stage of a route id (no call without one). */
export function useStage(id: string | undefined) {
  return useQuery({ ...stageQuery(id ?? ''), enabled: id !== undefined });
}
