import { defineConfig } from 'vitest/config';
import { TEST_CHROMIUM_IS_HEADLESS_SHELL } from './scripts/test-chromium.mjs';
import SlowFilesFirstSequencer from './test/slow-files-first-sequencer';

// Four projects: fast unit tests (no database), integration tests against a real PostgreSQL
// (embedded unless DATABASE_URL is set), browser tests driving Debian's chromium through
// playwright-core, one after the other; and tests that run the app as whole processes
// (*.processes.test.ts: several servers and workers, Ctrl+C; one file at a time), which
// `npm test` (scripts/test.mjs) runs beside the other three in a vitest of their own.
//
// Speed (issue 27): `isolate: false` lets a worker run file after file in one module graph, so the
// server's modules (Fastify, Prisma, pg-boss, the routers) load once per worker instead of once per
// file; each file still gets its own database (a clone of the run's migrated template,
// test/database.ts) and starts and stops its own server. Most integration and browser time is
// waiting (pg-boss polling, retries, the browser), so more files run at once than there are cores.
// Four integration workers on two cores: the files wait on pg-boss, retries and simulated vendors'
// limits, and with three the processor sat a third idle once the checks beside them had finished
// (in `npm test`: integration 172 s with three, 141 s with four). Each worker loads the server's
// modules once, so more workers are not free either.
const INTEGRATION_WORKERS = 4;
const SERVER_TESTS = { globalSetup: './test/global-setup.ts', pool: 'forks' as const, isolate: false };

export default defineConfig({
  test: {
    // The usual output, then the ten slowest files.
    reporters: ['default', './test/slowest-files-reporter.ts'],
    // Longest files first within each project, so no long file starts last (test/slow-files-first-sequencer.ts).
    sequence: { sequencer: SlowFilesFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          // Beside the integration files rather than before them, with the same workers: vitest
          // queues the integration files first (longest first), and the short unit files fill the
          // workers as the integration ones run out, instead of a unit phase the others wait for.
          sequence: { groupOrder: 1 },
          include: ['{apps,packages}/*/src/**/*.test.{ts,tsx}', 'test/*.test.ts', 'test/billing-oracle/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/*.processes.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Beside integration files on a busy machine a unit test can wait seconds for a core.
          testTimeout: 20_000,
          isolate: false,
          // vitest wants one worker count per group (the integration project's).
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        test: {
          ...SERVER_TESTS,
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['{apps,packages}/*/src/**/*.integration.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        test: {
          ...SERVER_TESTS,
          name: 'browser',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          // A page under a loaded machine (CI, helpers) can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          hookTimeout: 180_000,
          // Each file has its own server and browser contexts; a worker's Chromium serves file after file.
          // Four with the headless shell (scripts/test-chromium.mjs): fewer left the processor partly
          // idle while pages waited for the server (browser project alone: 248 s with two, 211 s with
          // three; in `npm test`, 169 s with three, 141 s with four). The full browser costs about
          // twice the processor time a page, and three of it were slower than two on this 2-core machine.
          maxWorkers: TEST_CHROMIUM_IS_HEADLESS_SHELL ? 4 : 2,
        },
      },
      {
        test: {
          ...SERVER_TESTS,
          name: 'processes',
          sequence: { groupOrder: 3 },
          include: ['{apps,packages}/*/src/**/*.processes.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
