import type { KyselyPlugin } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import type { TestApp } from './test-app.ts';

/**
 * Counts the statements a database runs (every result passes through a plugin): the tests that
 * prove an answer is kept use it to see that a repeat costs no more than the version check.
 */
export function statementCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      return args.node;
    },
    async transformResult(args) {
      this.count += 1;
      return args.result;
    },
  };
}

/**
 * A second server on the test's database whose every statement is counted. It runs no job
 * worker: the worker's heartbeats and polls would land in the count at moments of their own, and
 * what is counted is what a request costs.
 */
export async function countingApp(t: TestApp): Promise<{
  app: FastifyInstance;
  counter: ReturnType<typeof statementCounter>;
  close: () => Promise<void>;
}> {
  const counter = statementCounter();
  const opened = openDatabase(t.config.databaseUrl);
  const counted: Db = { ...opened, kysely: opened.kysely.withPlugin(counter) };
  const config = { ...t.config, jobs: { ...t.config.jobs, pollMs: 0 } };
  const app = await buildApp({ config, db: counted, clock: t.clock, logger: false });
  await app.ready();
  return {
    app,
    counter,
    close: async () => {
      await app.close();
      await counted.close();
    },
  };
}
