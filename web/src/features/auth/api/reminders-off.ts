import { useMutation } from '@tanstack/react-query';
import { emptyAnswerSchema } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/reminders-off/{token}: turns the member's event reminders off (the signed link of a reminder). */
export async function turnRemindersOff(token: string): Promise<void> {
  await apiRequest(`/api/reminders-off/${encodeURIComponent(token)}`, { method: 'POST', body: {}, schema: emptyAnswerSchema });
}

export function useTurnRemindersOff() {
  return useMutation({ mutationFn: turnRemindersOff });
}
