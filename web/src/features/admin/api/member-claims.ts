import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema } from '@club/contract/schemas';
import type { User } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';
import { lazySchema } from '@club/contract/lazy-schema';

const userListSchema = lazySchema(() => z.array(userSchema));

/** GET /api/admin/users/?claims=1: members whose member-number claim waits for staff. */
export function fetchMemberClaims(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/api/admin/users/', { query: { claims: '1' }, schema: userListSchema, signal });
}

export function memberClaimsQuery() {
  return queryOptions({
    // Under users(): deciding a claim (an update of a user) refreshes the list.
    queryKey: [...adminKeys.users(), 'claims'] as const,
    staleTime: 0,
    queryFn: ({ signal }) => fetchMemberClaims(signal),
  });
}

export function useMemberClaims() {
  return useQuery(memberClaimsQuery());
}
