// `npm test`: lint (ESLint's import directions + the type check), then unit, integration (real
// PostgreSQL: embedded, or DATABASE_URL) and browser tests (Debian's chromium through
// playwright-core). The web app is built first for the browser tests. With arguments
// (`npm test -- path/to/file.test.ts`) only vitest runs, for quick iterations.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`\nNo Chromium found at ${chromium} (set CHROMIUM_PATH, or apt-get install chromium): browser tests will be reported as skipped.\n`);
}
const args = process.argv.slice(2);
if (args.length === 0) {
  const lint = spawnSync('npm', ['run', 'lint'], { stdio: 'inherit' });
  if (lint.status !== 0) {
    console.error('\nnpm run lint failed: fix the problems above (tests did not run).');
    process.exit(lint.status ?? 1);
  }
}
buildWebIfStale();
const result = spawnSync('npx', ['vitest', 'run', ...args], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', TURBO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
