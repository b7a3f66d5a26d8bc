import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stageWireSchema } from '@club/contract/stage';
import type { StageSaveBodyInput } from '@club/contract/stage';
import { stageFromWire, stageToWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { apiRequest } from '../../../lib/http.ts';
import { stageKeys } from './stage-queries.ts';

/** What the save dialog asks for besides the stage. */
export interface SaveStageInput {
  readonly stage: Stage;
  readonly name: string;
  readonly isPublic: boolean;
  /** The server id to replace, or null for a new stage. */
  readonly id: string | null;
}

function bodyOf({ stage, name, isPublic }: SaveStageInput): StageSaveBodyInput {
  const { designWidth, designHeigth, randomElements, maxRandomElements, elements } = stageToWire(stage);
  return { name, public: isPublic, designWidth, designHeigth, randomElements, maxRandomElements, elements };
}

/** POST /api/stages/ (new) or PUT /api/stages/{id}/ (replace): the stage as the server keeps it. */
export async function saveStage(input: SaveStageInput): Promise<Stage> {
  const wire = await apiRequest(input.id === null ? '/api/stages/' : `/api/stages/${encodeURIComponent(input.id)}/`, {
    method: input.id === null ? 'POST' : 'PUT',
    body: bodyOf(input),
    schema: stageWireSchema,
  });
  return stageFromWire(wire);
}

export function useSaveStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveStage,
    onSuccess: (stage) => {
      client.setQueryData(stageKeys.one(stage.id), stage);
      return client.invalidateQueries({ queryKey: stageKeys.list() });
    },
  });
}
