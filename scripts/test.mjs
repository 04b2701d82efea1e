// `npm test`: unit, integration (real PostgreSQL: embedded, or DATABASE_URL) and browser tests
// (Debian's chromium through playwright-core). The web app is built first for the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`\nNo Chromium found at ${chromium} (set CHROMIUM_PATH, or apt-get install chromium): browser tests will be reported as skipped.\n`);
}
buildWebIfStale();
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', TURBO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
