import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import type { RoleStatus } from '@club/contract/enums';
import { apiRequest } from '../../../lib/http.ts';
import { EVENTS_QUERY_ROOT } from './month-events.ts';

/** PUT /api/admin/events/{uuid}/participants/{personUuid}/ (staff): moves a registration's status. */
export function setParticipantStatus(
  eventUuid: string,
  personUuid: string,
  status: RoleStatus,
): Promise<ClubEvent> {
  return apiRequest(
    `/api/admin/events/${encodeURIComponent(eventUuid)}/participants/${encodeURIComponent(personUuid)}/`,
    { method: 'PUT', body: { status }, schema: eventSchema },
  );
}

export interface ParticipantStatusVariables {
  eventUuid: string;
  personUuid: string;
  status: RoleStatus;
}

/** The staff status call; the month and the event are refetched after it. */
export function useParticipantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventUuid, personUuid, status }: ParticipantStatusVariables) =>
      setParticipantStatus(eventUuid, personUuid, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT }),
  });
}
