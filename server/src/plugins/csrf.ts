import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import { newCookieSecret, sameSecret } from '../lib/ids.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Calls authorised by a secret in their own path, which mail programs make from their servers
 * (RFC 8058 one-click unsubscribe): no cookie, no header, any origin. The secret is what a
 * forged request could not know, so the double-submit check adds nothing there.
 */
const PATH_AUTHORISED = /^\/api\/reminders-off\/[^/?]+\/?(\?.*)?$/;

// A site served on loopback is reached as localhost or 127.0.0.1 alike; both name this machine.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origins an unsafe call may come from: PUBLIC_URL's, never one derived from the request. */
export function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.has(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
}

function isCrossSite(request: FastifyRequest, allowed: Set<string>): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  // The Host header is the client's to choose, so it proves nothing about where a call comes from.
  return !allowed.has(origin);
}

/** Double-submit cookie check and Origin check of API.md on every unsafe method. */
export function registerCsrf(app: FastifyInstance, publicUrl: string): void {
  const allowed = allowedOrigins(publicUrl);
  const secure = publicUrl.startsWith('https:');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (request.method === 'GET' && !cookie) {
        reply.setCookie(CSRF_COOKIE, newCookieSecret(), { path: '/', sameSite: 'strict', secure, httpOnly: false });
      }
      return;
    }
    if (request.method === 'POST' && PATH_AUTHORISED.test(request.url)) return;
    if (isCrossSite(request, allowed)) {
      throw new ApiError('CSRF_FAILED', 'Cross-site requests are refused.');
    }
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameSecret(cookie, header)) {
      throw new ApiError('CSRF_FAILED');
    }
  });
}
