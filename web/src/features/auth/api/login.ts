import { useMutation } from '@tanstack/react-query';
import { sessionSchema } from '@club/contract/schemas';
import type { Session } from '@club/contract/schemas';
import type { LoginBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/login/: a new session (token and user). */
export function postLogin(body: LoginBody): Promise<Session> {
  return apiRequest('/api/login/', { method: 'POST', body, schema: sessionSchema });
}

/** The login call as a mutation. */
export function useLoginMutation() {
  return useMutation({ mutationFn: postLogin });
}
