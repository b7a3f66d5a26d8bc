import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '@club/contract/schemas';
import { apiRequest } from '../../../lib/http.ts';
import { adminKeys } from './query-keys.ts';

/** PUT /api/admin/messages/{id}/: marks a contact message read or unread. */
export async function setMessageRead({
  id,
  read,
}: {
  id: ContactMessage['id'];
  read: boolean;
}): Promise<void> {
  await apiRequest(`/api/admin/messages/${encodeURIComponent(String(id))}/`, {
    method: 'PUT',
    body: { read },
  });
}

export function useSetMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageRead,
    // Shown at once; the list is fetched again to agree with the server.
    onMutate: ({ id, read }) => {
      for (const key of [adminKeys.messages(), adminKeys.archivedMessages()]) {
        queryClient.setQueryData<ContactMessage[]>(key, (messages) =>
          messages?.map((message) => (message.id === id ? { ...message, read } : message)),
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
  });
}

/** PUT /api/admin/messages/{id}/: archives a contact message, or brings it back to the list. */
export async function setMessageArchived({
  id,
  archived,
}: {
  id: ContactMessage['id'];
  archived: boolean;
}): Promise<void> {
  await apiRequest(`/api/admin/messages/${encodeURIComponent(String(id))}/`, {
    method: 'PUT',
    body: { archived },
  });
}

export function useSetMessageArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageArchived,
    // It leaves the list it was in at once; both lists are fetched again.
    onMutate: ({ id, archived }) => {
      queryClient.setQueryData<ContactMessage[]>(
        archived ? adminKeys.messages() : adminKeys.archivedMessages(),
        (messages) => messages?.filter((message) => message.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
  });
}
