// Member search compares text folded to lower case without accents, so "garcia" finds "García".
// SQLite's FTS5 trigram tokenizer folds by itself (remove_diacritics); PostgreSQL folds with
// translate() over the pairs below, and the query text is folded the same way here.

/** Lower-case Latin letters with diacritics (U+00C0..U+017F lowered) and their bare letters. */
function foldPairs(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code += 1) {
    const lower = String.fromCharCode(code).toLowerCase();
    if (lower.length !== 1 || from.includes(lower)) continue;
    const bare = lower.normalize('NFD').replace(/\p{M}/gu, '');
    if (bare.length !== 1 || bare === lower) continue;
    from += lower;
    to += bare;
  }
  return { from, to };
}

export const SEARCH_FOLD = foldPairs();

const foldMap = new Map([...SEARCH_FOLD.from].map((c, i) => [c, SEARCH_FOLD.to[i]]));

/** Lower case, accents removed exactly as the database folds the searched columns. */
export function foldForSearch(text: string): string {
  let out = '';
  for (const c of text.toLowerCase()) out += foldMap.get(c) ?? c;
  return out;
}
