import { useMutation } from '@tanstack/react-query';
import { emptyAnswerSchema } from '@club/contract/schemas';
import type { ForgottenQuery } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/forgoten-password/?email=: the same empty answer whether or not the address is known. */
export async function requestPasswordReset(query: ForgottenQuery): Promise<void> {
  await apiRequest('/api/forgoten-password/', { query: { email: query.email }, schema: emptyAnswerSchema });
}

/** The forgotten-password call as a mutation (it changes state on the server: a mail goes out). */
export function useForgottenPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
