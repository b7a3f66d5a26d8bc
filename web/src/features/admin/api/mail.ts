import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emptyAnswerSchema, queuedMailListSchema } from '@club/contract/schemas';
import type { QueuedMail } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/mail/?status=failed: mails that could not be delivered. */
export function fetchFailedMail(signal?: AbortSignal): Promise<QueuedMail[]> {
  return apiRequest('/api/admin/mail/', {
    query: { status: 'failed' },
    schema: queuedMailListSchema,
    signal,
  });
}

export function failedMailQuery() {
  return queryOptions({
    queryKey: adminKeys.failedMail(),
    staleTime: 0,
    queryFn: ({ signal }) => fetchFailedMail(signal),
  });
}

export function useFailedMail() {
  return useQuery(failedMailQuery());
}

/** POST /api/admin/mail/{id}/retry/: the mail goes back to the queue for another round. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      withSpinner(
        apiRequest(`/api/admin/mail/${encodeURIComponent(id)}/retry/`, {
          method: 'POST',
          body: {},
          schema: emptyAnswerSchema,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedMail() }),
  });
}
