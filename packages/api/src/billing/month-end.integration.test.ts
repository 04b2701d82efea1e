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

// GET /month-end and POST /month-end/bill-missing (issue 24): October as a clerk closes it.
// Amy is billed; Bill (16th–15th, 200-minute minimum) is not; Cool Cars has no QuickBooks customer
// and failed; Dan was billed and then a late call arrived; one call is on a queue nobody holds.

type MonthEnd = {
  customers: Array<{
    customerName: string;
    state: string;
    amount: number;
    billedAmount: number;
    missingAmount: number;
    failure: string | null;
    lateCalls: { count: number };
    periods: Array<{ start: string; end: string; status: string }>;
    invoices: Array<{ docNumber: string; amount: number }>;
  }>;
  unowned: { calls: number; minutes: number; queues: Array<{ name: string; calls: number; reason: string }> };
  warnings: Array<{ code: string; message: string }>;
  totals: { billed: number; missing: number };
};

describe('month end', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  const october = async () => {
    const answer = await admin.get('/api/v1/month-end?month=2026-10');
    expect(answer.status).toBe(200);
    return answer.body.data as MonthEnd;
  };
  const byName = (view: MonthEnd) =>
    Object.fromEntries(view.customers.map((customer) => [customer.customerName, customer]));

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({ env: { ...qboEnv(sim.simulator, sim.url), DEMO_DATA: '0' } });
    admin = await test.admin();
    stubGenesys(test);
    await connectQbo(test, admin, sim.simulator, sim.url);
    const { db } = test.server.services;
    const names = ['Amy Line', 'Bill Line', 'Cool Line', 'Dan Line', 'Nobody Line'];
    await db.genesysQueue.createMany({ data: names.map((name, index) => ({ id: `me-${index}`, name })) });
    await createProfile(db, { name: "Amy's Bird Sanctuary", queues: ['Amy Line'], rate: '0.05', qboCustomerId: '1' });
    const bill = await createProfile(db, {
      name: "Bill's Windsurf Shop",
      queues: ['Bill Line'],
      rate: '0.05',
      minimum: 200,
      qboCustomerId: '2',
    });
    await db.customerProfile.update({ where: { id: bill.id }, data: { billingPeriodStart: 16, billingPeriodEnd: 15 } });
    await createProfile(db, { name: 'Cool Cars', queues: ['Cool Line'], rate: '0.05', qboCustomerId: null });
    await createProfile(db, { name: "Dan's Diner", queues: ['Dan Line'], rate: '0.10', qboCustomerId: '3' });
    await insertCalls(db, [
      { queueId: 'me-0', start: '2026-10-05T17:00:00Z', seconds: 61 },
      { queueId: 'me-1', start: '2026-10-20T17:00:00Z', seconds: 600 },
      { queueId: 'me-2', start: '2026-10-21T17:00:00Z', seconds: 60 },
      { queueId: 'me-3', start: '2026-10-22T17:00:00Z', seconds: 120 },
      { queueId: 'me-4', start: '2026-10-23T17:00:00Z', seconds: 90 },
      { queueId: 'me-4', start: '2026-09-23T17:00:00Z', seconds: 90 }, // September's: not October's unowned call
    ]);
    const job = await runJob(admin, {
      billingPeriodStart: '2026-10-01',
      billingPeriodEnd: '2026-10-31',
      selectedQueues: ['Amy Line', 'Cool Line', 'Dan Line'],
    });
    expect((await waitForJob(test, admin, job.id)).status).toBe('FAILED'); // Cool Cars has no QuickBooks customer
    await insertCalls(db, [{ queueId: 'me-3', start: '2026-10-25T17:00:00Z', seconds: 300 }]); // late for Dan
  });
  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it("shows every customer's state with its amount, worst first, and the calls nobody is billed for", async () => {
    const view = await october();
    expect(view.customers.map((customer) => [customer.customerName, customer.state, customer.amount])).toEqual([
      ['Cool Cars', 'FAILED', 0.05],
      ["Bill's Windsurf Shop", 'NOT_BILLED', 20],
      ["Dan's Diner", 'LATE_USAGE_WAITING', 0.5],
      ["Amy's Bird Sanctuary", 'BILLED', 0.1],
    ]);
    const customers = byName(view);
    expect(customers['Cool Cars']!.failure).toMatch(/QuickBooks customer/);
    expect(
      customers["Bill's Windsurf Shop"]!.periods.map((period) => [period.start, period.end, period.status]),
    ).toEqual([
      ['2026-09-16', '2026-10-15', 'NOT_BILLED'],
      ['2026-10-16', '2026-11-15', 'NOT_BILLED'],
    ]);
    expect(customers["Dan's Diner"]).toMatchObject({ billedAmount: 0.2, lateCalls: { count: 1 } });
    expect(view.unowned).toEqual({
      calls: 1,
      minutes: 2,
      queues: [{ name: 'Nobody Line', calls: 1, minutes: 2, reason: 'No active customer profile holds this queue' }],
    });
    expect(view.totals).toEqual({ billed: 0.3, missing: 20.05 });
    // The pre-flight of billing what is missing: Bill's periods are cut by October, Cool Cars has no QuickBooks customer.
    expect(view.warnings.map((warning) => warning.code).sort()).toEqual(['NO_QBO_CUSTOMER']);
  });

  it('"Bill what is missing" as a dry run bills exactly the missing periods, in one job per range', async () => {
    const answer = await admin.post('/api/v1/month-end/bill-missing', { month: '2026-10', isDryRun: true });
    expect(answer.status).toBe(201);
    const jobs = answer.body.data.jobs as Array<{ id: string; start: string; end: string; customers: string[] }>;
    expect(jobs.map((job) => [job.start, job.end, job.customers])).toEqual([
      ['2026-10-01', '2026-10-31', ['Cool Cars']],
      ['2026-09-16', '2026-11-15', ["Bill's Windsurf Shop"]],
    ]);
    for (const job of jobs) await waitForJob(test, admin, job.id);
    // A dry run bills nothing: the month is as it was.
    expect(byName(await october())["Bill's Windsurf Shop"]!.state).toBe('NOT_BILLED');
  });

  it('for real, it invoices Bill for both periods; nothing is started twice', async () => {
    const answer = await admin.post('/api/v1/month-end/bill-missing', { month: '2026-10', isDryRun: false });
    for (const job of answer.body.data.jobs as Array<{ id: string }>) await waitForJob(test, admin, job.id);
    const customers = byName(await october());
    expect(customers["Bill's Windsurf Shop"]).toMatchObject({ state: 'BILLED', billedAmount: 20, missingAmount: 0 });
    // One invoice bills both of Bill's periods that touch October: listed once, with its whole amount.
    const billInvoices = customers["Bill's Windsurf Shop"]!.invoices;
    expect(billInvoices).toHaveLength(1);
    expect(billInvoices[0]!.amount).toBe(20);
    expect(customers['Cool Cars']!.state).toBe('FAILED');
  });

  it("the customer's invoice list says Sending only while its job runs, Not sent after (issue 24)", async () => {
    const { db } = test.server.services;
    const amy = await db.customerProfile.findFirstOrThrow({ where: { qboDisplayName: "Amy's Bird Sanctuary" } });
    const entry = await db.invoiceLedgerEntry.findFirstOrThrow({ where: { profileId: amy.id, state: 'CREATED' } });
    const statusNow = async () =>
      (
        (await admin.get(`/api/v1/customer-profiles/${amy.id}/invoices`)).body.data as Array<{
          docNumber: string;
          status: string;
        }>
      ).find((row) => row.docNumber === entry.docNumber)!.status;
    expect(await statusNow()).toBe('Sent');
    // A reservation QuickBooks never confirmed, as a failed send leaves it: its job has ended.
    await db.invoiceLedgerEntry.update({ where: { id: entry.id }, data: { state: 'RESERVED' } });
    expect(await statusNow()).toBe('Not sent');
    const job = await db.billingJob.findUniqueOrThrow({ where: { id: entry.billingJobId } });
    await db.billingJob.update({ where: { id: job.id }, data: { status: 'IN_PROGRESS' } });
    expect(await statusNow()).toBe('Sending');
    await db.billingJob.update({ where: { id: job.id }, data: { status: job.status } });
    await db.invoiceLedgerEntry.update({ where: { id: entry.id }, data: { state: 'CREATED' } });
  });

  it('refuses a month that is not YYYY-MM with a message', async () => {
    const answer = await admin.get('/api/v1/month-end?month=October');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Month must be a month like 2026-10');
  });
});
