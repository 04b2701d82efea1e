import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './provided-context';
import { startEmbeddedPostgres } from '../packages/db/src/embedded';
import { migrateDatabase, withDatabase } from '../packages/db/src/migrate';


/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set, otherwise an embedded one in a
 * temporary folder. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const runId = `pb${process.pid}${Date.now().toString(36)}`;
  let serverUrl: string;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let clusterParent: string | null = null;
  if (process.env.DATABASE_URL) {
    serverUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    clusterParent = mkdtempSync(path.join(tmpdir(), 'pb-test-pg-'));
    const embedded = await startEmbeddedPostgres({ clusterDir: path.join(clusterParent, 'cluster'), log: () => undefined });
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `${runId}_template`;
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  await migrateDatabase(withDatabase(serverUrl, template));

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  project.provide('testRunId', runId);

  return async () => {
    const { rows } = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${runId}%'`);
    for (const { datname } of rows as Array<{ datname: string }>) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
    await stopEmbedded?.();
    if (clusterParent) rmSync(clusterParent, { recursive: true, force: true });
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
