import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JobWorker } from './jobs/worker.ts';
import type { Hooks } from './lib/hooks.ts';

/** What every module needs, built once per app and reached through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The durable job queue's worker of this process (kick it after a commit that queued work). */
  jobs: JobWorker;
  /** What modules registered to hear of another module's changes (lib/hooks.ts). */
  hooks: Hooks;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
