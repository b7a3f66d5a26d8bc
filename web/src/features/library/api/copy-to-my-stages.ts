import { useMutation } from '@tanstack/react-query';
import { stageWireSchema } from '@club/contract/stage';
import { stageToWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/stages/: a private copy of a library stage among the member's own stages; answers its id. */
export async function copyToMyStages(stage: Stage): Promise<string> {
  const { name, designWidth, designHeigth, randomElements, maxRandomElements, elements } = stageToWire(stage);
  const saved = await apiRequest('/api/stages/', {
    method: 'POST',
    body: { name, public: false, designWidth, designHeigth, randomElements, maxRandomElements, elements },
    schema: stageWireSchema,
  });
  return saved.id;
}

export function useCopyToMyStages() {
  return useMutation({ mutationFn: copyToMyStages });
}
