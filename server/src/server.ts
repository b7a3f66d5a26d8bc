import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, migrateToLatest } from './db/database.ts';
import { seedDemoClub } from './seed/demo-club.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';

/** Opens and migrates the database, seeds an empty one, and builds the app (not yet listening). */
export async function startSite(config: Config): Promise<FastifyInstance> {
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db.kysely);
  } catch (err) {
    await db.close();
    throw err;
  }
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => db.close());
  if (config.seed === 'demo') {
    const credentials = await seedDemoClub(db.kysely, systemClock.now(), config.clubTimezone);
    if (credentials.length > 0) {
      // Printed once, at the first start; the passwords were drawn at random and are not kept.
      const lines = credentials.map((c) => `  ${c.login.padEnd(14)} ${c.password.padEnd(18)} ${c.role}`);
      process.stdout.write(
        ['', 'Demo club created. Sign in with (shown only this once):', ...lines, ''].join('\n') + '\n',
      );
    }
  }
  return app;
}
