import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error.ts';

/** Security headers of DECISIONS: a CSP with no inline script, nosniff, a strict referrer policy. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  // The policy is fixed, so it is written once here rather than rebuilt by helmet per answer.
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React and the carousel set style attributes; no script can run from a style.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'data:', 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
  const policy = Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  await app.register(helmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Any answer may carry personal data unless its route says it may be kept (static files, the
    // app shell, the public calendar): no-store by default, so no spelling of a path
    // (`//api/...`, `/%61pi/...`) that reaches a route can escape it.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.url.startsWith('/reset-password')) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}

/** Where a request whose URL cannot be decoded is sent, so that it gets every header of this file. */
export const MALFORMED_URL_PATH = '/__malformed-url__';

/**
 * Rewrites a URL whose path is not valid percent-encoding to MALFORMED_URL_PATH (the router
 * would otherwise answer it itself, before any hook, with its own body and no security headers).
 */
export function rewriteMalformedUrl(url: string | undefined): string {
  const value = url ?? '/';
  const pathname = value.split('?')[0];
  try {
    decodeURIComponent(pathname);
    return value;
  } catch {
    return MALFORMED_URL_PATH;
  }
}

/** Answers the rewritten malformed URLs with the contract's error body. */
export function registerMalformedUrlRoute(app: FastifyInstance): void {
  app.all(MALFORMED_URL_PATH, async () => {
    throw new ApiError('VALIDATION_ERROR', 'The URL is not valid percent-encoding.');
  });
}
