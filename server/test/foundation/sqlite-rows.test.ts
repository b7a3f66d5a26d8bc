import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';

// SQLite hands the server its rows as arrays and the server makes them objects (ArrayRowStatement
// in src/db/database.ts): every value, name and type as SQLite gives them, through kept statements.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-rows-'));
let db: Db;

beforeAll(async () => {
  db = openDatabase(`sqlite:${path.join(dir, 'rows.db')}`);
  await sql`create table probe (id integer primary key, name text, score real, picture blob, note text)`.execute(
    db.kysely,
  );
  await sql`insert into probe values (1, 'Marta', 9.5, x'00ff', null), (2, 'Jordi', 7, x'', 'late')`.execute(
    db.kysely,
  );
});

afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('gives each row as an object with every column, its value and its type', async () => {
  const rows = await db.kysely
    .selectFrom('probe' as never)
    .selectAll()
    .orderBy('id' as never)
    .execute();
  expect(rows).toEqual([
    { id: 1, name: 'Marta', score: 9.5, picture: Buffer.from([0, 255]), note: null },
    { id: 2, name: 'Jordi', score: 7, picture: Buffer.alloc(0), note: 'late' },
  ]);
  expect(Object.keys(rows[0])).toEqual(['id', 'name', 'score', 'picture', 'note']);
  const none = await db.kysely
    .selectFrom('probe' as never)
    .selectAll()
    .where('id' as never, '=', 3 as never)
    .execute();
  expect(none).toEqual([]);
});

it('keeps the last of two equal column names, as SQLite row objects always did', async () => {
  const { rows } = await sql<{ x: number }>`select 1 as x, 2 as x`.execute(db.kysely);
  expect(rows).toEqual([{ x: 2 }]);
});

it('gives a kept statement the columns the table has after its schema changes', async () => {
  const all = () => sql<Record<string, unknown>>`select * from probe where id = ${1}`.execute(db.kysely);
  expect(Object.keys((await all()).rows[0])).toEqual(['id', 'name', 'score', 'picture', 'note']);
  await sql`alter table probe add column club text default 'IPSC'`.execute(db.kysely);
  expect((await all()).rows[0]).toMatchObject({ id: 1, note: null, club: 'IPSC' });
});

it('writes through the same kept statements: changes and the new row id come back', async () => {
  const inserted = await db.kysely
    .insertInto('probe' as never)
    .values({ id: 3, name: 'Pau' } as never)
    .executeTakeFirstOrThrow();
  expect(inserted.insertId).toBe(3n);
  const updated = await db.kysely
    .updateTable('probe' as never)
    .set({ note: 'seen' } as never)
    .executeTakeFirstOrThrow();
  expect(updated.numUpdatedRows).toBe(3n);
});
