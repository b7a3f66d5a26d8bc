import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema } from '@club/contract/schemas';
import type { User } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';
import { lazySchema } from '@club/contract/lazy-schema';

const userListSchema = lazySchema(() => z.array(userSchema));

/** GET /api/admin/users/?q=: members whose login, name, e-mail or member number match. */
export function searchUsers(q: string, signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/api/admin/users/', { query: { q }, schema: userListSchema, signal });
}

export function userSearchQuery(q: string) {
  return queryOptions({
    queryKey: adminKeys.userSearch(q),
    // Members register and write while staff look: staff screens always ask again on opening.
    staleTime: 0,
    queryFn: ({ signal }) => searchUsers(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The members matching a (debounced) search text. */
export function useUserSearch(q: string) {
  return useQuery(userSearchQuery(q));
}
