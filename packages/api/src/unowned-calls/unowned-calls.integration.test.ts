import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectQbo,
  createProfile,
  insertCalls,
  qboEnv,
  runJob,
  startQboSimulator,
  stubGenesys,
  waitForJob,
} from '../../../../test/billing-kit';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import type { TUnownedCalls, TUnownedQueue } from '../shared/unowned-calls';

// DESIGN.md §4, "Nothing silently unbilled", as a clerk meets it over REST: billable calls that no
// run will bill are listed per queue (company-wide, in a profile's billing coverage, and as a
// dashboard issue) until the queue is assigned or a person dismisses them; a dismissal covers the
// calls seen so far, so later ones show up again.

const VIEWER = { email: 'unowned-viewer@example.com', password: 'viewer-password-1' };

describe('unowned calls', () => {
  let test: TestServer;
  let admin: RestClient;
  let viewer: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  let heldId: string;

  const list = async (client: RestClient = admin) => {
    const answer = await client.get('/api/v1/billing/unowned-calls');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as TUnownedCalls;
  };
  const queueOf = (calls: TUnownedCalls, name: string) => calls.queues.find((queue) => queue.queueName === name);
  const issues = async () => (await admin.get('/api/v1/dashboard/system-status')).body.data.overall.issues as string[];

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({ env: qboEnv(sim.simulator, sim.url) });
    admin = await test.admin();
    stubGenesys(test);
    await connectQbo(test, admin, sim.simulator, sim.url);
    const roles = (await admin.get('/api/v1/auth/roles')).body.roles as Array<{ id: string; name: string }>;
    const viewerRole = roles.find((role) => role.name === 'viewer')!;
    expect(
      (await admin.post('/api/v1/auth/users', { ...VIEWER, name: 'Vera Viewer', roleIds: [viewerRole.id] })).status,
    ).toBe(201);
    viewer = new RestClient(test.url);
    await viewer.signIn(VIEWER.email, VIEWER.password);

    const { db } = test.server.services;
    await db.genesysQueue.createMany({
      data: [
        { id: 'uq-orphan', name: 'Orphan Queue' },
        { id: 'uq-held', name: 'Held Queue' },
      ],
    });
    heldId = (
      await createProfile(db, { name: 'Held Co', queues: ['Held Queue'], rate: '1.00', billingStartDate: '2026-10-01' })
    ).id;
    await insertCalls(db, [
      // Orphan Queue: nobody holds it. 61 s and 30 s bill 2 + 1 = 3 min; a chat is not billable.
      { queueId: 'uq-orphan', start: '2026-10-03T17:00:00Z', seconds: 61 },
      { queueId: 'uq-orphan', start: '2026-10-09T17:00:00Z', seconds: 30 },
      { queueId: 'uq-orphan', start: '2026-10-10T17:00:00Z', seconds: 300, mediaType: 'chat' },
      // Held Queue: Sep 20 is before Held Co's billing start (1 min); Oct 5 is Held Co's to bill.
      { queueId: 'uq-held', start: '2026-09-20T17:00:00Z', seconds: 45 },
      { queueId: 'uq-held', start: '2026-10-05T17:00:00Z', seconds: 120 },
    ]);
    // A call still in progress is not billable yet.
    await db.callRecord.create({
      data: {
        conversationId: 'uq-running',
        startTime: new Date('2026-10-11T17:00:00Z'),
        duration: 0,
        mediaType: 'voice',
        queueId: 'uq-orphan',
      },
    });
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it('lists them per queue with count, minutes, first and last call and why; in coverage and on the dashboard', async () => {
    const calls = await list(viewer);
    expect(calls.totals).toEqual({ calls: 3, minutes: 4 });
    expect(calls.queues).toEqual([
      {
        queueId: 'uq-orphan',
        queueName: 'Orphan Queue',
        reason: 'NO_ACTIVE_PROFILE',
        reasonText: 'No active customer profile holds this queue',
        holder: null,
        calls: 2,
        minutes: 3,
        firstCallAt: '2026-10-03T17:00:00.000Z',
        lastCallAt: '2026-10-09T17:00:00.000Z',
        lastDismissal: null,
      },
      {
        queueId: 'uq-held',
        queueName: 'Held Queue',
        reason: 'BEFORE_BILLING_START',
        reasonText: "Before Held Co's billing start date 10/01/2026",
        holder: { profileId: heldId, name: 'Held Co', billingStartDate: '2026-10-01' },
        calls: 1,
        minutes: 1,
        firstCallAt: '2026-09-20T17:00:00.000Z',
        lastCallAt: '2026-09-20T17:00:00.000Z',
        lastDismissal: null,
      },
    ] satisfies TUnownedQueue[]);

    const coverage = (await viewer.get(`/api/v1/customer-profiles/${heldId}/billing-coverage`)).body.data as {
      unownedCalls: TUnownedQueue[];
    };
    expect(coverage.unownedCalls.map((queue) => [queue.queueName, queue.calls, queue.reasonText])).toEqual([
      ['Held Queue', 1, "Before Held Co's billing start date 10/01/2026"],
    ]);

    expect(await issues()).toContainEqual(
      expect.stringMatching(
        /^3 unowned calls \(4 min\) will not be billed by any run \(Orphan Queue: 2 calls, no active profile holds it; Held Queue: 1 call, before Held Co's billing start date\)/,
      ),
    );
  });

  it('a dismissal (billing:run, audited) hides the calls seen so far; a later call shows the queue again', async () => {
    expect((await viewer.post('/api/v1/billing/unowned-calls/uq-orphan/dismiss', {})).status).toBe(403);
    const dismissed = await admin.post('/api/v1/billing/unowned-calls/uq-orphan/dismiss', {});
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body).toMatchObject({
      message: '2 unowned calls (3 min) on Orphan Queue dismissed',
      data: { queueName: 'Orphan Queue', calls: 2, minutes: 3, dismissedBy: 'admin@example.com' },
    });
    const audit = await test.server.services.db.auditLog.findFirstOrThrow({
      where: { action: 'billing.unowned-calls-dismissed' },
    });
    expect(audit).toMatchObject({
      actorEmail: 'admin@example.com',
      target: 'Orphan Queue',
      details: expect.objectContaining({ calls: 2, minutes: 3 }),
    });

    expect(queueOf(await list(), 'Orphan Queue')).toBeUndefined();
    expect((await list()).totals).toEqual({ calls: 1, minutes: 1 });
    expect((await admin.post('/api/v1/billing/unowned-calls/uq-orphan/dismiss', {})).status).toBe(409);
    expect((await admin.post('/api/v1/billing/unowned-calls/no-such-queue/dismiss', {})).status).toBe(409);

    // Genesys reports one more call on the queue: it is unowned again, the earlier dismissal named.
    await insertCalls(test.server.services.db, [{ queueId: 'uq-orphan', start: '2026-09-01T17:00:00Z', seconds: 10 }]);
    const again = queueOf(await list(), 'Orphan Queue')!;
    expect(again).toMatchObject({
      calls: 1,
      minutes: 1,
      firstCallAt: '2026-09-01T17:00:00.000Z',
      lastDismissal: { by: 'admin@example.com', calls: 2 },
    });
  });

  it("assigning the queue to a profile makes its calls the profile's; billed calls never count, even after the profile is deactivated", async () => {
    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Adopter Inc',
      qboCustomerId: '9',
      genesysQueueNames: ['Orphan Queue'],
      ratePerMinute: '1.00',
      billingStartDate: '2026-08-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(queueOf(await list(), 'Orphan Queue')).toBeUndefined();

    // Held Co's October is invoiced, then the profile is deactivated: its billed call stays billed,
    // its call before the billing start is still unowned (now because nobody holds the queue).
    const job = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: ['Held Queue'],
        })
      ).id,
    );
    expect(job.status).toBe('COMPLETED');
    await test.server.services.db.customerProfile.update({ where: { id: heldId }, data: { isActive: false } });
    expect(queueOf(await list(), 'Held Queue')).toMatchObject({
      calls: 1,
      reason: 'NO_ACTIVE_PROFILE',
      firstCallAt: '2026-09-20T17:00:00.000Z',
    });
    expect(await issues()).toContainEqual(
      expect.stringMatching(
        /^1 unowned call \(1 min\) will not be billed by any run \(Held Queue: 1 call, no active profile holds it\)/,
      ),
    );
  });
});
