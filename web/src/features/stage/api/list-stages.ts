import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { stageSummarySchema } from '@club/contract/stage';
import type { StageSummary } from '@club/contract/stage';
import { apiRequest } from '../../../lib/http.ts';
import { stageKeys } from './stage-queries.ts';

/** GET /api/stages/: the signed-in member's own stages. */
export function fetchStages(): Promise<StageSummary[]> {
  return apiRequest('/api/stages/', { schema: z.array(stageSummarySchema) });
}

export const stagesQuery = () => queryOptions({ queryKey: stageKeys.list(), queryFn: fetchStages });

/** The member's stages; only asked for when `enabled` (signed in and the list is open). */
export function useStages(enabled: boolean) {
  return useQuery({ ...stagesQuery(), enabled });
}
