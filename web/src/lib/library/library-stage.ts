// The club library's read calls, shared by every screen that shows a library stage: the library
// itself, the viewer and drill player, the event card and the staff event form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { libraryListSchema, libraryStageSchema, localizedLibraryText } from '@club/contract/library';
import type { LibraryStage } from '@club/contract/library';
import { stageFromWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { apiRequest } from '../http.ts';

/** A library stage as the screens use it: the wire fields, the engine's Stage, and its text in a language. */
export interface LibraryEntry extends LibraryStage {
  readonly drawable: Stage;
}

export const libraryKeys = {
  all: ['library'] as const,
  list: () => ['library', 'list'] as const,
  one: (id: string) => ['library', 'one', id] as const,
};

const toEntry = (wire: LibraryStage): LibraryEntry => ({ ...wire, drawable: stageFromWire(wire.stage) });

/** GET /api/library/stages/: the whole library, each with its drawable stage. */
export async function fetchLibrary(): Promise<LibraryEntry[]> {
  return (await apiRequest('/api/library/stages/', { schema: libraryListSchema })).map(toEntry);
}

/** GET /api/library/stages/{id}/. */
export async function fetchLibraryStage(id: string): Promise<LibraryEntry> {
  return toEntry(await apiRequest(`/api/library/stages/${encodeURIComponent(id)}/`, { schema: libraryStageSchema }));
}

export const libraryListQuery = () => queryOptions({ queryKey: libraryKeys.list(), queryFn: fetchLibrary, staleTime: 60_000 });

export const libraryStageQuery = (id: string) =>
  queryOptions({ queryKey: libraryKeys.one(id), queryFn: () => fetchLibraryStage(id), retry: false, staleTime: 60_000 });

export function useLibrary() {
  return useQuery(libraryListQuery());
}

/** One library stage (no call without an id). */
export function useLibraryStage(id: string | null | undefined) {
  return useQuery({ ...libraryStageQuery(id ?? ''), enabled: typeof id === 'string' && id !== '' });
}

/** The stage's name and description in the reader's language. */
export function libraryText(entry: Pick<LibraryStage, 'name' | 'description' | 'translations'>, language: string) {
  return localizedLibraryText(entry, language.slice(0, 2));
}

/** The engine stage of a library entry, named in the reader's language. */
export function drawableIn(entry: LibraryEntry, language: string): Stage {
  return { ...entry.drawable, name: libraryText(entry, language).name };
}
