import { defineConfig } from 'vitest/config';

// `npm run test:scale` only (not part of `npm test`): the long scale-out run, on a fresh
// PostgreSQL (embedded unless DATABASE_URL is set), like the integration tests.
export default defineConfig({
  test: {
    name: 'scale',
    include: ['test/scale/**/*.scale.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
