// Builds the web app when its sources changed since the last build, so `npm start` stays quick
// on later starts. The build stamp is the newest modification time among the inputs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/ui/src',
  'packages/api/src/shared',
  'packages/api/src/schemas.ts',
  'package-lock.json',
];
const stampFile = path.join(root, 'apps/web/dist/.build-stamp');

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function buildWebIfStale() {
  const stamp = String(Math.max(...inputs.map((input) => newestModification(path.join(root, input)))));
  if (
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp &&
    existsSync(path.join(root, 'apps/web/dist/index.html'))
  )
    return;
  console.log('Building the web app...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
