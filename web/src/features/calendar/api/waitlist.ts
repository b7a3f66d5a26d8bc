import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { EVENTS_QUERY_ROOT } from './month-events.ts';
import { replaceCachedEvent } from './subscribe.ts';

/** PUT /api/events/{uuid}/waitlist/: the member joins the line of a full event. */
export function joinWaitlist(eventUuid: string, memberUuid: string): Promise<ClubEvent> {
  return apiRequest(`/api/events/${encodeURIComponent(eventUuid)}/waitlist/`, {
    method: 'PUT',
    body: { uuid: memberUuid },
    schema: eventSchema,
  });
}

/** DELETE /api/events/{uuid}/waitlist/: the member leaves the line. */
export function leaveWaitlist(eventUuid: string): Promise<ClubEvent> {
  return apiRequest(`/api/events/${encodeURIComponent(eventUuid)}/waitlist/`, {
    method: 'DELETE',
    schema: eventSchema,
  });
}

/** POST /api/admin/events/{uuid}/waitlist/{personUuid}/ (staff): seats that person now. */
export function seatFromWaitlist(eventUuid: string, personUuid: string): Promise<ClubEvent> {
  return apiRequest(
    `/api/admin/events/${encodeURIComponent(eventUuid)}/waitlist/${encodeURIComponent(personUuid)}/`,
    { method: 'POST', body: {}, schema: eventSchema },
  );
}

export interface WaitlistVariables {
  eventUuid: string;
  memberUuid: string;
  action: 'join' | 'leave';
}

/** Join or leave with the spinner; the answer goes into the cached months, then all refetch. */
export function useWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventUuid, memberUuid, action }: WaitlistVariables) =>
      withSpinner(action === 'join' ? joinWaitlist(eventUuid, memberUuid) : leaveWaitlist(eventUuid)),
    onSuccess: (updated) => replaceCachedEvent(queryClient, updated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
  });
}

/** The staff seat call; the month and the event are refetched after it. */
export function useSeatFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventUuid, personUuid }: { eventUuid: string; personUuid: string }) =>
      withSpinner(seatFromWaitlist(eventUuid, personUuid)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
  });
}
