import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readVersions } from '../db/versions.ts';
import type { Versions } from '../db/versions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database's change counters as this request first asked for them: read once per
     * request, so the session check and a kept answer (the month) cost one statement together.
     * Never shared between requests: a request that arrives after a write must see it.
     */
    versions(): Promise<Versions>;
  }
}

export function registerVersions(app: FastifyInstance): void {
  const read = new WeakMap<FastifyRequest, Promise<Versions>>();
  app.decorateRequest('versions', function (this: FastifyRequest) {
    let pending = read.get(this);
    if (!pending) {
      pending = readVersions(app.ctx.db.kysely);
      read.set(this, pending);
    }
    return pending;
  });
}
