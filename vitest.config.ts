import { defineConfig } from 'vitest/config';

// Four projects: fast unit tests, integration tests against a real PostgreSQL (embedded unless
// DATABASE_URL is set), tests that run the app as whole processes (*.processes.test.ts: several
// servers and workers, Ctrl+C; one file at a time, since each keeps both cores busy), and browser
// tests driving Debian's chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{apps,packages}/*/src/**/*.test.{ts,tsx}', 'test/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/*.processes.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['{apps,packages}/*/src/**/*.integration.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'processes',
          sequence: { groupOrder: 2 },
          include: ['{apps,packages}/*/src/**/*.processes.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 3 },
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
