// Every table has one owner (server/src/db/table-owners.ts): no server file outside the owner
// writes or queries it, except the declared readers joining it. The check reads the sources
// themselves; docs/architecture.md shows the same map.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../src/db/table-owners.ts';
import { ownershipViolations, tableAccesses } from '../support/table-access.ts';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const src = path.join(server, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');
// The migrations are the schema's history: they create and change every table.
const isMigration = (file: string) => relative(file).startsWith('db/migrations/');

describe('every table has one owner', () => {
  it('no server file touches a table it does not own', () => {
    const files = sourceFiles(src).filter((file) => !isMigration(file));
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((file) => ownershipViolations(relative(file), readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it('every owner exists and every table the migrations create has one', () => {
    for (const { owner } of Object.values(TABLE_OWNERS)) {
      expect(sourceFiles(src).some((file) => relative(file) === owner || relative(file).startsWith(`${owner}/`)), owner).toBe(true);
    }
    const created = new Set<string>();
    for (const file of sourceFiles(path.join(src, 'db/migrations'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/createTable\(\s*'(\w+)'|create\s+(?:virtual\s+)?table\s+(?:if\s+not\s+exists\s+)?"?(\w+)/gi)) {
        created.add(match[1] ?? match[2]);
      }
    }
    expect(created.size).toBeGreaterThan(10);
    // FTS5's shadow tables (members_search_data, ...) are SQLite's own, made by members_search.
    const ours = [...created].filter((name) => !/^members_search_/.test(name));
    expect(ours.filter((name) => !(name in TABLE_OWNERS))).toEqual([]);
  });

  it('docs/architecture.md lists the same owners', () => {
    const doc = readFileSync(path.join(server, '../docs/architecture.md'), 'utf8');
    const section = doc.split('### Tables and their owners')[1]?.split('\n## ')[0] ?? '';
    const rows = [...section.matchAll(/^\| `(\w+)` \| `([^`]+)` \|/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(TABLE_OWNERS).map(([t, o]) => [t, o.owner])));
  });
});

describe('the ownership check on crafted files', () => {
  it('refuses a module querying or writing another module’s table, by builder or by raw SQL', () => {
    const code = [
      "const event = await db.selectFrom('events').select('stage_id').executeTakeFirst();",
      "await db.updateTable('registrations').set({ member_id: null }).execute();",
      'await sql`delete from stages where owner_id = ${id}`.execute(db);',
      "const shots = await db.selectFrom('training_sessions as t').selectAll().execute();",
    ].join('\n');
    expect(ownershipViolations('modules/training/crafted.ts', code)).toEqual([
      expect.stringContaining('modules/training/crafted.ts:1 reads events (.selectFrom()), owned by modules/events'),
      expect.stringContaining('modules/training/crafted.ts:2 writes registrations (.updateTable()), owned by modules/events'),
      expect.stringContaining('modules/training/crafted.ts:3 writes stages (sql: delete from), owned by modules/stages'),
    ]);
  });

  it('lets a declared reader join a table but never write it, and a reader of one table not read another', () => {
    const join = "db.selectFrom('registrations').innerJoin('members', 'members.id', 'registrations.member_id')";
    expect(ownershipViolations('modules/events/crafted.ts', join)).toEqual([]);
    expect(ownershipViolations('modules/events/crafted.ts', "db.updateTable('members').set({ feed_token: t })")).toEqual([
      expect.stringContaining('writes members (.updateTable())'),
    ]);
    expect(ownershipViolations('modules/events/crafted.ts', 'sql`select 1 from tokens t join members m on m.id = t.member_id`')).toEqual([
      expect.stringContaining('reads tokens (sql: from), owned by modules/auth'),
    ]);
    expect(ownershipViolations('plugins/crafted.ts', "db.selectFrom('members').selectAll()")).toEqual([
      expect.stringContaining('plugins/crafted.ts:1 reads members'),
    ]);
  });

  it('reads past comments, other strings and regular expressions, and into nested templates', () => {
    const code = [
      '// db.selectFrom(\'events\') in a comment',
      "/* updateTable('members') */ const message = 'select from events';",
      "const quote = text.replace(/\"/g, '\"\"'); const re = /'events'/;",
      'const page = sql`select ${sql.join([1, `${`x`}`])} from members_search where ${filter}`;',
      "db.deleteFrom('waitlist')",
    ].join('\n');
    expect(tableAccesses(code).map((a) => `${a.line} ${a.kind} ${a.table}`)).toEqual(['5 write waitlist', '4 read members_search']);
  });
});
