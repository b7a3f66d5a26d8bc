import { useMutation } from '@tanstack/react-query';
import { emptyAnswerSchema } from '@club/contract/schemas';
import type { ChangeEmailBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** PUT /api/registro/{uuid}/email/: a link goes to the new address; the address changes when it is followed. */
export async function requestEmailChange({ uuid, body }: { uuid: string; body: ChangeEmailBody }): Promise<void> {
  await apiRequest(`/api/registro/${encodeURIComponent(uuid)}/email/`, { method: 'PUT', body, schema: emptyAnswerSchema });
}

export function useChangeEmailMutation() {
  return useMutation({ mutationFn: requestEmailChange });
}
