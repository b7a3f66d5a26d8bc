import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@club/contract/schemas';
import type { User } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';

/** GET /api/registry/actvie-user/ (spelt so on the wire): the signed-in member, for the form. */
export function fetchActiveUserProfile(signal?: AbortSignal): Promise<User> {
  return apiRequest('/api/registry/actvie-user/', { schema: userSchema, signal });
}

/** Query options of the profile, keyed by the member's uuid. */
export function activeUserProfileQuery(uuid: string) {
  return queryOptions({
    queryKey: ['profile', uuid],
    queryFn: ({ signal }) => fetchActiveUserProfile(signal),
    // Personal data: always fresh when the screen opens.
    staleTime: 0,
  });
}

/**
 * The signed-in member's profile. The session's user (the same record, fetched when the session
 * was restored) stands in until the answer arrives, so the form is drawn at once.
 */
export function useActiveUserProfile(uuid: string, sessionUser?: User | null) {
  return useQuery({ ...activeUserProfileQuery(uuid), placeholderData: sessionUser ?? undefined });
}
