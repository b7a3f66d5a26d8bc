import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRoute, APP_ROUTES } from '@club/contract/routes';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage } from '@club/contract/languages';
import { ApiError } from '../lib/api-error.ts';

// Vite names built files `name-HASH.ext`; those never change, so browsers may keep them a year.
const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp|avif|jpg)$/;

const HOME_PATHS = new Set<string>([APP_ROUTES.home, APP_ROUTES.homeAlias]);
const ENCODING_SUFFIX = { br: 'br', gzip: 'gz' } as const;

/** Brotli, else gzip, when the request accepts it (a q=0 refuses it). */
function preferredEncoding(header: string | undefined): keyof typeof ENCODING_SUFFIX | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Serves the built web app: files with cache headers, SPA routes with 200, anything else 404. */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasApp = indexFile !== undefined && fs.existsSync(indexFile);
  if (webDist && hasApp) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // A precompressed copy (`name-HASH.js.br`) is the same hashed file in another encoding.
        const original = filePath.replace(/\.(br|gz)$/, '');
        const isHashed = original.includes(`${path.sep}assets${path.sep}`) && HASHED_FILE.test(original);
        res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The shell is read per answer so a rebuild is picked up without a restart; it is small.
  const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const status = isAppRoute(pathname) ? 200 : 404;
    if (!hasApp || !webDist || !indexFile) {
      return reply.code(status).type('text/plain; charset=utf-8').send('The web app is not built.');
    }
    let file = indexFile;
    const vary = ['accept-encoding'];
    if (status === 200 && HOME_PATHS.has(pathname)) {
      // The home page comes with its header and hero drawn, in the visitor's language.
      const cookie = request.cookies[LANGUAGE_COOKIE];
      const home = path.join(webDist, `home.${isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE}.html`);
      if (fs.existsSync(home)) file = home;
      vary.unshift('cookie');
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding && fs.existsSync(`${file}.${ENCODING_SUFFIX[encoding]}`)) {
      file = `${file}.${ENCODING_SUFFIX[encoding]}`;
      reply.header('content-encoding', encoding);
    }
    return reply
      .code(status)
      .header('vary', vary.join(', '))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(file));
  };
  // The static plugin would treat `/` as a directory listing; the home page is the app.
  app.get('/', sendApp);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      throw new ApiError('NOT_FOUND', `No such path: ${request.method} ${pathname}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError('NOT_FOUND');
    return sendApp(request, reply);
  });
}
