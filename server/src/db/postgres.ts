import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
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
