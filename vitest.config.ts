import os from 'node:os';
import { defineConfig } from 'vitest/config';

const server = {
  root: './server',
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  globalSetup: ['./test/support/global-setup.ts'],
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Server test files each get their own database (PostgreSQL ones their own schema), so they
  // run side by side with the other projects' files, one per core.
  fileParallelism: true,
};
/** Server test files that replace a module with vi.mock: each needs the modules loaded afresh. */
const MOCKING_SERVER_TESTS = ['test/auth/login.test.ts', 'test/matches/results-basis.test.ts'];

// One Vitest run, six projects; the root scripts pick them by name.
export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the cores: one on the two-core machines that
    // run the suite, while the server's process and mail tests spend seconds waiting. One more
    // than the cores keeps both busy.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'stage-engine',
          root: './packages/stage-engine',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'laser',
          root: './packages/laser',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          exclude: MOCKING_SERVER_TESTS,
          // The server's modules are loaded once per worker, not once per file: loading them took
          // a tenth of the suite. Each file builds its own apps over its own databases, so a file
          // shares no state with the next; the files that replace a module run apart (below).
          isolate: false,
        },
      },
      {
        test: { ...server, name: 'server-mocking', include: MOCKING_SERVER_TESTS },
      },
      './web/vitest.config.ts',
    ],
  },
});
