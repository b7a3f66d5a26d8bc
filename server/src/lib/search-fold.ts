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

// Member lists run in one order on both databases: by surname, then name, accents and case
// ignored ("Álvarez" among the A's), then id. The search index keeps that order so a page of a
// search is its first matches, not all its matches sorted:
// - the sort key is the folded surname, CHAR 1, the folded name;
// - the sort code packs the key's first SORT_CODE_CHARS characters, five bits each (0 for the
//   key's end and for anything but a space, a letter a-z or the separator), so code order never
//   contradicts key order; the full order is (code, key, id);
// - on SQLite the FTS5 row id of a member is code << SORT_SLOT_BITS plus a free slot among the
//   members of one code, so the index walks matches in (nearly) list order and can stop early.

/** The characters the sort code distinguishes, in key order; position + 1 is the symbol. */
export const SORT_ALPHABET = '\u0001 abcdefghijklmnopqrstuvwxyz';
export const SORT_CODE_CHARS = 9;
export const SORT_SLOT_BITS = 18;
const SYMBOL_BITS = 5;

/** Every Latin letter with a diacritic (either case) in U+00C0..U+017F and its bare lower-case letter. */
function foldBothCases(): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let code = 0xc0; code <= 0x17f; code += 1) {
    const letter = String.fromCharCode(code);
    const bare = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (bare.length === 1 && bare >= 'a' && bare <= 'z' && bare !== letter) pairs.push([letter, bare]);
  }
  return pairs;
}

/** The sort key of a member (see above), folded as foldForSearch folds. */
export function sortKeyOf(member: { nombre: string; apellidos: string }): string {
  return `${foldForSearch(member.apellidos)}\u0001${foldForSearch(member.nombre)}`;
}

/** The sort code of a sort key (see above). */
export function sortCodeOf(key: string): number {
  let code = 0;
  for (let i = 0; i < SORT_CODE_CHARS; i += 1) {
    const c = key[i];
    code = code * 2 ** SYMBOL_BITS + (c === undefined ? 0 : SORT_ALPHABET.indexOf(c) + 1);
  }
  return code;
}

const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** SQL for the sort key of a members row (`row.` prefix), in SQLite or PostgreSQL. */
export function sortKeySql(dialect: 'sqlite' | 'postgres', row: string): string {
  if (dialect === 'postgres') {
    const fold = (column: string) =>
      `translate(lower(${row}${column}), ${sqlString(SEARCH_FOLD.from)}, ${sqlString(SEARCH_FOLD.to)})`;
    return `${fold('apellidos')} || chr(1) || ${fold('nombre')}`;
  }
  // SQLite's lower() folds ASCII only: the accented letters of both cases are replaced one by one.
  const fold = (column: string) =>
    foldBothCases().reduce(
      (inner, [from, to]) => `replace(${inner}, ${sqlString(from)}, ${sqlString(to)})`,
      `lower(${row}${column})`,
    );
  return `${fold('apellidos')} || char(1) || ${fold('nombre')}`;
}

/** SQL for the sort code of a sort key expression `key`, in SQLite or PostgreSQL. */
export function sortCodeSql(dialect: 'sqlite' | 'postgres', key: string): string {
  const chr = dialect === 'postgres' ? 'chr' : 'char';
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  const alphabet = `${chr}(1) || ${sqlString(SORT_ALPHABET.slice(1))}`;
  // Padded with CHAR 2, which is not in the alphabet, so the key's end counts 0.
  const padded = `(${key} || ${Array.from({ length: SORT_CODE_CHARS }, () => `${chr}(2)`).join(' || ')})`;
  const terms = Array.from({ length: SORT_CODE_CHARS }, (_, i) => {
    const shift = (SORT_CODE_CHARS - 1 - i) * SYMBOL_BITS;
    const symbol = `${find}(${alphabet}, substr(${padded}, ${i + 1}, 1))`;
    return dialect === 'postgres' ? `(${symbol}::bigint << ${shift})` : `(${symbol} << ${shift})`;
  });
  return `(${terms.join(' | ')})`;
}
