import { defineConfig } from 'vitest/config';

// One Vitest run, five projects; the root scripts pick them by name.
export default defineConfig({
  test: {
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
          name: 'server',
          root: './server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['./test/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Server test files each get their own database; PostgreSQL ones share a server.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
