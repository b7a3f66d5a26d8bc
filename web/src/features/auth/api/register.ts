import { useMutation } from '@tanstack/react-query';
import { userSchema } from '@club/contract/schemas';
import type { User } from '@club/contract/schemas';
import type { RegisterBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/registro/: creates the member (201 User; SPEC does not use the answer). */
export function postRegister(body: RegisterBody): Promise<User> {
  return apiRequest('/api/registro/', { method: 'POST', body, schema: userSchema });
}

/** The registration call as a mutation. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: postRegister });
}
