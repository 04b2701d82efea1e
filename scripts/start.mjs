// `npm start`: builds the web app if needed and runs the server in production mode.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfStale();
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
