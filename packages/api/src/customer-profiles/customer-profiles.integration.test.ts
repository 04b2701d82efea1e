import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../../test/server';
import { runScheduleTick } from '../billing/schedule-tick';
import { profileStats } from './stats';

/** REST behaviour of /api/v1/customer-profiles (spec 001 §7, spec/API.md, DESIGN.md §4). */

let server: TestServer;
let admin: RestClient;

const base = {
  genesysQueueNames: ['Alpha Queue'],
  qboDisplayName: 'Alpha Co',
  ratePerMinute: '0.05',
};

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: '0' } });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.stop();
});

describe('create, read, update, delete', () => {
  it('documents every customer-profile path in the OpenAPI description', async () => {
    const answer = await admin.get('/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    const paths = Object.keys(answer.body.paths);
    for (const path of [
      '/customer-profiles',
      '/customer-profiles/{id}',
      '/customer-profiles/{id}/reschedule-billing',
      '/customer-profiles/reschedule-all-billing',
      '/customer-profiles/{id}/stats',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('needs a session, customer:view or billing:view to read and customer:edit to change', async () => {
    expect((await server.anonymous().get('/api/v1/customer-profiles')).status).toBe(401);
    const roles = (await admin.get('/api/v1/auth/roles')).body.roles as Array<{ id: string; name: string }>;
    const viewerRole = roles.find((role) => role.name === 'viewer')!;
    const made = await admin.post('/api/v1/auth/users', {
      email: 'viewer@example.com',
      roleIds: [viewerRole.id],
      password: 'viewer-password-1',
    });
    expect(made.status).toBe(201);
    const viewer = server.anonymous();
    await viewer.signIn('viewer@example.com', 'viewer-password-1');
    expect((await viewer.get('/api/v1/customer-profiles')).status).toBe(200);
    const refused = await viewer.post('/api/v1/customer-profiles', base);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Permission denied: requires customer:edit');
  });

  it('creates with the defaults, answers 201 with rates as decimal text and a next run', async () => {
    const created = await admin.post('/api/v1/customer-profiles', {
      ...base,
      ratePerMinute: 0.05,
      overageRatePerMinute: '0.075',
    });
    expect(created.status).toBe(201);
    const profile = created.body.data;
    expect(profile).toMatchObject({
      genesysQueueNames: ['Alpha Queue'],
      qboDisplayName: 'Alpha Co',
      isActive: true,
      ratePerMinute: '0.05',
      overageRatePerMinute: '0.075',
      billDate: 1,
      billTime: '02:00',
      billingPeriodStart: 1,
      billingPeriodEnd: 31,
      minimumMinutes: 0,
      qboCountry: 'US',
    });
    expect(typeof profile.nextRunAt).toBe('string');
    expect(new Date(profile.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const updated = await admin.put(`/api/v1/customer-profiles/${profile.id}`, {
      ...base,
      qboDisplayName: 'Alpha Company',
      isActive: false,
      notes: 'paused',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      qboDisplayName: 'Alpha Company',
      isActive: false,
      notes: 'paused',
      nextRunAt: null,
    });

    const removed = await admin.delete(`/api/v1/customer-profiles/${profile.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.success).toBe(true);
    expect((await admin.delete(`/api/v1/customer-profiles/${profile.id}`)).status).toBe(404);
    expect((await admin.put('/api/v1/customer-profiles/not-a-uuid', base)).status).toBe(400);

    // The audit log names who created, changed and deleted it (newest first).
    const audit = (await admin.get('/api/v1/audit-log?limit=100')).body.data as Array<{
      action: string;
      actor: string | null;
      target: string | null;
      details: unknown;
    }>;
    expect(
      audit
        .filter((entry) => entry.action.startsWith('customer-profile.'))
        .map(({ action, actor, target, details }) => ({ action, actor, target, details })),
    ).toEqual([
      {
        action: 'customer-profile.deleted',
        actor: TEST_ADMIN.email,
        target: 'Alpha Company',
        details: { id: profile.id },
      },
      {
        action: 'customer-profile.updated',
        actor: TEST_ADMIN.email,
        target: 'Alpha Company',
        details: {
          id: profile.id,
          changes: expect.arrayContaining([{ field: 'qboDisplayName', from: 'Alpha Co', to: 'Alpha Company' }]),
        },
      },
      { action: 'customer-profile.created', actor: TEST_ADMIN.email, target: 'Alpha Co', details: { id: profile.id } },
    ]);
  });

  it('reads one profile by id for a link to its dialog; an unknown id is a 404, a malformed one a 400', async () => {
    const created = await admin.post('/api/v1/customer-profiles', {
      ...base,
      genesysQueueNames: ['Linked Queue'],
      qboDisplayName: 'Linked Co',
    });
    expect(created.status).toBe(201);
    const read = await admin.get(`/api/v1/customer-profiles/${created.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: created.body.data.id,
      qboDisplayName: 'Linked Co',
      genesysQueueNames: ['Linked Queue'],
      ratePerMinute: '0.05',
      archivedAt: null,
    });

    const unknown = await admin.get('/api/v1/customer-profiles/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: 'Customer profile not found' });
    expect((await admin.get('/api/v1/customer-profiles/not-a-uuid')).status).toBe(400);
    expect((await admin.delete(`/api/v1/customer-profiles/${created.body.data.id}`)).status).toBe(200);
  });

  it('answers 400 with errors[].msg for each bad field', async () => {
    const answer = await admin.post('/api/v1/customer-profiles', {
      genesysQueueNames: ['  '],
      qboDisplayName: ' ',
      ratePerMinute: 'abc',
      overageRatePerMinute: -1,
      billDate: 32,
      billingPeriodStart: 0,
      minimumMinutes: -5,
      qboPrimaryEmailAddr: 'not-an-email',
    });
    expect(answer.status).toBe(400);
    const messages = (answer.body.errors as Array<{ msg: string }>).map((error) => error.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'At least one Genesys queue name is required',
        'QBO Display Name is required for QuickBooks integration',
        'Rate Per Minute must be a valid number',
        'Overage Rate Per Minute must be zero or greater',
        'Bill day must be between 1 and 31',
        'Billing period start must be between 1 and 31',
        'Minimum minutes must be a whole number of zero or more',
        'Email must be a valid email address',
      ]),
    );
    expect(answer.body.error).toBe(messages[0]);
    const negative = await admin.post('/api/v1/customer-profiles', { ...base, ratePerMinute: '-0.5' });
    expect(negative.status).toBe(400);
    expect(negative.body.errors[0].msg).toBe('Rate Per Minute must be zero or greater');
  });
});

describe('a queue belongs to at most one active profile', () => {
  it('refuses a claimed queue with a 409 naming the holder; inactive holders do not count', async () => {
    const holder = await admin.post('/api/v1/customer-profiles', {
      ...base,
      genesysQueueNames: ['Shared Q'],
      qboDisplayName: 'Holder Inc',
    });
    expect(holder.status).toBe(201);

    const claim = await admin.post('/api/v1/customer-profiles', {
      ...base,
      genesysQueueNames: ['Other Q', 'Shared Q'],
      qboDisplayName: 'Claimer',
    });
    expect(claim.status).toBe(409);
    expect(claim.body.error).toBe("Queue 'Shared Q' already belongs to active customer profile 'Holder Inc'");

    // An inactive profile may list it; activating it then is refused.
    const inactive = await admin.post('/api/v1/customer-profiles', {
      ...base,
      genesysQueueNames: ['Shared Q'],
      qboDisplayName: 'Sleeper',
      isActive: false,
    });
    expect(inactive.status).toBe(201);
    const activate = await admin.put(`/api/v1/customer-profiles/${inactive.body.data.id}`, {
      ...base,
      genesysQueueNames: ['Shared Q'],
      qboDisplayName: 'Sleeper',
      isActive: true,
    });
    expect(activate.status).toBe(409);
    expect(activate.body.error).toBe("Queue 'Shared Q' already belongs to active customer profile 'Holder Inc'");

    // Once the holder is deleted the queue is free again.
    expect((await admin.delete(`/api/v1/customer-profiles/${holder.body.data.id}`)).status).toBe(200);
    const retry = await admin.put(`/api/v1/customer-profiles/${inactive.body.data.id}`, {
      ...base,
      genesysQueueNames: ['Shared Q'],
      qboDisplayName: 'Sleeper',
      isActive: true,
    });
    expect(retry.status).toBe(200);
    await admin.delete(`/api/v1/customer-profiles/${inactive.body.data.id}`);
  });
});

describe('filters and pagination over a few hundred profiles', () => {
  // 300 profiles: i % 3 === 0 inactive; i % 4 === 0 without a QuickBooks id; i % 5 === 0 no queues (and so inactive-free? no: stored with the queue list empty).
  const COUNT = 300;
  beforeAll(async () => {
    const db = server.server.services.db;
    await db.customerProfile.deleteMany();
    await db.customerProfile.createMany({
      data: Array.from({ length: COUNT }, (_, i) => ({
        qboDisplayName: `Bulk ${String(i).padStart(3, '0')}`,
        qboCompanyName: i === 7 ? 'Needle Holdings' : null,
        qboPrimaryEmailAddr: i === 8 ? 'billing@haystack.example' : null,
        isActive: i % 3 !== 0,
        qboCustomerId: i % 4 === 0 ? null : String(1000 + i),
        genesysQueueNames: i % 5 === 0 ? [] : [`Bulk Queue ${i}`],
      })),
    });
    const rows = await db.customerProfile.findMany({ select: { id: true, genesysQueueNames: true, isActive: true } });
    await db.customerProfileQueue.createMany({
      data: rows.flatMap((row) =>
        row.genesysQueueNames.map((queueName) => ({ profileId: row.id, queueName, profileActive: row.isActive })),
      ),
    });
  });

  const expectedCount = (predicate: (i: number) => boolean) =>
    Array.from({ length: COUNT }, (_, i) => i).filter(predicate).length;

  it('pages by 20 by default and by the asked limit', async () => {
    const first = await admin.get('/api/v1/customer-profiles');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 300, pages: 15 });
    expect(first.body.data[0].qboDisplayName).toBe('Bulk 000');
    const last = await admin.get('/api/v1/customer-profiles?page=3&limit=100');
    expect(last.body.data).toHaveLength(100);
    expect(last.body.data[99].qboDisplayName).toBe('Bulk 299');
    expect((await admin.get('/api/v1/customer-profiles?limit=0')).status).toBe(400);
  });

  it('isActive=false returns only the inactive ones', async () => {
    const answer = await admin.get('/api/v1/customer-profiles?isActive=false&limit=100');
    expect(answer.body.pagination.total).toBe(100); // i % 3 === 0 for i in 0..299
    expect(answer.body.data.every((profile: { isActive: boolean }) => !profile.isActive)).toBe(true);
    const active = await admin.get('/api/v1/customer-profiles?isActive=true&limit=10');
    expect(active.body.pagination.total).toBe(200);
  });

  it('filters by QuickBooks mapping, queues, queue name and search, and combines them', async () => {
    expect((await admin.get('/api/v1/customer-profiles?hasQboCustomerId=false')).body.pagination.total).toBe(75);
    expect((await admin.get('/api/v1/customer-profiles?hasQboCustomerId=true')).body.pagination.total).toBe(225);
    expect((await admin.get('/api/v1/customer-profiles?hasGenesysQueues=false')).body.pagination.total).toBe(60);
    expect(
      (await admin.get('/api/v1/customer-profiles?hasGenesysQueues=true&isActive=true')).body.pagination.total,
    ).toBe(expectedCount((i) => i % 5 !== 0 && i % 3 !== 0));
    const byQueue = await admin.get(`/api/v1/customer-profiles?queueName=${encodeURIComponent('bulk queue 41')}`);
    expect(byQueue.body.data.map((profile: { qboDisplayName: string }) => profile.qboDisplayName)).toEqual([
      'Bulk 041',
    ]);
    const search = async (term: string) =>
      (await admin.get(`/api/v1/customer-profiles?limit=100&search=${encodeURIComponent(term)}`)).body.data.map(
        (p: { qboDisplayName: string }) => p.qboDisplayName,
      );
    expect(await search('needle')).toEqual(['Bulk 007']);
    expect(await search('HAYSTACK')).toEqual(['Bulk 008']);
    expect(await search('queue 299')).toEqual(['Bulk 299']);
    expect(await search('bulk 01')).toHaveLength(10);
    expect((await admin.get('/api/v1/customer-profiles?isActive=maybe')).status).toBe(400);
  });

  it('reschedule-all reports its counts: every active profile gets a next run, inactive ones none', async () => {
    const answer = await admin.post('/api/v1/customer-profiles/reschedule-all-billing', {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ successCount: 200, failedCount: 0 });
    const db = server.server.services.db;
    expect(await db.customerProfile.count({ where: { isActive: true, nextRunAt: null } })).toBe(0);
    expect(await db.customerProfile.count({ where: { isActive: false, nextRunAt: { not: null } } })).toBe(0);
  });
});

describe('billing schedule', () => {
  it('reschedule-billing answers the customer name and its next run', async () => {
    const created = await admin.post('/api/v1/customer-profiles', {
      ...base,
      genesysQueueNames: ['Sched Q'],
      qboDisplayName: 'Sched Co',
      billDate: 31,
      billTime: '02:00',
    });
    const answer = await admin.post(`/api/v1/customer-profiles/${created.body.data.id}/reschedule-billing`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.data.customerName).toBe('Sched Co');
    const nextRun = new Date(answer.body.data.nextRun);
    expect(nextRun.getTime()).toBeGreaterThan(Date.now());
    // 02:00 in Los Angeles is 09:00 or 10:00 UTC.
    expect([9, 10]).toContain(nextRun.getUTCHours());
  });

  it('a profile whose next run has passed gets a job queued by the tick, once', async () => {
    const db = server.server.services.db;
    const created = await admin.post('/api/v1/customer-profiles', {
      ...base,
      genesysQueueNames: ['Tick Q'],
      qboDisplayName: 'Tick Co',
      billDate: 15,
      billTime: '02:00',
    });
    const id = created.body.data.id as string;
    // Its run fell due a minute ago (every other profile's next run is in the future).
    const dueAt = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
    await db.customerProfile.update({ where: { id }, data: { nextRunAt: dueAt } });
    const now = new Date();

    const [first, second] = await Promise.all([
      runScheduleTick(server.server.services, now),
      runScheduleTick(server.server.services, now),
    ]);
    const third = await runScheduleTick(server.server.services, now);
    const mine = [...first.queued, ...second.queued, ...third.queued].filter((run) => run.profileId === id);
    // The server's own minute tick may have taken it first; either way it is recorded and queued once.
    expect(mine.length).toBeLessThanOrEqual(1);

    const runs = await db.scheduledRun.findMany({ where: { profileId: id } });
    expect(runs).toHaveLength(1);
    // Recorded as DUE (the billing worker may already have moved it on).
    expect(runs[0]!.dueAt).toEqual(dueAt);
    const jobs = await db.$queryRaw<Array<{ data: { scheduledRunId: string } }>>`
      SELECT data FROM pgboss.job WHERE name = 'billing.scheduled-run' AND data->>'scheduledRunId' = ${runs[0]!.id}`;
    expect(jobs).toHaveLength(1);

    // Advanced past now, to a 15th at 02:00 in Los Angeles.
    const after = await db.customerProfile.findUniqueOrThrow({ where: { id } });
    expect(after.nextRunAt!.getTime()).toBeGreaterThan(now.getTime());
    const wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(after.nextRunAt!);
    expect(wallClock).toBe('15, 02:00');
  });
});

describe('statistics', () => {
  it("covers the current period up to today, voice calls of the profile's queues, rated with its rules", async () => {
    const { services } = server.server;
    const { db } = services;
    const original = services.integrations.genesys;
    const pulled: Array<{ startDate: string; endDate: string }> = [];
    services.integrations.genesys = {
      simulated: true,
      listQueues: async () => [],
      ensureCallRecords: async (range) => {
        pulled.push(range);
      },
      status: async () => ({ isConnected: true, tokenExpiresAt: null, lastError: null }),
    };
    try {
      await db.organizationSettings.upsert({
        where: { id: 1 },
        create: { id: 1, billingIncrementSeconds: 6 },
        update: { billingIncrementSeconds: 6 },
      });
      await db.genesysQueue.createMany({
        data: [
          { id: 'stat-qa', name: 'Stat A' },
          { id: 'stat-qb', name: 'Stat B' },
          { id: 'stat-qc', name: 'Stat C' },
        ],
      });
      const call = (id: string, queueId: string, start: string, duration: number, mediaType = 'voice') => ({
        conversationId: id,
        queueId,
        startTime: new Date(start),
        endTime: new Date(new Date(start).getTime() + duration * 1000),
        duration,
        mediaType,
      });
      await db.callRecord.createMany({
        data: [
          call('s1', 'stat-qa', '2027-03-16T07:00:00Z', 61), // 00:00 PDT on the period's first day
          call('s2', 'stat-qa', '2027-03-18T17:00:00Z', 125),
          call('s3', 'stat-qb', '2027-03-19T18:00:00Z', 600),
          call('s4', 'stat-qb', '2027-03-20T18:30:00Z', 3), // the last call
          call('x1', 'stat-qa', '2027-03-16T06:59:00Z', 300), // 23:59 PDT on Mar 15: the previous period
          call('x2', 'stat-qa', '2027-03-17T12:00:00Z', 900, 'chat'), // not a voice call
          call('x3', 'stat-qc', '2027-03-17T12:00:00Z', 900), // another queue
          call('x4', 'stat-qa', '2027-03-21T07:00:00Z', 900), // tomorrow
        ],
      });
      const created = await admin.post('/api/v1/customer-profiles', {
        ...base,
        genesysQueueNames: ['Stat A', 'Stat B'],
        qboDisplayName: 'Stat Co',
        qboCity: 'Bayshore',
        ratePerMinute: '0.50',
        minimumMinutes: 10,
        overageRatePerMinute: '0.75',
        billingPeriodStart: 16,
        billingPeriodEnd: 15,
      });
      expect(created.status).toBe(201);

      // 2027-03-20 13:00 PDT: the period is Mar 16 - Apr 15, shown up to Mar 20.
      const stats = await profileStats(services, created.body.data.id, new Date('2027-03-20T20:00:00Z'));
      expect(pulled).toEqual([{ startDate: '2027-03-16', endDate: '2027-03-20' }]);
      // Billed at 6 s: A 66 + 126 = 192 s (3.2 min), B 600 + 6 = 606 s (10.1 min); U = 13.3 min.
      // Minimum 10 × 0.50 = 5.00; overage 3.3 × 0.75 = 2.475 → 2.48; total 7.48.
      // Split by billed seconds: A 748 × 192/798 = 179.97, B 568.02 → 180 and 568 cents.
      expect(stats).toEqual({
        totalCalls: 4,
        totalMinutes: 13.3,
        totalAmount: 7.48,
        averageCallDuration: 3.29, // (61 + 125 + 600 + 3) s / 4 / 60
        lastCallDate: '2027-03-20T18:30:00.000Z',
        queueUsage: {
          'Stat A': { calls: 2, minutes: 3.2, amount: 1.8 },
          'Stat B': { calls: 2, minutes: 10.1, amount: 5.68 },
        },
        qboMetadata: expect.objectContaining({
          qboDisplayName: 'Stat Co',
          qboCity: 'Bayshore',
          qboPrimaryPhone: null,
          qboCountry: 'US',
        }),
        period: { start: '2027-03-16', end: '2027-03-20' },
      });

      // Over REST (today's period: no calls of these queues now), and a 404 for an unknown id.
      const rest = await admin.get(`/api/v1/customer-profiles/${created.body.data.id}/stats`);
      expect(rest.status).toBe(200);
      expect(rest.body.data).toMatchObject({ totalCalls: 0, totalAmount: 5, queueUsage: {}, lastCallDate: null });
      expect((await admin.get('/api/v1/customer-profiles/00000000-0000-4000-8000-000000000000/stats')).status).toBe(
        404,
      );
    } finally {
      services.integrations.genesys = original;
      await db.organizationSettings.update({ where: { id: 1 }, data: { billingIncrementSeconds: 60 } });
    }
  });
});
