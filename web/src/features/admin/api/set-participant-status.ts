import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import type { RoleStatus } from '@club/contract/enums';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

export interface ParticipantStatusChange {
  eventUuid: string;
  personUuid: string;
  status: RoleStatus;
}

/** PUT /api/admin/events/{uuid}/participants/{personUuid}/: reservado, anulado, confirmado or finalizado. */
export function setParticipantStatus({
  eventUuid,
  personUuid,
  status,
}: ParticipantStatusChange): Promise<ClubEvent> {
  return apiRequest(
    `/api/admin/events/${encodeURIComponent(eventUuid)}/participants/${encodeURIComponent(personUuid)}/`,
    { method: 'PUT', body: { status }, schema: eventSchema },
  );
}

export function useSetParticipantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setParticipantStatus,
    // Seats left and a member's registrations change with a status too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/events/{uuid}/waitlist/{personUuid}/: seats someone from the waiting list. */
export function seatFromWaitlist({ eventUuid, personUuid }: { eventUuid: string; personUuid: string }): Promise<ClubEvent> {
  return apiRequest(
    `/api/admin/events/${encodeURIComponent(eventUuid)}/waitlist/${encodeURIComponent(personUuid)}/`,
    { method: 'POST', body: {}, schema: eventSchema },
  );
}

export function useSeatFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seatFromWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
