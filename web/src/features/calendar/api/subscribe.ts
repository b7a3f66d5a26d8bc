import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { ClubEvent, SubscribeBodyInput } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { EVENTS_QUERY_ROOT } from './month-events.ts';

/** PUT /api/events/{uuid}/subscribe/: registers, updates (status reservado) or cancels (anulado). */
export function subscribeToEvent(uuid: string, body: SubscribeBodyInput): Promise<ClubEvent> {
  return apiRequest(`/api/events/${encodeURIComponent(uuid)}/subscribe/`, {
    method: 'PUT',
    body,
    schema: eventSchema,
  });
}

export interface SubscribeVariables {
  uuid: string;
  body: SubscribeBodyInput;
  /** What the member meant (register and update send the same status), for the toasts. */
  action: 'register' | 'update' | 'cancel';
  title: string;
}

export interface SubscribeHandlers {
  onSuccess?(event: ClubEvent, variables: SubscribeVariables): void;
  onError?(error: Error, variables: SubscribeVariables): void;
}

/** Puts an event as the server answered it into every cached month, before the refetch lands. */
export function replaceCachedEvent(queryClient: ReturnType<typeof useQueryClient>, updated: ClubEvent): void {
  queryClient.setQueriesData<ClubEvent[]>({ queryKey: [...EVENTS_QUERY_ROOT, 'month'] }, (old) =>
    old?.map((event) => (event.uuid === updated.uuid ? updated : event)),
  );
}

/**
 * The subscribe call with the spinner; every events query is refetched after it. The handlers
 * sit on the mutation itself, so its toast shows even when the card closed during the call.
 */
export function useSubscribe(handlers: SubscribeHandlers = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: SubscribeVariables) => withSpinner(subscribeToEvent(uuid, body)),
    onSuccess: (updated, variables) => {
      replaceCachedEvent(queryClient, updated);
      handlers.onSuccess?.(updated, variables);
    },
    onError: (error, variables) => handlers.onError?.(error, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
  });
}
