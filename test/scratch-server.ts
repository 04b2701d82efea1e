import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../packages/db/src/embedded';
import { withDatabase } from '../packages/db/src/migrate';

export interface ScratchServer {
  /** URL of the server's `postgres` database, for CREATE/DROP DATABASE. */
  serverUrl: string;
  stop(): Promise<void>;
}

/**
 * For the test run's embedded cluster: it keeps nothing across a crash, so it skips what only
 * durability needs (the flush to disk at every commit, full pages after each checkpoint). Tests see
 * the same SQL. Benchmarks keep the durable defaults, so their timings stay those of production.
 */
export const THROWAWAY_CLUSTER_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '400',
};

/**
 * A PostgreSQL server for tests and benchmarks: DATABASE_URL's server when set, otherwise an
 * embedded one (with `settings`) in a temporary folder that `stop` removes again.
 */
export async function startScratchServer(
  prefix: string,
  settings: Record<string, string> = {},
): Promise<ScratchServer> {
  if (process.env.DATABASE_URL) {
    return { serverUrl: withDatabase(process.env.DATABASE_URL, 'postgres'), stop: async () => undefined };
  }
  const clusterParent = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const embedded = await startEmbeddedPostgres({
    clusterDir: path.join(clusterParent, 'cluster'),
    log: () => undefined,
    settings,
  });
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
