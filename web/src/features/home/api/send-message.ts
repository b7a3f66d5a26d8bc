import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@club/contract/forms';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/send-message/ (SPEC §7): the answer is an empty object and is not read. */
export async function sendMessage(body: ContactBody): Promise<void> {
  await apiRequest('/api/send-message/', { method: 'POST', body });
}

/** The contact form's mutation. */
export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
