import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUB_TIMEZONE } from '@club/contract/club-time';
import { ConfigError, loadConfig } from './config.ts';
import { startSite } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  // The built web app sits beside the server in the repository.
  config.webDist ??= path.resolve(here, '../../web/dist');
  const app = await startSite(config);
  if (config.clubTimezone !== CLUB_TIMEZONE) {
    // The web app is built with the settings file's zone; the two must agree.
    app.log.warn(
      { CLUB_TIMEZONE: config.clubTimezone, siteSettingsTimeZone: CLUB_TIMEZONE },
      'CLUB_TIMEZONE differs from timeZone in packages/contract/site-settings.json: the calendar screens will show times in the settings file\'s zone. Change both, then rebuild the web app.',
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(`The server could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
