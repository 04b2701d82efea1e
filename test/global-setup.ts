import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { buildServerIfStale } from '../scripts/build-server-if-stale.mjs';
import './provided-context';
import { migrateDatabase, withDatabase } from '../packages/db/src/migrate';
import { adminQuery, startScratchServer, THROWAWAY_CLUSTER_SETTINGS } from './scratch-server';

interface RunDatabase {
  serverUrl: string;
  template: string;
  runId: string;
  /** Projects still using it; the last one's teardown drops the run's databases and stops the server. */
  users: number;
  stop(): Promise<void>;
}

// vitest loads this file once per project (integration, processes, browser), each in its own module
// graph, all in the one main process: the run's database lives on globalThis so they share it.
const RUN_DATABASE = Symbol.for('phone-billing:test-run-database');
type Holder = { [RUN_DATABASE]?: Promise<RunDatabase> };

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set, otherwise an embedded one in a
 * temporary folder. The migrations run once, into a template database; each test file clones it
 * (test/database.ts), which takes a fraction of a second instead of the migrations' seconds.
 */
async function startRunDatabase(): Promise<RunDatabase> {
  const runId = `pb${process.pid}${Date.now().toString(36)}`;
  const server = await startScratchServer('pb-test-pg', THROWAWAY_CLUSTER_SETTINGS);
  const { serverUrl } = server;
  const template = `${runId}_template`;
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  await migrateDatabase(withDatabase(serverUrl, template));
  await installJobSchema(withDatabase(serverUrl, template));
  return {
    serverUrl,
    template,
    runId,
    users: 0,
    async stop() {
      const { rows } = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${runId}%'`);
      for (const { datname } of rows as Array<{ datname: string }>) {
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      }
      await server.stop();
    },
  };
}

/**
 * pg-boss' tables, made once in the template as the server's first start makes them (same schema
 * name as apps/server/src/server.ts), so a test server's start on its clone finds them ready
 * instead of creating them (a fifth of a second of DDL per server, each file starts one or more).
 */
async function installJobSchema(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 1, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

export default async function setup(project: TestProject) {
  // The server bundle the whole-process tests start (test/app-process.ts), built before any test
  // file runs rather than inside the first one's time limit; fresh, this is a 10 ms check.
  buildServerIfStale();
  const holder = globalThis as Holder;
  holder[RUN_DATABASE] ??= startRunDatabase();
  const database = await holder[RUN_DATABASE];
  database.users += 1;

  project.provide('databaseServerUrl', database.serverUrl);
  project.provide('templateDatabase', database.template);
  project.provide('testRunId', database.runId);

  return async () => {
    database.users -= 1;
    if (database.users > 0) return;
    delete holder[RUN_DATABASE];
    await database.stop();
  };
}
