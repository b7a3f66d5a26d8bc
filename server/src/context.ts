import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JobWorker } from './jobs/worker.ts';

/** What every module needs, built once per app and reached through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The durable job queue's worker of this process (kick it after a commit that queued work). */
  jobs: JobWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
