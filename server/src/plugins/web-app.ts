import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ROUTES, drawnFrameName, isAppRoute } from '@club/contract/routes';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage } from '@club/contract/languages';
import type { Language } from '@club/contract/languages';
import { ApiError } from '../lib/api-error.ts';
import { preferredEncoding } from '../lib/encoding.ts';
import type { DrawnPage } from '../lib/page-drawing.ts';
import { clubMonth, formatYearMonth } from '@club/contract/club-time';

// Vite names built files `name-HASH.ext`; those never change, so browsers may keep them a year.
const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp|avif|jpg)$/;

// A prerendered page's name is its path (`/team/marta-ribas` → `team/marta-ribas`); home has one
// for both of its paths. A path with an id gets its screen's frame where one is drawn
// (DRAWN_FRAMES of the contract's routes), else the plain shell.
const PAGE_NAME = /^[a-z0-9-]+(\/[a-z0-9-]+)?$/;

/**
 * The file drawn at build time for a path in a language (`pages/{name}.{lang}.html`, written by
 * web/build/prerender-pages.ts), if there is one: the screen's first view arrives in the HTML. A
 * screen drawn per month (the calendar) is sent as drawn for `month`, the club's current one
 * ('YYYY-MM'), while the build has that month.
 */
export function prerenderedPage(webDist: string, pathname: string, status: number, language: string, month: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let name: string;
  if (status === 404) name = APP_ROUTES.notFound.slice(1);
  else if (trimmed === APP_ROUTES.home || trimmed === APP_ROUTES.homeAlias) name = 'home';
  else name = drawnFrameName(trimmed) ?? trimmed.slice(1);
  if (!PAGE_NAME.test(name)) return undefined;
  return [`${name}.${month}.${language}.html`, `${name}.${language}.html`]
    .map((file) => path.join(webDist, 'pages', file))
    .find((file) => fs.existsSync(file));
}

/** The plain shell in a language (`index.{lang}.html`: its `lang` and noscript text), if built. */
function plainShell(webDist: string, language: string): string | undefined {
  const file = path.join(webDist, `index.${language}.html`);
  return fs.existsSync(file) ? file : undefined;
}

const ENCODING_SUFFIX = { br: 'br', gzip: 'gz' } as const;

/**
 * The pages drawn from data the server holds rather than at build time (the club's content,
 * decision 0041; the visitor's calendar, decision 0073), handed in by app.ts: `page` answers
 * 'not-in-content' for a path that names nothing the data holds (404), and undefined when it
 * cannot draw the page (the build's page, which the app fills in, goes out instead).
 */
export interface LivePages {
  handles(pathname: string): boolean;
  page(request: FastifyRequest, pathname: string, language: Language): Promise<DrawnPage | 'not-in-content' | undefined>;
}

/** The pages of several `LivePages`: each path is drawn by the first that handles it. */
export function eitherPage(...all: LivePages[]): LivePages {
  return {
    handles: (pathname) => all.some((pages) => pages.handles(pathname)),
    page: (request, pathname, language) => all.find((pages) => pages.handles(pathname))!.page(request, pathname, language),
  };
}

/** Serves the built web app: files with cache headers, SPA routes with 200, anything else 404. */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  livePagesOf?: (webDist: string) => LivePages,
): Promise<void> {
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
  const drawnPages = webDist && hasApp && livePagesOf ? livePagesOf(webDist) : undefined;
  // The shell is read per answer so a rebuild is picked up without a restart; it is small.
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    let status = isAppRoute(pathname) ? 200 : 404;
    if (!hasApp || !webDist || !indexFile) {
      return reply.code(status).type('text/plain; charset=utf-8').send('The web app is not built.');
    }
    // Every screen drawn at build time comes in the visitor's language (the cookie the web app
    // keeps beside its local storage); the answer therefore varies by cookie.
    const cookie = request.cookies[LANGUAGE_COOKIE];
    const language = isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
    // Pages that show the club's content are drawn from the live content (decision 0041); an
    // instructor or news item the content does not hold is not found.
    if (status === 200 && drawnPages?.handles(pathname)) {
      const drawn = await drawnPages.page(request, pathname, language);
      if (drawn === 'not-in-content') status = 404;
      else if (drawn) {
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .code(drawn.status)
          .header('vary', 'cookie, accept-encoding')
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(encoding === 'br' ? drawn.br : encoding === 'gzip' ? drawn.gzip : drawn.html);
      }
    }
    const month = formatYearMonth(clubMonth(app.ctx.clock.now(), app.ctx.config.clubTimezone));
    const file = prerenderedPage(webDist, pathname, status, language, month) ?? plainShell(webDist, language) ?? indexFile;
    const vary = ['cookie', 'accept-encoding'];
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    let sent = file;
    if (encoding && fs.existsSync(`${file}.${ENCODING_SUFFIX[encoding]}`)) {
      sent = `${file}.${ENCODING_SUFFIX[encoding]}`;
      reply.header('content-encoding', encoding);
    }
    return reply
      .code(status)
      .header('vary', vary.join(', '))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(sent));
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
