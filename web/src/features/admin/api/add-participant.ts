import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema } from '@club/contract/schemas';
import type { ClubEvent } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** POST /api/admin/events/{uuid}/participants/: seats a member who came without booking. */
export function addParticipant({ eventUuid, personUuid }: { eventUuid: string; personUuid: string }): Promise<ClubEvent> {
  return apiRequest(`/api/admin/events/${encodeURIComponent(eventUuid)}/participants/`, {
    method: 'POST',
    body: { personUuid },
    schema: eventSchema,
  });
}

export function useAddParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addParticipant,
    // Seats, the list of attendees and the member's registrations all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
