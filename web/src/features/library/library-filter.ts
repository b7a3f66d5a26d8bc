import type { LibraryEntry } from '../../lib/library/library-stage.ts';
import { libraryText } from '../../lib/library/library-stage.ts';

export type LibrarySort = 'name' | 'date';

export interface LibraryFilter {
  readonly search: string;
  /** A tag as `tagsOf` gives it (its folded label), or null for all. */
  readonly tag: string | null;
  readonly sort: LibrarySort;
}

// Accents and case do not matter to a search: "presidente" finds "Presidénte".
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The entries a search, a tag and a sort leave, in the reader's language. */
export function filterLibrary(
  entries: readonly LibraryEntry[],
  filter: LibraryFilter,
  language: string,
  labelOf: (tag: string) => string = (tag) => tag,
): LibraryEntry[] {
  const words = fold(filter.search).split(/\s+/).filter(Boolean);
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const kept = entries.filter((entry) => {
    if (filter.tag !== null && !entry.tags.some((tag) => tagKey(tag, labelOf) === filter.tag)) return false;
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

/** One tag however it was typed: the club's "speed" and a published "Velocidad " read alike in Spanish. */
function tagKey(tag: string, labelOf: (tag: string) => string): string {
  return fold(labelOf(tag.trim())).trim();
}

/**
 * Every tag of the library once, most used first, as the reader reads it: tags that show the same
 * label (a stored key and the same word typed when publishing, in any case) are one tag.
 */
export function tagsOf(
  entries: readonly LibraryEntry[],
  labelOf: (tag: string) => string = (tag) => tag,
): Array<{ key: string; label: string }> {
  const found = new Map<string, { label: string; count: number }>();
  for (const entry of entries) {
    // A stage that carries a tag twice counts it once.
    for (const key of new Set(entry.tags.map((tag) => tagKey(tag, labelOf)))) {
      const tag = entry.tags.find((candidate) => tagKey(candidate, labelOf) === key) ?? key;
      const seen = found.get(key);
      if (seen) seen.count += 1;
      else found.set(key, { label: labelOf(tag.trim()), count: 1 });
    }
  }
  return [...found.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
    .map(([key, { label }]) => ({ key, label }));
}
