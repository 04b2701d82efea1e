// Review before sending over REST (issue 23, spec/API.md "Rate plans, review, invoices after
// sending"): POST /billing/jobs/{id}/approve and /reject, with the statuses a script relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';
import {
  createProfile,
  insertCalls,
  startBillingServer,
  startQboSimulator,
  waitForJob,
} from '../../../../test/billing-kit';

describe('review before sending over REST', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  const profiles: Record<string, string> = {};

  beforeAll(async () => {
    ({ sim, test, admin } = await startBillingServer());
    const { db } = test.server.services;
    await db.customerProfile.updateMany({ data: { isActive: false } });
    await db.genesysQueue.createMany({
      data: [
        { id: 'rr-a', name: 'REST Review A' },
        { id: 'rr-b', name: 'REST Review B' },
      ],
    });
    profiles.A = (
      await createProfile(db, { name: 'REST A', queues: ['REST Review A'], rate: '1.00', qboCustomerId: '1' })
    ).id;
    profiles.B = (
      await createProfile(db, { name: 'REST B', queues: ['REST Review B'], rate: '2.00', qboCustomerId: '2' })
    ).id;
    await insertCalls(db, [
      { queueId: 'rr-a', start: '2026-10-05T17:00:00Z', seconds: 120 },
      { queueId: 'rr-b', start: '2026-10-06T17:00:00Z', seconds: 60 },
    ]);
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it('a run with holdForReview waits; approve and reject answer 200, 400 and 409 as the spec says; the approved invoice is sent once', async () => {
    const run = await admin.post('/api/v1/billing/run', {
      billingPeriodStart: '2026-10-01',
      billingPeriodEnd: '2026-10-31',
      selectedQueues: ['REST Review A', 'REST Review B'],
      holdForReview: true,
    });
    expect(run.status).toBe(201);
    const { id, jobId } = (run.body as { data: { id: string; jobId: string } }).data;
    const waiting = await waitForJob(test, admin, id);
    expect(waiting.status).toBe('AWAITING_REVIEW');
    expect(waiting.customers.map((customer) => customer.flags)).toEqual([
      [{ code: 'FIRST_INVOICE', message: 'First invoice for this customer: nothing to compare with' }],
      [{ code: 'FIRST_INVOICE', message: 'First invoice for this customer: nothing to compare with' }],
    ]);

    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const badIds = await admin.post(`/api/v1/billing/jobs/${id}/approve`, { profileIds: [unknown] });
    expect(badIds.status).toBe(400);
    expect(JSON.stringify(badIds.body)).toContain(unknown);
    const noReason = await admin.post(`/api/v1/billing/jobs/${id}/reject`, { profileIds: [profiles.B] });
    expect(noReason.status).toBe(400);

    const approved = await admin.post(`/api/v1/billing/jobs/${id}/approve`, { profileIds: [profiles.A] });
    expect(approved.status).toBe(200);
    const rejected = await admin.post(`/api/v1/billing/jobs/${jobId}/reject`, {
      profileIds: [profiles.B],
      reason: 'Wrong rate',
    });
    // The approval went back to a worker: the job may still be sending (409 naming its status) or waiting again.
    if (rejected.status === 409) {
      expect(JSON.stringify(rejected.body)).toMatch(/is not waiting for review; it is (PENDING|IN_PROGRESS)/);
      expect((await waitForJob(test, admin, id)).status).toBe('AWAITING_REVIEW');
      expect(
        (await admin.post(`/api/v1/billing/jobs/${jobId}/reject`, { profileIds: [profiles.B], reason: 'Wrong rate' }))
          .status,
      ).toBe(200);
    } else {
      expect(rejected.status).toBe(200);
    }
    const done = await waitForJob(test, admin, id);
    expect(done.status).toBe('COMPLETED');
    const again = await admin.post(`/api/v1/billing/jobs/${id}/approve`, { profileIds: [profiles.A] });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('REST A was already approved by');
    const sent = sim.simulator.invoices().filter((invoice) => invoice.DocNumber?.startsWith(jobId));
    expect(sent.map((invoice) => invoice.TotalAmt)).toEqual([2]);
  });
});
