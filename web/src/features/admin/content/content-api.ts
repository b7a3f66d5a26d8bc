import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contentRevisionSchema, photoUploadAnswerSchema, renderedStaffContentSchema } from '@club/contract/content';
import type { ContentSection } from '@club/contract/content';
import type { LocalizedText } from '@club/contract/content-view';
import { apiRequest, ApiCallError } from '../../../lib/http.ts';
import { readStoredSession } from '../../../lib/session-storage.ts';

export const staffContentQuery = queryOptions({
  queryKey: ['admin', 'content'],
  queryFn: ({ signal }) => apiRequest('/api/admin/content/', { schema: renderedStaffContentSchema, signal }),
  staleTime: 0,
});

export const useStaffContent = () => useQuery(staffContentQuery);

export function saveSection(section: ContentSection, items: unknown[], version: number) {
  return apiRequest(`/api/admin/content/${section}/`, { method: 'PUT', body: { items, version }, schema: renderedStaffContentSchema });
}

export const historyQuery = (section: ContentSection) =>
  queryOptions({
    queryKey: ['admin', 'content', 'history', section],
    queryFn: ({ signal }) => apiRequest(`/api/admin/content/${section}/history/`, { schema: z.array(contentRevisionSchema), signal }),
    staleTime: 0,
  });

export function restoreRevision(section: ContentSection, id: string, version: number) {
  return apiRequest(`/api/admin/content/${section}/history/${id}/restore/`, { method: 'POST', body: { version }, schema: renderedStaffContentSchema });
}

export function previewMarkdown(text: LocalizedText) {
  return apiRequest('/api/admin/content/preview/', { method: 'POST', body: { text }, schema: z.object({ es: z.string(), ca: z.string(), en: z.string() }) });
}

/** Sends a photo file as it is (its own type); the server answers its id and size. */
export async function uploadPhoto(file: File) {
  const xsrf = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  const session = readStoredSession();
  const response = await fetch('/api/admin/photos/', {
    method: 'POST',
    body: file,
    credentials: 'same-origin',
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
      ...(session?.token ? { Authorization: `Token ${session.token}` } : {}),
    },
  });
  const data = (await response.json().catch(() => ({}))) as { errorCode?: string; message?: string };
  if (!response.ok) throw new ApiCallError(response.status, data.errorCode ?? `HTTP_${response.status}`, data.message ?? 'Upload failed');
  return photoUploadAnswerSchema.parse(data);
}
