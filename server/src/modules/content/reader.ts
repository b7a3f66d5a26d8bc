import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@club/contract/languages';
import { createContentReader, publicContent } from './service.ts';
import { createDrawnPages } from './drawn-pages.ts';

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

/**
 * The pages that show the club's content, drawn from what visitors see now (decision 0041), as
 * the web app plugin asks for them: app.ts hands this to it.
 */
export function contentPages(app: FastifyInstance, webDist: string) {
  const drawn = createDrawnPages(webDist);
  return {
    handles: (pathname: string) => drawn.handles(pathname),
    page: async (request: FastifyRequest, pathname: string, language: Language) =>
      drawn.page(pathname, language, await publicContentFor(app, request), app.ctx.clock.now()),
  };
}
