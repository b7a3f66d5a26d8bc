// Reads which tables a server source file touches, for the table-ownership check
// (foundation/table-owners.test.ts): Kysely's builder calls naming a table (selectFrom,
// insertInto, updateTable, deleteFrom, the joins, sql.table) and table names in raw SQL written
// in template literals (sql`...`). Comments are skipped; so is every other string.
import { TABLE_OWNERS } from '../../src/db/table-owners.ts';
import type { TableName } from '../../src/db/table-owners.ts';

export interface TableAccess {
  table: string;
  kind: 'read' | 'write';
  line: number;
  /** The call or SQL words that named the table. */
  how: string;
}

interface Lexed {
  /** The source with comments blanked (same length, line breaks kept). */
  code: string;
  /** The static text of each template literal, with its offset in the source. */
  templates: Array<{ text: string; offset: number }>;
}

/** Blanks comments and collects template literals; knows strings, regular expressions and `${}` nesting. */
export function lex(source: string): Lexed {
  const out = source.split('');
  const templates: Lexed['templates'] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) if (out[k] !== '\n') out[k] = ' ';
  };
  // Each open template literal, or a `${` inside one (how many braces deep its code is).
  const stack: Array<{ kind: 'template'; start: number; text: string } | { kind: 'code'; depth: number }> = [];
  let lastSignificant = '';
  let i = 0;
  const readTemplate = () => {
    // At a character inside a template literal: read up to its end or a `${`.
    const top = stack[stack.length - 1] as { kind: 'template'; start: number; text: string };
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        top.text += source.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        templates.push({ text: top.text, offset: top.start });
        stack.pop();
        i += 1;
        lastSignificant = '`';
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        top.text += ' ';
        stack.push({ kind: 'code', depth: 0 });
        i += 2;
        lastSignificant = '{';
        return;
      } else {
        top.text += c;
        i += 1;
      }
    }
  };
  while (i < source.length) {
    const top = stack[stack.length - 1];
    if (top?.kind === 'template') {
      readTemplate();
      continue;
    }
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < source.length && source[k] !== c && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
      i = k + 1;
      lastSignificant = c;
    } else if (c === '`') {
      stack.push({ kind: 'template', start: i, text: '' });
      i += 1;
    } else if (c === '/' && !/[\w)\]$]/.test(lastSignificant)) {
      // A regular expression literal (a division follows a value).
      let k = i + 1;
      let inClass = false;
      while (k < source.length && source[k] !== '\n') {
        if (source[k] === '\\') k += 1;
        else if (source[k] === '[') inClass = true;
        else if (source[k] === ']') inClass = false;
        else if (source[k] === '/' && !inClass) break;
        k += 1;
      }
      i = k + 1;
      lastSignificant = ')';
    } else {
      if (top?.kind === 'code') {
        if (c === '{') top.depth += 1;
        else if (c === '}') {
          if (top.depth === 0) {
            stack.pop();
            i += 1;
            continue;
          }
          top.depth -= 1;
        }
      }
      if (!/\s/.test(c)) lastSignificant = c;
      i += 1;
    }
  }
  return { code: out.join(''), templates };
}

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

const BUILDER_READS = ['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral', 'crossJoinLateral'];
const BUILDER_WRITES = ['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'with'];

/** Every access to one of `tables` in a source file. */
export function tableAccesses(source: string, tables: readonly string[] = Object.keys(TABLE_OWNERS)): TableAccess[] {
  const known = new Set(tables);
  const { code, templates } = lex(source);
  const found: TableAccess[] = [];
  // Builder calls: .selectFrom('members'), .selectFrom('members as m'), .selectFrom(['a', 'b']), sql.table('x').
  const call = /\.(\w+)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
  for (const match of code.matchAll(call)) {
    const [, method, argument] = match;
    const kind = BUILDER_READS.includes(method) ? 'read' : BUILDER_WRITES.includes(method) || method === 'table' ? 'write' : null;
    if (kind === null || (method === 'table' && !code.slice(Math.max(0, match.index - 3), match.index).endsWith('sql'))) continue;
    if (method === 'with') continue;
    for (const name of argument.matchAll(/['"]\s*(\w+)(?:\s+as\s+\w+)?\s*['"]/g)) {
      if (known.has(name[1])) found.push({ table: name[1], kind, line: lineAt(source, match.index), how: `.${method}()` });
    }
  }
  // Raw SQL: writes first, then reads in what is left.
  for (const { text, offset } of templates) {
    let rest = text;
    const writes = /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?|alter\s+table|drop\s+table)\s+"?(\w+)"?/gi;
    for (const match of text.matchAll(writes)) {
      if (known.has(match[2])) found.push({ table: match[2], kind: 'write', line: lineAt(source, offset), how: `sql: ${match[1].toLowerCase()}` });
    }
    rest = rest.replace(writes, ' ');
    for (const match of rest.matchAll(/\b(from|join)\s+"?(\w+)"?/gi)) {
      if (known.has(match[2])) found.push({ table: match[2], kind: 'read', line: lineAt(source, offset), how: `sql: ${match[1].toLowerCase()}` });
    }
  }
  return found;
}

/** The folder or file under server/src that a path (relative to server/src) belongs to, for `owner`. */
function ownedBy(file: string, owner: string): boolean {
  return file === owner || file.startsWith(`${owner}/`);
}

/** The module (modules/<name>) a file belongs to, or null. */
function moduleOf(file: string): string | null {
  const match = /^modules\/[^/]+/.exec(file);
  return match ? match[0] : null;
}

/** The accesses of a file (path relative to server/src) that the table map refuses, as readable lines. */
export function ownershipViolations(file: string, source: string): string[] {
  const problems: string[] = [];
  for (const access of tableAccesses(source)) {
    const rule = TABLE_OWNERS[access.table as TableName];
    if (ownedBy(file, rule.owner)) continue;
    const module = moduleOf(file);
    const readers: Readonly<Record<string, string>> = 'readBy' in rule ? rule.readBy : {};
    if (access.kind === 'read' && module !== null && module in readers) continue;
    problems.push(
      `${file}:${access.line} ${access.kind === 'read' ? 'reads' : 'writes'} ${access.table} (${access.how}), owned by ${rule.owner}: go through its index.ts`,
    );
  }
  return problems;
}
