import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Category, Division, EventType, Factor, RoleId, RoleStatus } from '@club/contract/enums';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';
import { lazySchema } from '@club/contract/lazy-schema';

// Beyond API.md (events-server): one row per registration of a member, newest event first.
export const memberRegistrationSchema = lazySchema(() => z.object({
  eventUuid: z.string(),
  evento: z.string(),
  type: z.enum(EventType),
  start: z.string(),
  end: z.string(),
  roleId: z.enum(RoleId),
  status: z.enum(RoleStatus),
  categoria: z.enum(Category).nullable(),
  division: z.enum(Division).nullable(),
  factor: z.enum(Factor).nullable(),
}));
export type MemberRegistration = z.infer<typeof memberRegistrationSchema>;

/** GET /api/admin/users/{uuid}/registrations/: a member's registrations. */
export function fetchUserRegistrations(uuid: string, signal?: AbortSignal): Promise<MemberRegistration[]> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(uuid)}/registrations/`, {
    schema: z.array(memberRegistrationSchema),
    signal,
  });
}

export function userRegistrationsQuery(uuid: string) {
  return queryOptions({
    queryKey: adminKeys.userRegistrations(uuid),
    // Members register and write while staff look: staff screens always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) => fetchUserRegistrations(uuid, signal),
  });
}

export function useUserRegistrations(uuid: string) {
  return useQuery(userRegistrationsQuery(uuid));
}
