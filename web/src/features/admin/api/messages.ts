import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactMessageSchema } from '@club/contract/schemas';
import type { ContactMessage } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

const messageListSchema = z.array(contactMessageSchema);

/** GET /api/admin/messages/: the contact messages, newest first. */
export async function fetchMessages(signal?: AbortSignal): Promise<ContactMessage[]> {
  const messages = await apiRequest('/api/admin/messages/', { schema: messageListSchema, signal });
  // The server sends them newest first; sorting again keeps the screen right if it ever does not.
  return [...messages].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export function messagesQuery() {
  return queryOptions({
    queryKey: adminKeys.messages(),
    // Visitors write while staff look: the list is asked again whenever it is opened.
    staleTime: 0,
    queryFn: ({ signal }) => fetchMessages(signal),
  });
}

export function useMessages() {
  return useQuery(messagesQuery());
}
