import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnApp, waitUntilReady, type AppProcess } from '../../../test/app-process';
import { createEmptyDatabase } from '../../../test/database';
import { RestClient } from '../../../test/rest-client';

// Several instances of `npm start` on one PostgreSQL (DATABASE_URL), started at the same moment on
// a database nothing has touched yet: migrations, seed and demo data must not collide.
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };
const SECRET = 'multi-instance-secret-0123456789abcdef';
const running: AppProcess[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'pb-instances-'));

afterAll(async () => {
  for (const app of running) if (app.running) app.child.kill('SIGKILL');
  await Promise.all(running.map((app) => app.exited()));
  rmSync(scratch, { recursive: true, force: true });
});

async function startInstance(databaseUrl: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const app = spawnApp('server', {
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(scratch, 'instance-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_SECRET: SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: '1',
    GENESYS_HISTORY_DAYS: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
  running.push(app);
  return { app, url: `http://127.0.0.1:${port}` };
}

async function count(databaseUrl: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('instances sharing one database', () => {
  it(
    'three started together on a fresh database all come up, with one copy of the seed and demo data',
    { timeout: 240_000 },
    async () => {
      const databaseUrl = await createEmptyDatabase();
      const instances = await Promise.all([1, 2, 3].map(() => startInstance(databaseUrl)));
      await Promise.all(instances.map(({ app, url }) => waitUntilReady(app, `${url}/readyz`, 180_000)));

      for (const { url } of instances) {
        const client = new RestClient(url);
        const signIn = await client.signIn(ADMIN.email, ADMIN.password);
        expect(signIn.status).toBe(200);
      }
      expect(await count(databaseUrl, 'users')).toBe(1);
      expect(await count(databaseUrl, 'roles')).toBe(3);
      expect(await count(databaseUrl, 'customer_profiles')).toBe(12);
      expect(await count(databaseUrl, 'regions')).toBe(2);
      for (const { app } of instances) expect(app.output()).not.toMatch(/Unique constraint|could not start/i);

      // An instance with another APP_SECRET could not read the stored QuickBooks tokens: it refuses
      // to start and says what to do.
      const stranger = await startInstance(databaseUrl, { APP_SECRET: 'some-other-secret-0123456789abcdef' });
      expect(await stranger.app.exited()).toBe(1);
      expect(stranger.app.output()).toMatch(
        /cannot start: APP_SECRET differs from the one this database was first started with/,
      );
      expect(stranger.app.output()).toMatch(/set APP_SECRET here to the value the other instances use/);
      expect(stranger.app.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace

      for (const { app } of instances) app.child.kill('SIGTERM');
      expect(await Promise.all(instances.map(({ app }) => app.exited()))).toEqual([0, 0, 0]);
    },
  );
});
