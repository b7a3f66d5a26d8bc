import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedAnswerSchema, myRegistrationListSchema } from '@club/contract/schemas';
import type { FeedAnswer, MyRegistration } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { EVENTS_QUERY_ROOT } from './month-events.ts';

/** GET /api/registro/{uuid}/registrations/: the member's registrations and waiting places. */
export function fetchMyRegistrations(uuid: string, signal?: AbortSignal): Promise<MyRegistration[]> {
  return apiRequest(`/api/registro/${encodeURIComponent(uuid)}/registrations/`, {
    schema: myRegistrationListSchema,
    signal,
  });
}

// Under the events root, so a registration, cancellation or waiting-list change refreshes it.
export function myRegistrationsQuery(uuid: string) {
  return queryOptions({
    queryKey: [...EVENTS_QUERY_ROOT, 'mine', uuid] as const,
    queryFn: ({ signal }) => fetchMyRegistrations(uuid, signal),
  });
}

export function useMyRegistrations(uuid: string) {
  return useQuery(myRegistrationsQuery(uuid));
}

const feedKey = (uuid: string) => ['personal-feed', uuid] as const;

/** GET /api/registro/{uuid}/feed/: the member's secret calendar address (none asked without a member). */
export function usePersonalFeed(uuid: string | undefined) {
  return useQuery({
    queryKey: feedKey(uuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/registro/${encodeURIComponent(uuid ?? '')}/feed/`, { schema: feedAnswerSchema, signal }),
    enabled: uuid !== undefined,
  });
}

/** POST /api/registro/{uuid}/feed/: a new secret address; the old one stops working. */
export function useRenewPersonalFeed(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withSpinner(
        apiRequest<FeedAnswer>(`/api/registro/${encodeURIComponent(uuid)}/feed/`, {
          method: 'POST',
          body: {},
          schema: feedAnswerSchema,
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(feedKey(uuid), answer),
  });
}
