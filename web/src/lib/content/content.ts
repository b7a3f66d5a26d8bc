import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_ELEMENT_ID } from '@club/contract/content-view';
import type { RenderedContent } from '@club/contract/content';
import { apiRequest } from '../http.ts';
import { readJsonBlock } from '../json-block.ts';

/**
 * The content carried in the page itself (a JSON data block), which only a page drawn without the
 * build's drawing code has: the server's drawn pages name their content version instead
 * (`data-content`) and `startApp` asks for the content before it replaces them (decision 0062).
 * Read once; pages without it ask the server.
 */
const embeddedContent = () => readJsonBlock<RenderedContent>(CONTENT_ELEMENT_ID);

let embedded: RenderedContent | undefined | null = null;
const firstContent = () => {
  if (embedded === null) embedded = embeddedContent();
  return embedded;
};

export const CONTENT_KEY = ['content'] as const;

/**
 * The club's public content (GET /api/content/). Kept fresh for thirty seconds and asked again
 * when the visitor comes back to the tab, so a change staff save shows within seconds.
 */
export const contentQuery = queryOptions({
  queryKey: CONTENT_KEY,
  // No schema: zod would join every public page's code (http.ts keeps it off them too).
  queryFn: ({ signal }) => apiRequest<RenderedContent>('/api/content/', { signal }),
  initialData: firstContent,
  initialDataUpdatedAt: () => (firstContent() ? Date.now() : 0),
  staleTime: 30_000,
});

/** The club's content, or undefined while it is first asked for. */
export function useContent(): RenderedContent | undefined {
  return useQuery(contentQuery).data;
}
