// `npm run worker`: the pg-boss workers alone (billing jobs, scheduled runs, syncs), no public web
// server. Uses DATABASE_URL or, when unset, the embedded database of a running `npm start`
// (its URL is left in DATA_DIR). Stops cleanly on SIGINT/SIGTERM.
import { existsSync, readFileSync } from 'node:fs';
import { embeddedUrlFile } from '@phone-billing/db';
import { loadConfig } from './config';
import { reportStartupFailure, stopOnSignals } from './process-lifecycle';
import { createServer, type PhoneBillingServer } from './server';

const env: NodeJS.ProcessEnv = { ...process.env };
// Without QuickBooks credentials the web server mounts its simulated QuickBooks at /sim/qbo: the
// worker must invoice into that same one (its own would be a different company), so it uses the
// running server's mount as an outside simulator.
if (!env.QBO_SIMULATOR_URL?.trim() && !(env.QBO_CLIENT_ID?.trim() && env.QBO_CLIENT_SECRET?.trim())) {
  const serverOrigin = (env.APP_ORIGIN?.trim() || `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
  env.QBO_SIMULATOR_URL = `${serverOrigin}/sim/qbo`;
}
const config = loadConfig(env, { host: '127.0.0.1', port: 0, runWorkers: true });
config.webDistDir = null;
if (!config.databaseUrl) {
  const file = embeddedUrlFile(config.dataDir);
  if (!existsSync(file)) {
    console.error(
      `No DATABASE_URL and no running Phone Billing server (${file} is missing): start it with \`npm start\` first, or set DATABASE_URL.`,
    );
    process.exit(1);
  }
  config.databaseUrl = readFileSync(file, 'utf8').trim();
}

let server: PhoneBillingServer | undefined;
let url: string;
try {
  server = await createServer({ config });
  stopOnSignals(server, (signal) => `${signal} received, stopping the workers`);
  // Listening only on a loopback port the OS picks: health checks, never the public API.
  url = await server.start();
} catch (error) {
  reportStartupFailure(error);
  await server?.stop().catch(() => undefined);
  process.exit(1);
}
server.app.log.info(`Phone Billing worker running (health at ${url}/healthz)`);
console.log('Phone Billing worker running');
