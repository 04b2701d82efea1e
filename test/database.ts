import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import './provided-context';
import { withDatabase } from '../packages/db/src/migrate';

/** A fresh, migrated database for one test file (a clone of the run's template). */
export function createTestDatabase(): Promise<string> {
  return createDatabase(`TEMPLATE "${inject('templateDatabase')}"`);
}

/** An empty database (no migrations applied): for tests of what a first start does to a fresh one. */
export function createEmptyDatabase(): Promise<string> {
  return createDatabase('');
}

async function createDatabase(options: string): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const name = `${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" ${options}`);
    // A test database is dropped at the end of the run, so a commit need not wait for the disk
    // (DATABASE_URL's server keeps its own durable settings for every other database).
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

/** Drops a database made by createTestDatabase once its test is done with it (a long soak makes thousands). */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.startsWith(`${inject('testRunId')}_`)) throw new Error(`not a database of this test run: ${name}`);
  const client = new pg.Client({ connectionString: inject('databaseServerUrl') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
