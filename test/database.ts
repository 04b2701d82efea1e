import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import './provided-context';
import { withDatabase } from '../packages/db/src/migrate';

/** A fresh, migrated database for one test file (a clone of the run's template). */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const name = `${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

/** An empty database (no migrations applied): for tests of what a first start does to a fresh one. */
export async function createEmptyDatabase(): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const name = `${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}
