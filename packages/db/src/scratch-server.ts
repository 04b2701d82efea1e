import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';
import { withDatabase } from './migrate';

export interface ScratchServer {
  /** URL of the server's `postgres` database, for CREATE/DROP DATABASE. */
  serverUrl: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL server for tests and benchmarks: DATABASE_URL's server when set, otherwise an
 * embedded one in a temporary folder that `stop` removes again.
 */
export async function startScratchServer(prefix: string): Promise<ScratchServer> {
  if (process.env.DATABASE_URL) {
    return { serverUrl: withDatabase(process.env.DATABASE_URL, 'postgres'), stop: async () => undefined };
  }
  const clusterParent = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const embedded = await startEmbeddedPostgres({ clusterDir: path.join(clusterParent, 'cluster'), log: () => undefined });
  return {
    serverUrl: embedded.url,
    async stop() {
      await embedded.stop();
      rmSync(clusterParent, { recursive: true, force: true });
    },
  };
}

/** One statement on its own connection (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
