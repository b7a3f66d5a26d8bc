import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactMessageSchema } from '@club/contract/schemas';
import type { ContactMessage } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';
import { lazySchema } from '@club/contract/lazy-schema';

const messageListSchema = lazySchema(() => z.array(contactMessageSchema));

/** GET /api/admin/messages/ (`?archived=1`: the archived ones): contact messages, newest first. */
export async function fetchMessages(archived: boolean, signal?: AbortSignal): Promise<ContactMessage[]> {
  const messages = await apiRequest('/api/admin/messages/', {
    query: archived ? { archived: '1' } : undefined,
    schema: messageListSchema,
    signal,
  });
  // The server sends them newest first; sorting again keeps the screen right if it ever does not.
  return [...messages].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export function messagesQuery(archived = false) {
  return queryOptions({
    queryKey: archived ? adminKeys.archivedMessages() : adminKeys.messages(),
    // Visitors write while staff look: the list is asked again whenever it is opened.
    staleTime: 0,
    queryFn: ({ signal }) => fetchMessages(archived, signal),
  });
}

/** The active contact messages, or the archived ones. */
export function useMessages(archived = false) {
  return useQuery(messagesQuery(archived));
}
