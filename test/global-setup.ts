import type { TestProject } from 'vitest/node';
import './provided-context';
import { migrateDatabase, withDatabase } from '../packages/db/src/migrate';
import { adminQuery, startScratchServer } from '../packages/db/src/scratch-server';

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set, otherwise an embedded one in a
 * temporary folder. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const runId = `pb${process.pid}${Date.now().toString(36)}`;
  const server = await startScratchServer('pb-test-pg');
  const { serverUrl } = server;
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
    await server.stop();
  };
}
