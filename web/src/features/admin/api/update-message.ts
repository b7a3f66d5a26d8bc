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
      queryClient.setQueryData<ContactMessage[]>(adminKeys.messages(), (messages) =>
        messages?.map((message) => (message.id === id ? { ...message, read } : message)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
  });
}
