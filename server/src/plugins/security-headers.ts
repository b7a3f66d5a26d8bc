import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/calendar.ics')) {
      // Answers of the API may carry personal data; no cache may keep them.
      reply.header('cache-control', 'no-store');
    }
    if (request.url.startsWith('/reset-password')) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}
