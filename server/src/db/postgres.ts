import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, PostgresDialect, sql } from 'kysely';
import type {
  ColumnMetadata,
  DatabaseIntrospector,
  DatabaseMetadata,
  DatabaseMetadataOptions,
  Kysely,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
  SchemaMetadata,
  TableMetadata,
} from 'kysely';
import type PgType from 'pg';

/**
 * The pool as Kysely's PostgreSQL driver takes it, but each query asked in pg's callback form.
 * Kysely asks a checked-out client in pg's promise form, and measured with the member export's
 * largest read (400 registrations, two at a time) that form leaves about 3.7 MB alive at every
 * young-generation collection against 0.2 MB for the same query asked with a callback: each
 * collection copies what is alive and pauses the server meanwhile, 3.7 ms on average against
 * 0.6 ms, and a fifth fewer reads were done. Nothing else changes: the same pool, clients,
 * results and errors (Kysely adds the caller's stack to an error either way). Decision 0027.
 */
export function askingByCallback(pool: PgType.Pool): PostgresPool {
  const clients = new WeakMap<PgType.PoolClient, CallbackClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = new CallbackClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** A checked-out pg client whose queries are asked with a callback; see askingByCallback. */
class CallbackClient implements PostgresPoolClient {
  readonly #client: PgType.PoolClient;

  constructor(client: PgType.PoolClient) {
    this.#client = client;
  }

  query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    text: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so Kysely never passes a cursor.
    if (typeof text !== 'string') throw new Error('Cursors are not used.');
    return new Promise((resolve, reject) => {
      this.#client.query(text, [...parameters], (error: Error | undefined, result: PgType.QueryResult) =>
        error ? reject(error) : resolve(result as unknown as PostgresQueryResult<R>),
      );
    });
  }

  /** pg gives a client a new release function at each checkout: this calls the current one. */
  release(): void {
    this.#client.release();
  }
}

/**
 * Kysely's PostgreSQL dialect, but what it reads of the database's catalog is the connection's
 * own schema only. The migrator asks for every table to learn whether its own exist, and the
 * stock introspector reads every column of every schema, naming each in a catalog function: a
 * column another process adds or drops meanwhile in its own schema fails that read ("column …
 * does not exist"), and with it the migration. A club whose database holds other schemas, or
 * the test suite with a schema per file, must not depend on what the others are doing.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             c.relname as table, c.relkind as table_type, ns.nspname as schema,
             typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
       where ns.nspname = current_schema()
         and c.relkind in ('r', 'v', 'p')
         and a.attnum >= 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && (row.table === DEFAULT_MIGRATION_TABLE || row.table === DEFAULT_MIGRATION_LOCK_TABLE)) {
        continue;
      }
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
