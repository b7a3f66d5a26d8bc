import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createContentReader, publicContent } from './service.ts';

const readers = new WeakMap<object, ReturnType<typeof createContentReader>>();

/** One content reader per app (the routes and the drawn pages share what it keeps). */
export function contentReaderOf(app: FastifyInstance) {
  let reader = readers.get(app.ctx);
  if (!reader) {
    reader = createContentReader(app.ctx.db);
    readers.set(app.ctx, reader);
  }
  return reader;
}

/** What visitors see now, read for the request's content version. */
export async function publicContentFor(app: FastifyInstance, request: FastifyRequest) {
  const whole = await contentReaderOf(app)((await request.versions()).content);
  return publicContent(whole, app.ctx.clock.now());
}
