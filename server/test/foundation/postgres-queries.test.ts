import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestDatabase, TEST_DIALECTS } from '../support/test-app.ts';

// How the server asks PostgreSQL: through Kysely, each query in pg's callback form (see
// askingByCallback in src/db/database.ts; the scale bench shows why).
describe.skipIf(!TEST_DIALECTS.includes('postgres'))('PostgreSQL queries through Kysely', () => {
  let db: Db;

  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    db = openDatabase(database.url);
    await sql`create table probe (id integer primary key, name text not null)`.execute(db.kysely);
  });

  afterAll(async () => {
    await db.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks each query with a callback, never in the promise form that keeps results alive', async () => {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    const { rows } = await sql<{ n: number }>`select ${7}::int as n`.execute(db.kysely);
    expect(rows).toEqual([{ n: 7 }]);
    const asked = query.mock.calls.filter(
      ([text]) => typeof text === 'string' && text.startsWith('select $1'),
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(3);
    expect(asked[0][1]).toEqual([7]);
    expect(typeof asked[0][2]).toBe('function');
  });

  it('hands each client back: more queries at once than the pool has clients all get their own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        sql<{ n: number }>`select ${i}::int as n, pg_sleep(0.01)`.execute(db.kysely),
      ),
    );
    expect(answers.map((answer) => answer.rows[0].n)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it("rejects with PostgreSQL's error and code, and a transaction that fails leaves nothing", async () => {
    await db.kysely
      .insertInto('probe' as never)
      .values({ id: 1, name: 'first' } as never)
      .execute();
    const failed = await db.kysely
      .insertInto('probe' as never)
      .values({ id: 1, name: 'again' } as never)
      .execute()
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(pg.DatabaseError);
    expect((failed as pg.DatabaseError).code).toBe('23505');
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('probe' as never)
          .values({ id: 2, name: 'second' } as never)
          .execute();
        await trx
          .insertInto('probe' as never)
          .values({ id: 1, name: 'clash' } as never)
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ id: number }>`select id from probe order by id`.execute(db.kysely);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it("reads the catalog of its own schema only: another schema's columns coming and going do not fail a migration", async () => {
    // Another process (another club's schema, another test file) adds and drops a column as
    // fast as it can. Kysely's stock introspector, which the migrator asks whether its own
    // tables exist, read every schema's columns and failed here about one time in six.
    const other = await createTestDatabase('postgres');
    const churn = new pg.Client({ connectionString: other.url });
    await churn.connect();
    await churn.query('create table busy (id integer)');
    let stop = false;
    let churned = 0;
    const churning = (async () => {
      while (!stop) {
        await churn.query('alter table busy add column passing integer');
        await churn.query('alter table busy drop column passing');
        churned += 1;
      }
    })();
    const failures: string[] = [];
    let reads = 0;
    try {
      while (reads < 300 || churned < 100) {
        try {
          const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
          expect(tables.map((t) => t.name)).toEqual(['probe']);
        } catch (error) {
          failures.push(String(error));
        }
        reads += 1;
      }
      await expect(migrateToLatest(db.kysely)).resolves.toContain('0001-initial');
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    expect(failures).toEqual([]);
  });
});
