import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';

/**
 * Idempotency-Key on the creating POSTs, over real HTTP (issue 25): a script that retries after a
 * timeout says "the same run" with a key, and gets the first answer instead of a second job.
 */

let server: TestServer;
let admin: RestClient;
const db = () => server.server.services.db;
let keyCount = 0;
const newKey = () => `retry-${Date.now()}-${++keyCount}`;
const RUN = {
  billingPeriodStart: '2026-01-01',
  billingPeriodEnd: '2026-01-31',
  isDryRun: true,
  selectedQueues: ['Support'],
};

beforeAll(async () => {
  server = await startTestServer({ runWorkers: false });
  admin = await server.admin();
});
afterAll(() => server?.stop());

const run = (key: string | null, body: unknown = RUN, client = admin) =>
  client.request('POST', '/api/v1/billing/run', body, key === null ? {} : { 'idempotency-key': key });

describe('Idempotency-Key on POST /billing/run', () => {
  it('two runs with one key: one job, and the second answer is the first (same job id)', async () => {
    const jobsBefore = await db().billingJob.count();
    const key = newKey();
    const first = await run(key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await run(key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.body.data.jobId).toEqual(expect.any(String));
    expect(await db().billingJob.count()).toBe(jobsBefore + 1);
  });

  it('eight identical runs sent at once with one key create one job, and all get its id', async () => {
    const jobsBefore = await db().billingJob.count();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => run(key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.body.data.jobId)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await db().billingJob.count()).toBe(jobsBefore + 1);
  });

  it('another body under the same key is a 422 and creates nothing', async () => {
    const key = newKey();
    expect((await run(key)).status).toBe(201);
    const jobsBefore = await db().billingJob.count();
    const other = await run(key, { ...RUN, billingPeriodEnd: '2026-01-30' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      success: false,
      error: 'This Idempotency-Key was already used for a different request in the last 24 hours: send a new key',
      message: 'This Idempotency-Key was already used for a different request in the last 24 hours: send a new key',
    });
    expect(await db().billingJob.count()).toBe(jobsBefore);
    // The same fields in another order are the same request.
    const reordered = await run(key, {
      selectedQueues: RUN.selectedQueues,
      isDryRun: true,
      billingPeriodEnd: RUN.billingPeriodEnd,
      billingPeriodStart: RUN.billingPeriodStart,
    });
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keys are per user: another user with the same key gets a run of their own', async () => {
    const key = newKey();
    const mine = await run(key);
    const token = (await admin.post('/api/v1/auth/tokens', { name: 'second user' })).body.data.token as string;
    const otherUser = await admin.post('/api/v1/auth/users', {
      email: 'runner@example.com',
      password: 'runner-password-1',
      roleIds: [(await db().role.findUniqueOrThrow({ where: { name: 'admin' } })).id],
    });
    expect(otherUser.status).toBe(201);
    const runner = server.anonymous();
    await runner.signIn('runner@example.com', 'runner-password-1');
    const theirs = await run(key, RUN, runner);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.jobId).not.toBe(mine.body.data.jobId);
    // An API token is the same user as the session: its key is the session's key.
    const byToken = await run(key, RUN, admin.withBearer(token));
    expect(byToken.body.data.jobId).toBe(mine.body.data.jobId);
  });

  it('without a key, ten identical runs are ten jobs (allowed; the key is how a script says "the same run")', async () => {
    const jobsBefore = await db().billingJob.count();
    const answers = await Promise.all(Array.from({ length: 10 }, () => run(null)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.data.jobId)).size).toBe(10);
    expect(await db().billingJob.count()).toBe(jobsBefore + 10);
  });

  it('a refused request keeps nothing: the same key runs again once the request is right', async () => {
    const key = newKey();
    const refused = await run(key, { ...RUN, selectedQueues: [] });
    expect(refused.status).toBe(400);
    // The corrected request under the same key is not "a different request": it runs.
    const corrected = await run(key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a key that is not 1 to 200 printable ASCII characters is a 400 naming the header', async () => {
    for (const key of ['k'.repeat(201), 'naïve-clé', 'tab\tinside']) {
      const answer = await admin.request(
        'POST',
        '/api/v1/regions',
        { name: 'Keyed badly' },
        { 'idempotency-key': key },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        { msg: 'Idempotency-Key must be 1 to 200 printable ASCII characters', path: 'Idempotency-Key' },
      ]);
    }
    expect(await db().region.count({ where: { name: 'Keyed badly' } })).toBe(0);
  });
});

describe('Idempotency-Key on the other creating POSTs', () => {
  it('regions, teams, queue assignments, customer profiles and API tokens: the same key creates once and answers the same', async () => {
    const regionKey = newKey();
    const region = await admin.request('POST', '/api/v1/regions', { name: 'West' }, { 'idempotency-key': regionKey });
    const regionAgain = await admin.request(
      'POST',
      '/api/v1/regions',
      { name: 'West' },
      { 'idempotency-key': regionKey },
    );
    expect([region.status, regionAgain.status]).toEqual([201, 201]);
    expect(regionAgain.body).toEqual(region.body);
    expect(await db().region.count({ where: { name: 'West' } })).toBe(1);

    const teamBody = { name: 'Night shift', regionId: region.body.data.id };
    const teamKey = newKey();
    const team = await admin.request('POST', '/api/v1/teams', teamBody, { 'idempotency-key': teamKey });
    expect((await admin.request('POST', '/api/v1/teams', teamBody, { 'idempotency-key': teamKey })).body).toEqual(
      team.body,
    );
    expect(await db().team.count({ where: { name: 'Night shift' } })).toBe(1);

    const unassigned = (await admin.get('/api/v1/queue-assignments/unassigned')).body.data as Array<{
      id: string;
      name: string;
    }>;
    const queue = unassigned[0]!;
    const assignment = { queueId: queue.id, queueName: queue.name, teamId: team.body.data.id };
    const assignmentKey = newKey();
    const assigned = await admin.request('POST', '/api/v1/queue-assignments', assignment, {
      'idempotency-key': assignmentKey,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    // Without the key the second would be a 409 (the queue is taken); with it, the first answer.
    expect(
      (await admin.request('POST', '/api/v1/queue-assignments', assignment, { 'idempotency-key': assignmentKey })).body,
    ).toEqual(assigned.body);

    const profile = { genesysQueueNames: ['Idempotent queue'], qboDisplayName: 'Idempotent Co', ratePerMinute: '0.10' };
    const profileKey = newKey();
    const created = await admin.request('POST', '/api/v1/customer-profiles', profile, {
      'idempotency-key': profileKey,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(
      (await admin.request('POST', '/api/v1/customer-profiles', profile, { 'idempotency-key': profileKey })).body,
    ).toEqual(created.body);
    expect(await db().customerProfile.count({ where: { genesysQueueNames: { has: 'Idempotent queue' } } })).toBe(1);

    const tokenKey = newKey();
    const token = await admin.request(
      'POST',
      '/api/v1/auth/tokens',
      { name: 'nightly script' },
      { 'idempotency-key': tokenKey },
    );
    const tokenAgain = await admin.request(
      'POST',
      '/api/v1/auth/tokens',
      { name: 'nightly script' },
      { 'idempotency-key': tokenKey },
    );
    expect(tokenAgain.body).toEqual(token.body);
    expect(await db().apiToken.count({ where: { name: 'nightly script' } })).toBe(1);
    // The kept answer holds the token's secret, so it is stored sealed, never as text.
    const stored = await db().idempotencyKey.findMany();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token.body.data.token);
  });
});
