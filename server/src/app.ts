import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import type { MailMessage, Mailer } from './mail/mailer.ts';
import { createMailer } from './mail/mailer.ts';
import { createJobWorker } from './jobs/worker.ts';
import { MAIL_JOB } from './jobs/queue.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { zodValidatorCompiler } from './lib/zod-validation.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerMalformedUrlRoute, registerSecurityHeaders, rewriteMalformedUrl } from './plugins/security-headers.ts';
import { eitherPage, registerWebApp } from './plugins/web-app.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerVersions } from './plugins/versions.ts';
import { Hooks } from './lib/hooks.ts';
import { calendarPages, contentPages, healthRoutes, memberOfToken, moduleRoutes, resultsPages } from './modules/index.ts';

export const BODY_LIMIT = 64 * 1024;

export interface BuildOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole site as one Fastify app over an open, migrated database. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    trustProxy: process.env.TRUST_PROXY === 'on',
    rewriteUrl: (req) => rewriteMalformedUrl(req.url),
    // One line per request only when asked for (debug); errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  const clock = options.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    db: options.db,
    clock,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: config.mailOutbox, log: app.log }),
    jobs: createJobWorker({
      db: options.db,
      clock,
      log: app.log,
      pollMs: config.jobs.pollMs,
      retryLimit: config.jobs.retryLimit,
      leaseMs: config.jobs.leaseMs,
      heartbeatMs: config.jobs.heartbeatMs,
      goneMs: config.jobs.goneMs,
      concurrency: 8,
    }),
    hooks: new Hooks(),
  };
  ctx.jobs.handle(MAIL_JOB, (job) => ctx.mailer.send(JSON.parse(job.payload) as MailMessage));
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(zodValidatorCompiler);
  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurityHeaders(app, config.publicUrl);
  registerCsrf(app, config.publicUrl);
  registerVersions(app);
  registerAuth(app, memberOfToken);
  registerMalformedUrlRoute(app);
  await app.register(healthRoutes);
  await app.register(moduleRoutes);
  await registerWebApp(app, config.webDist, (webDist) => eitherPage(contentPages(app, webDist), calendarPages(app, webDist), resultsPages(app, webDist)));
  // Every process delivers queued work; on close it takes no more and finishes what it holds.
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('preClose', async () => ctx.jobs.stop());
  app.addHook('onClose', async () => ctx.mailer.close());
  return app;
}
