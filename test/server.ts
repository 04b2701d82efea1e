import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { createServer, type PhoneBillingServer } from '../apps/server/src/server';
import { createTestDatabase } from './database';
import { RestClient } from './rest-client';

export const TEST_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export interface TestServer {
  url: string;
  databaseUrl: string;
  server: PhoneBillingServer;
  /** A REST client signed in as the seeded admin. */
  admin(): Promise<RestClient>;
  anonymous(): RestClient;
  stop(): Promise<void>;
}

/**
 * The real server on a free port, on its own fresh database, with real pg-boss. `env` adds
 * environment variables (no GENESYS_ / QBO_ credentials are inherited, so integrations are simulated).
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    withWebApp?: boolean;
    runWorkers?: boolean;
    /** Share another server's database (several instances). */ databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-test-data-'));
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'warn',
    PATH: process.env.PATH,
    // No three-month background pull of simulated calls: tests pull the days they bill or show.
    GENESYS_HISTORY_DAYS: '0',
    // No demo customer profiles: each test creates the profiles it bills (DEMO_DATA: '1' to see them).
    DEMO_DATA: '0',
    ...options.env,
  };
  const config = loadConfig(env, {
    port: 0,
    host: '127.0.0.1',
    ...(options.runWorkers === false ? { runWorkers: false } : {}),
  });
  if (!options.withWebApp) config.webDistDir = null;
  const server = await createServer({ config, logger: false });
  const url = await server.start();
  return {
    url,
    databaseUrl,
    server,
    anonymous: () => new RestClient(url),
    async admin() {
      const client = new RestClient(url);
      await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      return client;
    },
    stop: () => server.stop(),
  };
}
