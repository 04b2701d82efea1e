// Two server instances on one database, each with its own request cache: a change made through
// either of them, or straight in the database, must apply to the very next request in both.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';

let first: TestServer;
let second: TestServer;
let sql: pg.Client;

beforeAll(async () => {
  // Instances sharing a database share its APP_SECRET (they refuse to start otherwise).
  const env = { APP_SECRET: 'request-cache-test-secret-0123456789' };
  first = await startTestServer({ env });
  second = await startTestServer({ env, databaseUrl: first.databaseUrl });
  sql = new pg.Client({ connectionString: first.databaseUrl });
  await sql.connect();
});

/** Both caches must be in use, or these tests would pass by reading the database every time. */
async function bothCachesListening() {
  await expect
    .poll(() =>
      Boolean(first.server.services.requestCache?.isListening && second.server.services.requestCache?.isListening),
    )
    .toBe(true);
}
afterAll(async () => {
  await sql?.end();
  await second?.stop();
  await first?.stop();
});

async function newApiToken(admin: RestClient, name: string): Promise<{ id: string; token: string }> {
  const created = await admin.post('/api/v1/auth/tokens', { name });
  expect(created.status).toBe(201);
  return { id: created.body.data?.id ?? created.body.id, token: created.body.data?.token ?? created.body.token };
}

/** Asks both servers twice, so each has the answer cached before the change under test. */
async function warm(client: RestClient, path: string, status: number) {
  await bothCachesListening();
  for (const server of [first, second, first, second])
    expect((await client.on(server.url).get(path)).status).toBe(status);
}

describe('the request cache shared by several instances', () => {
  it('a token revoked on one server is refused by the other at once', async () => {
    const admin = await first.admin();
    const { id, token } = await newApiToken(admin, 'script');
    const script = first.anonymous().withBearer(token);
    await warm(script, '/api/v1/auth/me', 200);

    expect((await admin.delete(`/api/v1/auth/tokens/${id}`)).status).toBe(200);
    expect((await script.on(second.url).get('/api/v1/auth/me')).status).toBe(401);
    expect((await script.on(first.url).get('/api/v1/auth/me')).status).toBe(401);
  });

  it('a session signed out on one server is refused by the other at once', async () => {
    const browser = await first.admin();
    await warm(browser, '/api/v1/auth/me', 200);
    // Copies of the cookie taken before signing out (the browser itself forgets it).
    const copyOnSecond = browser.on(second.url);
    const copyOnFirst = browser.on(first.url);

    expect((await browser.post('/api/v1/auth/sign-out')).status).toBe(200);
    expect((await copyOnSecond.get('/api/v1/auth/me')).status).toBe(401);
    expect((await copyOnFirst.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('a role taken away on one server takes its permissions away on the other at once', async () => {
    const admin = await first.admin();
    const roles = (await admin.get('/api/v1/auth/roles')).body.roles as Array<{ id: string; name: string }>;
    const viewer = roles.find((role) => role.name === 'viewer')!;
    const created = await admin.post('/api/v1/auth/users', {
      email: 'clerk@example.com',
      name: 'Clerk',
      password: 'clerk-password-1',
      roleIds: [viewer.id],
    });
    expect(created.status).toBe(201);
    const clerk = first.anonymous();
    await clerk.signIn('clerk@example.com', 'clerk-password-1');
    await warm(clerk, '/api/v1/customer-profiles', 200);

    expect((await admin.patch(`/api/v1/auth/users/${created.body.user.id}/roles`, { roleIds: [] })).status).toBe(200);
    expect((await clerk.on(second.url).get('/api/v1/customer-profiles')).status).toBe(403);
    expect((await clerk.on(second.url).get('/api/v1/auth/me')).body.user.permissions).toEqual([]);
  });

  it('a change written straight into the database applies at once too', async () => {
    const admin = await first.admin();
    const { token } = await newApiToken(admin, 'cron job');
    const script = first.anonymous().withBearer(token);
    await warm(script, '/api/v1/auth/me', 200);

    await sql.query(`UPDATE api_tokens SET "revokedAt" = now() WHERE name = 'cron job'`);
    // Nothing answered first here, so allow the announcement its few milliseconds on the wire;
    // far inside the cache's 5 s, so it is the announcement that makes the token stop working.
    const status = (server: TestServer) => async () => (await script.on(server.url).get('/api/v1/auth/me')).status;
    await expect.poll(status(second), { timeout: 1_000, interval: 10 }).toBe(401);
    await expect.poll(status(first), { timeout: 1_000, interval: 10 }).toBe(401);
  });

  it('organisation settings changed on one server are what the other shows next', async () => {
    const admin = await first.admin();
    await warm(admin, '/api/v1/dashboard/overview', 200);
    expect((await admin.on(second.url).get('/api/v1/dashboard/overview')).body.data.config.timezone).toBe(
      'America/Los_Angeles',
    );

    expect((await admin.put('/api/v1/settings', { timezone: 'America/New_York' })).status).toBe(200);
    expect((await admin.on(second.url).get('/api/v1/dashboard/overview')).body.data.config.timezone).toBe(
      'America/New_York',
    );
  });

  it("a customer profile saved on one server is counted in the other's stat cards at once", async () => {
    const admin = await first.admin();
    await warm(admin, '/api/v1/customer-profiles', 200);
    const before = (await admin.on(second.url).get('/api/v1/customer-profiles')).body;

    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Counted Co',
      ratePerMinute: '0.05',
      genesysQueueNames: ['Counted queue'],
    });
    expect(created.status).toBe(201);
    // The announcement leaves when the save commits; well inside the cache's 5 s it must have landed.
    const totalOnSecond = async () =>
      (await admin.on(second.url).get('/api/v1/customer-profiles')).body.pagination.total as number;
    await expect.poll(totalOnSecond, { timeout: 1_000, interval: 10 }).toBe(before.pagination.total + 1);
    const after = (await admin.on(second.url).get('/api/v1/customer-profiles')).body;
    expect(after.summary.total).toBe(before.summary.total + 1);
    expect(after.summary.withQueues).toBe(before.summary.withQueues + 1);
    expect(after.data.map((profile: { qboDisplayName: string }) => profile.qboDisplayName)).toContain('Counted Co');
  });

  it('a customer profile changed straight in the database is counted by both servers at once', async () => {
    const admin = await first.admin();
    await warm(admin, '/api/v1/customer-profiles?isActive=true', 200);
    const activeOn = (server: TestServer) => async () =>
      (await admin.on(server.url).get('/api/v1/customer-profiles?isActive=true')).body.summary.active as number;
    const before = await activeOn(first)();
    expect(before).toBeGreaterThan(0);

    await sql.query(`UPDATE customer_profiles SET "isActive" = false WHERE "qboDisplayName" = 'Counted Co'`);
    await expect.poll(activeOn(second), { timeout: 1_000, interval: 10 }).toBe(before - 1);
    await expect.poll(activeOn(first), { timeout: 1_000, interval: 10 }).toBe(before - 1);
  });

  it('really answers from the cache: with the announcements held back, the other server still has its copy', async () => {
    const admin = await first.admin();
    const { token } = await newApiToken(admin, 'unannounced');
    const script = first.anonymous().withBearer(token);
    await warm(script, '/api/v1/auth/me', 200);

    // A trigger-less write (replication role) announces nothing: what the tests above prove is
    // the announcement reaching the other process, not a fresh read on every request.
    await sql.query('BEGIN');
    await sql.query('SET LOCAL session_replication_role = replica');
    await sql.query(`UPDATE api_tokens SET "revokedAt" = now() WHERE name = 'unannounced'`);
    await sql.query('COMMIT');
    expect((await script.on(second.url).get('/api/v1/auth/me')).status).toBe(200);
  });
});
