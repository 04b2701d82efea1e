// `npm start`: builds the web app and the server bundle if needed and runs the server in production mode.
import { spawn } from 'node:child_process';
import { buildServerIfStale, BUNDLE_NODE_FLAGS, serverBundleFile } from './build-server-if-stale.mjs';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

buildWebIfStale();
try {
  buildServerIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...BUNDLE_NODE_FLAGS, serverBundleFile('main')], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
