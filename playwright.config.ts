import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/support/chromium.ts';

// The browser tests run the built site as `npm start` would, on a fresh SQLite database,
// with its mail going to a real SMTP server process that the tests can read.
// The tests read attributes that only a test build writes (web/src/lib/test-hooks.ts).
if (!existsSync(path.join(import.meta.dirname, 'web/dist/.test-hooks'))) {
  throw new Error('web/dist is not a test build: run `npm run build:test` (or `npm run test:e2e`) first.');
}

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2526);
const dataDir = path.join(os.tmpdir(), `club-e2e-${process.pid}`);
process.env.E2E_MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
// Workers load this file again with another pid: they keep the runner's database (inherited
// through the environment), so createMember writes where the server reads.
process.env.E2E_DATABASE_URL ??= `sqlite:${path.join(dataDir, 'club.db')}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test keeps its trace (DOM snapshots, network, console) and one screenshot; the
    // trace's screencast is left out: it cost about a third of the suite's CPU (the calendar
    // file: 64 s of CPU with it, 45 s without), which a busy machine takes from the app.
    // E2E_TRACE=off leaves tracing out altogether (.ci/run does: its output is the log alone).
    trace: process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node e2e/support/mail-catcher.mjs`,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(MAIL_HTTP_PORT) },
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --enable-source-maps server/dist/main.js`,
      url: `http://127.0.0.1:${PORT}/api/health/`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        FEED_KEY_FILE: path.join(dataDir, 'feed.key'),
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'club@club.test',
        CLUB_EMAIL: 'club@club.test',
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN: '1000',
        RATE_LIMIT_FORGOTTEN: '1000',
        RATE_LIMIT_REGISTER: '1000',
        RATE_LIMIT_CONTACT: '1000',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
