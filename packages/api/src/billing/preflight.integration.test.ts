import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
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

// POST /billing/preflight (issue 24): what an October run would meet, before anything runs.
const OCT = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false };
const QUEUES = ['Pre Amy', 'Pre Bill', 'Pre Cool'];

type Preflight = {
  warnings: Array<{ code: string; message: string; customerProfileId?: string }>;
  customers: Array<{
    customerProfileId: string;
    customerName: string;
    periods: Array<{ start: string; end: string }>;
    alreadyInvoiced: boolean;
  }>;
};

describe('billing pre-flight', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  const ids: Record<string, string> = {};

  const preflight = async (body: Record<string, unknown>) => {
    const answer = await admin.post('/api/v1/billing/preflight', body);
    expect(answer.status).toBe(200);
    return answer.body.data as Preflight;
  };
  const codes = (result: Preflight) => result.warnings.map((warning) => warning.code);

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({ env: { ...qboEnv(sim.simulator, sim.url), DEMO_DATA: '0' } });
    admin = await test.admin();
    stubGenesys(test);
    const { db } = test.server.services;
    await db.genesysQueue.createMany({ data: QUEUES.map((name, index) => ({ id: `pre-${index}`, name })) });
    ids.amy = (
      await createProfile(db, { name: "Amy's Bird Sanctuary", queues: ['Pre Amy'], rate: '0.05', qboCustomerId: '1' })
    ).id;
    const bill = await createProfile(db, {
      name: "Bill's Windsurf Shop",
      queues: ['Pre Bill'],
      rate: '0.05',
      minimum: 200,
      qboCustomerId: '2',
    });
    await db.customerProfile.update({ where: { id: bill.id }, data: { billingPeriodStart: 16, billingPeriodEnd: 15 } });
    ids.bill = bill.id;
    ids.cool = (
      await createProfile(db, { name: 'Cool Cars', queues: ['Pre Cool'], rate: '0.05', qboCustomerId: null })
    ).id;
    await insertCalls(db, [{ queueId: 'pre-0', start: '2026-10-05T17:00:00Z', seconds: 61 }]);
  });
  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it('says QuickBooks is not connected before it is, and nothing about it after', async () => {
    const before = await preflight({ ...OCT, selectedQueues: ['Pre Amy'] });
    expect(before.warnings).toContainEqual({
      code: 'QBO_NOT_CONNECTED',
      message: 'QuickBooks is not connected: every invoice of this run will fail. Connect it on QBO Setup first.',
    });
    await connectQbo(test, admin, sim.simulator, sim.url);
    expect(codes(await preflight({ ...OCT, selectedQueues: ['Pre Amy'] }))).not.toContain('QBO_NOT_CONNECTED');
  });

  it('names the customer without a QuickBooks customer and the one whose periods the range cuts', async () => {
    const result = await preflight({ ...OCT, selectedQueues: QUEUES });
    expect(result.warnings).toEqual([
      {
        code: 'PERIOD_CUT',
        customerProfileId: ids.bill,
        message:
          "Bill's Windsurf Shop is billed 16th–15th: this range touches two of its periods and bills a minimum for each.",
      },
      {
        code: 'NO_QBO_CUSTOMER',
        customerProfileId: ids.cool,
        message:
          'Cool Cars is not linked to a QuickBooks customer: its invoice will fail until one is connected on its profile.',
      },
    ]);
    expect(
      result.customers.map((customer) => [customer.customerName, customer.periods, customer.alreadyInvoiced]),
    ).toEqual([
      ["Amy's Bird Sanctuary", [{ start: '2026-10-01', end: '2026-10-31' }], false],
      [
        "Bill's Windsurf Shop",
        [
          { start: '2026-09-16', end: '2026-10-15' },
          { start: '2026-10-16', end: '2026-11-15' },
        ],
        false,
      ],
      ['Cool Cars', [{ start: '2026-10-01', end: '2026-10-31' }], false],
    ]);
    // Billing 16th to 15th in whole periods raises nothing.
    const aligned = await preflight({
      billingPeriodStart: '2026-09-16',
      billingPeriodEnd: '2026-10-15',
      isDryRun: true,
      selectedQueues: ['Pre Bill'],
    });
    expect(aligned.warnings).toEqual([]);
  });

  it('after October is invoiced, says so; the run itself is still allowed', async () => {
    const job = await runJob(admin, { ...OCT, selectedQueues: ['Pre Amy'] });
    expect((await waitForJob(test, admin, job.id)).status).toBe('COMPLETED');
    const result = await preflight({ ...OCT, selectedQueues: ['Pre Amy'] });
    expect(result.warnings).toEqual([
      {
        code: 'ALREADY_INVOICED',
        customerProfileId: ids.amy,
        message:
          "Amy's Bird Sanctuary: 10/01/2026–10/31/2026 is already invoiced; only calls that arrived since are billed.",
      },
    ]);
    expect(result.customers[0]!.alreadyInvoiced).toBe(true);
  });

  it('warns of the kill switch and of a range that has not ended, without running anything', async () => {
    const jobsBefore = await test.server.services.db.billingJob.count();
    await admin.put('/api/v1/settings', { killSwitch: { enabled: true, reason: 'Month-end check' } });
    const paused = await preflight({ ...OCT, selectedQueues: ['Pre Amy'] });
    expect(paused.warnings[0]).toEqual({
      code: 'KILL_SWITCH',
      message:
        'The kill switch is on (Month-end check): billing is paused and the run will be refused until it is turned off.',
    });
    await admin.put('/api/v1/settings', { killSwitch: { enabled: false } });
    const future = await preflight({
      billingPeriodStart: '2026-10-01',
      billingPeriodEnd: '2099-12-31',
      isDryRun: true,
      selectedQueues: ['Pre Amy'],
    });
    expect(future.warnings[0]!.code).toBe('RANGE');
    expect(await test.server.services.db.billingJob.count()).toBe(jobsBefore);
  });

  it("takes the run's input with its messages: no queue is a 400", async () => {
    const answer = await admin.post('/api/v1/billing/preflight', { ...OCT, selectedQueues: [] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Select at least one queue');
  });
});
