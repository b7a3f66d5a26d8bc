import type { LibraryEntry } from '../../lib/library/library-stage.ts';
import { libraryText } from '../../lib/library/library-stage.ts';

export type LibrarySort = 'name' | 'date';

export interface LibraryFilter {
  readonly search: string;
  readonly tag: string | null;
  readonly sort: LibrarySort;
}

// Accents and case do not matter to a search: "presidente" finds "Presidénte".
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The entries a search, a tag and a sort leave, in the reader's language. */
export function filterLibrary(entries: readonly LibraryEntry[], filter: LibraryFilter, language: string): LibraryEntry[] {
  const words = fold(filter.search).split(/\s+/).filter(Boolean);
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const kept = entries.filter((entry) => {
    if (filter.tag !== null && !entry.tags.includes(filter.tag)) return false;
    if (words.length === 0) return true;
    const text = libraryText(entry, language);
    const haystack = fold(`${text.name} ${text.description} ${entry.tags.join(' ')} ${entry.author ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
  return kept.sort((a, b) =>
    filter.sort === 'name'
      ? collator.compare(libraryText(a, language).name, libraryText(b, language).name)
      : b.updatedAt.localeCompare(a.updatedAt),
  );
}

/** Every tag of the library, most used first. */
export function tagsOf(entries: readonly LibraryEntry[]): string[] {
  const counts = new Map<string, number>();
  for (const entry of entries) for (const tag of entry.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}
