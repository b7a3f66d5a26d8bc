import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import { newSecret, sameSecret } from '../lib/ids.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  return origin !== publicOrigin && host !== request.headers.host;
}

/** Double-submit cookie check and Origin check of API.md on every unsafe method. */
export function registerCsrf(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const secure = publicOrigin.startsWith('https:');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (request.method === 'GET' && !cookie) {
        reply.setCookie(CSRF_COOKIE, newSecret(), { path: '/', sameSite: 'strict', secure, httpOnly: false });
      }
      return;
    }
    if (isCrossSite(request, publicOrigin)) {
      throw new ApiError('CSRF_FAILED', 'Cross-site requests are refused.');
    }
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameSecret(cookie, header)) {
      throw new ApiError('CSRF_FAILED');
    }
  });
}
