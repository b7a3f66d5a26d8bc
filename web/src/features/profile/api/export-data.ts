import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http.ts';
import { lazySchema } from '@club/contract/lazy-schema';

// The export is "every field the club holds" (API.md): its inner shape is the server's to
// grow, so the client only insists that it is a JSON object.
export const memberExportSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type MemberExport = z.infer<typeof memberExportSchema>;

/** GET /api/registro/{uuid}/export/: everything the club holds on the member, as JSON. */
export function fetchMemberExport(uuid: string): Promise<MemberExport> {
  return apiRequest(`/api/registro/${encodeURIComponent(uuid)}/export/`, { schema: memberExportSchema });
}

/** Saves a JSON object as a file through a temporary download link. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the export as `{login}-data.json`; a one-off action, hence a mutation. */
export function useExportDataMutation() {
  return useMutation({
    mutationFn: async ({ uuid, login }: { uuid: string; login: string }) => {
      const data = await fetchMemberExport(uuid);
      saveJsonFile(data, `${login.replace(/[^A-Za-z0-9._-]/g, '_')}-data.json`);
    },
  });
}
