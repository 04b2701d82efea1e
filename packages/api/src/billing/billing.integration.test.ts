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
  waitForScheduledRun,
} from '../../../../test/billing-kit';
import { waitForQueueMessages, waitForTable } from '../../../../test/db-events';
import { RUN_JOB, SCHEDULED_RUN } from './job-queues';

// October 2026 in America/Los_Angeles (the default company timezone) is UTC-7 throughout.
const OCT = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31' };
const NOT_LINKED = 'This customer profile is not linked to a QuickBooks customer: connect it on Customer Profiles';
const QUEUES = ['Billing QA', 'Billing QB', 'Billing QC', 'Billing QD', 'Billing QE', 'Billing QF'];

type Customer = {
  customerName: string;
  status: string;
  amount: number;
  calls: number;
  billedMinutes: string;
  lines: Array<{ description: string; quantity: string; unitPrice: string; amount: string; taxCode: string | null }>;
  qboInvoiceId: string | null;
  docNumber: string | null;
  skipReason: string | null;
  error: string | null;
};
const byName = (job: { customers: Array<Record<string, unknown>> }) =>
  Object.fromEntries((job.customers as Customer[]).map((customer) => [customer.customerName, customer]));

describe('billing jobs against the QuickBooks simulator', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  let qboMode: string;
  let pulls: Array<{ startDate: string; endDate: string }> = [];
  const profiles: Record<string, string> = {};

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({
      env: { ...qboEnv(sim.simulator, sim.url), BILLING_SWEEP_SECONDS: '1', BILLING_STALE_SECONDS: '5' },
    });
    admin = await test.admin();
    pulls = stubGenesys(test);
    qboMode = await connectQbo(test, admin, sim.simulator, sim.url);
    const { db } = test.server.services;
    await db.genesysQueue.createMany({
      data: ['a', 'b', 'c', 'd', 'e', 'f', 'x'].map((letter) => ({
        id: `tq-${letter}`,
        name: `Billing Q${letter.toUpperCase()}`,
      })),
    });
    profiles.A = (
      await createProfile(db, {
        name: 'A Alpha',
        queues: ['Billing QA'],
        rate: '0.0425',
        taxCode: 'TAX',
        qboCustomerId: '1',
      })
    ).id;
    profiles.B = (
      await createProfile(db, {
        name: 'B Bravo',
        queues: ['Billing QB'],
        rate: '0.10',
        minimum: 100,
        overage: '0.08',
        qboCustomerId: '2',
      })
    ).id;
    profiles.C = (
      await createProfile(db, {
        name: 'C Charlie',
        queues: ['Billing QC'],
        rate: '1.25',
        minimum: 10,
        overage: '2',
        qboCustomerId: '3',
        billingStartDate: '2026-10-01',
      })
    ).id;
    profiles.D = (
      await createProfile(db, { name: 'D Delta', queues: ['Billing QD'], rate: '1.00', qboCustomerId: '4' })
    ).id;
    profiles.E = (
      await createProfile(db, { name: 'E Echo', queues: ['Billing QE'], rate: '2.00', qboCustomerId: null })
    ).id;
    profiles.F = (
      await createProfile(db, {
        name: 'F Foxtrot',
        queues: ['Billing QF'],
        rate: '5.00',
        qboCustomerId: '6',
        isActive: false,
      })
    ).id;
    await insertCalls(db, [
      // A: 61 s, 30 s, 120 s and 10 s bill 120 + 60 + 120 + 60 = 360 s = 6 min at the 60 s increment.
      { queueId: 'tq-a', start: '2026-10-05T17:00:00Z', seconds: 61 },
      { queueId: 'tq-a', start: '2026-10-06T17:00:00Z', seconds: 30 },
      { queueId: 'tq-a', start: '2026-10-07T17:00:00Z', seconds: 120 },
      { queueId: 'tq-a', start: '2026-11-01T06:59:00Z', seconds: 10 }, // Oct 31, 23:59 PDT: inside
      { queueId: 'tq-a', start: '2026-10-01T06:30:00Z', seconds: 100 }, // Sep 30, 23:30 PDT: outside
      { queueId: 'tq-a', start: '2026-11-01T07:00:00Z', seconds: 100 }, // Nov 1, 00:00 PDT: outside
      { queueId: 'tq-a', start: '2026-10-08T17:00:00Z', seconds: 100, mediaType: 'chat' }, // not voice
      // E: one 45 s call bills 1 min.
      { queueId: 'tq-e', start: '2026-10-09T17:00:00Z', seconds: 45 },
      // F is inactive: never billed.
      { queueId: 'tq-f', start: '2026-10-09T17:00:00Z', seconds: 600 },
      // B: 150 calls of 50 s bill 150 min.
      ...Array.from({ length: 150 }, (_, index) => ({
        queueId: 'tq-b',
        start: `2026-10-${String(2 + (index % 28)).padStart(2, '0')}T18:${String(index % 60).padStart(2, '0')}:00Z`,
        seconds: 50,
      })),
    ]);
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it('lists the queues of active profiles with their customers', async () => {
    const answer = await admin.get('/api/v1/billing/queues');
    expect(answer.status).toBe(200);
    const queues = (
      answer.body as {
        data: {
          queues: Array<{
            name: string;
            customers: Array<{ qboDisplayName: string; ratePerMinute: string; minimumMinutes: number }>;
          }>;
        };
      }
    ).data.queues;
    const ours = queues.filter((queue) => QUEUES.includes(queue.name));
    expect(ours.map((queue) => queue.name)).toEqual([
      'Billing QA',
      'Billing QB',
      'Billing QC',
      'Billing QD',
      'Billing QE',
    ]);
    expect(ours[1]!.customers).toEqual([
      expect.objectContaining({ qboDisplayName: 'B Bravo', ratePerMinute: '0.1000', minimumMinutes: 100 }),
    ]);
  });

  it('a dry run reports the hand-computed amounts, fails what the real run fails, and creates no invoice', async () => {
    const { id, jobId } = await runJob(admin, { ...OCT, isDryRun: true, selectedQueues: QUEUES });
    expect(jobId).toMatch(/^BJ-[0-9A-Z]{6}$/);
    const job = await waitForJob(test, admin, id);
    expect(job.status).toBe('FAILED');
    expect(job.error).toContain('E Echo: This customer profile is not linked to a QuickBooks customer');
    expect(job.type).toBe('DRY_RUN');
    const customers = byName(job);
    expect(Object.keys(customers)).toEqual(['A Alpha', 'B Bravo', 'C Charlie', 'D Delta', 'E Echo']);
    expect(customers['A Alpha']).toMatchObject({ status: 'RATED', calls: 4, billedMinutes: '6.0000', amount: 0.26 }); // 6 × 0.0425 = 0.255 → 0.26 (half-up)
    expect(customers['A Alpha']!.lines).toEqual([
      {
        description: 'Phone usage, 10/01/2026–10/31/2026',
        quantity: '6.0000',
        unitPrice: '0.0425',
        amount: '0.26',
        taxCode: 'TAX',
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
        kind: 'FIRST',
      },
    ]);
    expect(customers['B Bravo']).toMatchObject({ status: 'RATED', calls: 150, billedMinutes: '150.0000', amount: 14 });
    expect(customers['B Bravo']!.lines.map((line) => [line.description, line.quantity, line.amount])).toEqual([
      ['Minimum commitment, 10/01/2026–10/31/2026', '100.0000', '10.00'],
      ['Overage, 10/01/2026–10/31/2026', '50.0000', '4.00'],
    ]);
    expect(customers['C Charlie']).toMatchObject({ status: 'RATED', calls: 0, amount: 12.5 });
    expect(customers['D Delta']).toMatchObject({ status: 'SKIPPED', amount: 0 });
    // No QuickBooks customer: the preview fails it in the words the real run uses (next test), not "Rated (preview)".
    expect(customers['E Echo']).toMatchObject({
      status: 'FAILED',
      calls: 1,
      billedMinutes: '1.0000',
      amount: 0,
      error: NOT_LINKED,
    });
    expect(job).toMatchObject({ successfulInvoices: 3, failedInvoices: 1, totalAmount: 26.76 });
    expect(sim.simulator.invoices()).toHaveLength(0);
    expect(await test.server.services.db.invoiceLedgerEntry.count()).toBe(0);
    // Missing call records are pulled for the period before rating.
    expect(pulls).toContainEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('a manual run invoices each customer once with those amounts; a customer without QuickBooks mapping fails the job', async () => {
    const { id } = await runJob(admin, { ...OCT, selectedQueues: QUEUES });
    const job = await waitForJob(test, admin, id);
    expect(job.status).toBe('FAILED');
    expect(job.error).toContain('E Echo');
    const customers = byName(job);
    expect(customers['E Echo']).toMatchObject({ status: 'FAILED' });
    expect(customers['E Echo']!.error).toBe(NOT_LINKED);
    expect(customers['D Delta']).toMatchObject({ status: 'SKIPPED' });
    expect(job).toMatchObject({
      successfulInvoices: 3,
      failedInvoices: 1,
      totalInvoices: 4,
      totalAmount: 26.76,
      totalClients: 5,
      processedClients: 5,
    });
    // The header bell learns about the failure, pointing at the Billing Jobs screen (rung after the
    // job has ended, before its worker lets go of it).
    await waitForQueueMessages(test, test.server.services.db, RUN_JOB.name, { data: { billingJobId: id } });
    const bell = await test.server.services.db.notification.findFirst({
      where: { kind: 'billing-failure', message: { contains: String(job.jobId) } },
    });
    // It opens that job's details on Billing Jobs (issue 24: the job is in the URL).
    expect(bell?.link).toBe(`/billing-jobs?job=${job.jobId}`);

    const invoices = sim.simulator.invoices();
    expect(invoices).toHaveLength(3);
    const invoiceOf = (name: string) => invoices.find((invoice) => invoice.Id === customers[name]!.qboInvoiceId)!;
    const a = invoiceOf('A Alpha');
    expect(a.TotalAmt).toBe(0.26);
    expect(a.CustomerRef.value).toBe('1');
    expect(a.DocNumber).toBe(customers['A Alpha']!.docNumber);
    expect(a.CustomerMemo?.value).toBe('Phone usage for 10/01/2026–10/31/2026');
    expect(a.PrivateNote).toContain(String(job.jobId));
    expect(a.PrivateNote).toContain('Billing QA: 6.0000 min');
    const aLine = a.Line.find((line) => line.DetailType === 'SalesItemLineDetail') as {
      Amount: number;
      SalesItemLineDetail: {
        Qty: number;
        UnitPrice: number;
        TaxCodeRef?: { value: string };
        ItemRef: { name?: string };
      };
    };
    expect(aLine).toMatchObject({
      Amount: 0.26,
      SalesItemLineDetail: { Qty: 6, UnitPrice: 0.0425, TaxCodeRef: { value: 'TAX' } },
    });
    expect(invoiceOf('B Bravo').TotalAmt).toBe(14);
    expect(invoiceOf('C Charlie').TotalAmt).toBe(12.5);
  });

  it('a run over days already billed bills only what is new: a new period owes its minimum, billed days are skipped naming their invoice', async () => {
    const before = sim.simulator.invoices().length;
    const { id } = await runJob(admin, {
      billingPeriodStart: '2026-10-15',
      billingPeriodEnd: '2026-11-10',
      selectedQueues: ['Billing QA', 'Billing QB'],
    });
    const job = await waitForJob(test, admin, id);
    expect(job.status).toBe('COMPLETED');
    const customers = byName(job);
    // A: October 15-31 holds nothing new; November 1 00:00 PDT holds a 100 s call = 2 min × 0.0425 = 0.085 → 0.09.
    expect(customers['A Alpha']).toMatchObject({ status: 'INVOICED', calls: 1, amount: 0.09 });
    expect(customers['A Alpha']!.lines.map((line) => [line.description, line.quantity, line.amount])).toEqual([
      ['Phone usage, 11/01/2026–11/30/2026', '2.0000', '0.09'],
    ]);
    // B: November is a new period with a 100-minute minimum and no calls yet: it owes the minimum.
    expect(customers['B Bravo']).toMatchObject({ status: 'INVOICED', calls: 0, amount: 10 });
    expect(customers['B Bravo']!.lines.map((line) => line.description)).toEqual([
      'Minimum commitment, 11/01/2026–11/30/2026',
    ]);
    expect(sim.simulator.invoices()).toHaveLength(before + 2);

    // The same days again: nothing left to bill, and the skip names the invoices.
    const again = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-15',
          billingPeriodEnd: '2026-11-10',
          selectedQueues: ['Billing QA'],
        })
      ).id,
    );
    const ledger = await test.server.services.db.invoiceLedgerEntry.findFirstOrThrow({
      where: { profileId: profiles.A, periodStart: new Date('2026-10-01T00:00:00Z') },
    });
    expect(byName(again)['A Alpha']).toMatchObject({ status: 'SKIPPED', amount: 0 });
    expect(byName(again)['A Alpha']!.skipReason).toContain(ledger.docNumber);
    expect(sim.simulator.invoices()).toHaveLength(before + 2);
  });

  it('retry after a failure invoices only the rest; only failed jobs can be retried', async () => {
    const { db } = test.server.services;
    const failed = await db.billingJob.findFirstOrThrow({ where: { status: 'FAILED', type: 'MANUAL' } });
    await db.customerProfile.update({ where: { id: profiles.E }, data: { qboCustomerId: '5' } });
    const answer = await admin.post(`/api/v1/billing/retry/${failed.id}`, {});
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { jobId: string } }).data.jobId).toBe(failed.jobId);
    const job = await waitForJob(test, admin, failed.id);
    expect(job.status).toBe('COMPLETED');
    expect(job).toMatchObject({ successfulInvoices: 4, failedInvoices: 0, totalAmount: 28.76 });
    const invoices = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(failed.jobId));
    expect(invoices).toHaveLength(4);
    expect(new Set(sim.simulator.invoices().map((invoice) => invoice.DocNumber)).size).toBe(
      sim.simulator.invoices().length,
    );
    expect(invoices.find((invoice) => invoice.Id === byName(job)['E Echo']!.qboInvoiceId)?.TotalAmt).toBe(2);
    // The retry succeeded: the bell no longer says the job failed (issue 24).
    const bell = await db.notification.count({
      where: { kind: 'billing-failure', message: { contains: failed.jobId } },
    });
    expect(bell).toBe(0);

    expect((await admin.post(`/api/v1/billing/retry/${failed.id}`, {})).status).toBe(409);
    expect((await admin.delete(`/api/v1/billing/jobs/${failed.id}`)).status).toBe(409);
  });

  it('refuses bad input without a 500', async () => {
    expect((await admin.post('/api/v1/billing/run', { ...OCT, isDryRun: false, selectedQueues: [] })).status).toBe(400);
    expect(
      (
        await admin.post('/api/v1/billing/run', {
          billingPeriodStart: '2026-02-30',
          billingPeriodEnd: '2026-03-01',
          selectedQueues: ['x'],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin.post('/api/v1/billing/run', {
          billingPeriodStart: '2026-03-02',
          billingPeriodEnd: '2026-03-01',
          selectedQueues: ['x'],
        })
      ).status,
    ).toBe(400);
    expect((await admin.get('/api/v1/billing/jobs/not-a-job')).status).toBe(404);
    expect((await admin.delete('/api/v1/billing/jobs/6f1c1f7e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.post('/api/v1/billing/retry/zzz', {})).status).toBe(404);
    expect((await test.anonymous().get('/api/v1/billing/jobs')).status).toBe(401);
  });

  it('lists jobs newest first, filtered by status and searched by job id', async () => {
    const all = (await admin.get('/api/v1/billing/jobs')).body as {
      data: Array<{ jobId: string; status: string; createdAt: string }>;
    };
    expect(all.data.length).toBeGreaterThanOrEqual(3);
    expect([...all.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(all.data);
    const completed = (await admin.get('/api/v1/billing/jobs?status=COMPLETED')).body as {
      data: Array<{ status: string }>;
    };
    expect(completed.data.every((job) => job.status === 'COMPLETED')).toBe(true);
    const code = all.data[0]!.jobId;
    const searched = (await admin.get(`/api/v1/billing/jobs?search=${code.slice(3).toLowerCase()}`)).body as {
      data: Array<{ jobId: string }>;
    };
    expect(searched.data.map((job) => job.jobId)).toEqual([code]);
  });

  it('the kill switch refuses runs and retries with a 409', async () => {
    const { db } = test.server.services;
    await db.organizationSettings.upsert({
      where: { id: 1 },
      create: { id: 1, killSwitchEnabled: true, killSwitchReason: 'audit' },
      update: { killSwitchEnabled: true, killSwitchReason: 'audit' },
    });
    try {
      const answer = await admin.post('/api/v1/billing/run', { ...OCT, isDryRun: true, selectedQueues: QUEUES });
      expect(answer.status).toBe(409);
      expect((answer.body as { error: string }).error).toContain('kill switch');
    } finally {
      await db.organizationSettings.update({
        where: { id: 1 },
        data: { killSwitchEnabled: false, killSwitchReason: null },
      });
    }
  });

  it('cancel stops a job before its next invoice', async () => {
    const { db } = test.server.services;
    for (let index = 0; index < 20; index += 1) {
      await createProfile(db, {
        name: `X Cancel ${String(index).padStart(2, '0')}`,
        queues: ['Billing QX'],
        rate: '1',
        minimum: 1,
        qboCustomerId: String(1 + (index % 12)),
      });
    }
    sim.simulator.faults.latencyMs = 400;
    try {
      const { id, jobId } = await runJob(admin, { ...OCT, selectedQueues: ['Billing QX'] });
      const answer = await admin.delete(`/api/v1/billing/jobs/${id}`);
      expect(answer.status).toBe(200);
      expect((answer.body as { data: { jobId: string; status: string } }).data).toEqual({
        jobId,
        id,
        status: 'CANCELLED',
      });
      // The worker that takes its message lets go of it without sending anything.
      await waitForQueueMessages(test, db, RUN_JOB.name, { data: { billingJobId: id } });
      const job = await waitForJob(test, admin, id);
      expect(job.status).toBe('CANCELLED');
      const sent = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId));
      expect(sent.length).toBe(0);
    } finally {
      sim.simulator.faults.latencyMs = 0;
    }
  });

  it('a dry run cancelled while it rates keeps no preview: Job Details says it covered no one (issue 24)', async () => {
    const genesys = test.server.services.integrations.genesys!;
    const ensureCallRecords = genesys.ensureCallRecords;
    let started!: (id: string) => void;
    const jobStarted = new Promise<string>((resolve) => (started = resolve));
    // The clerk presses Cancel while the run pulls its calls: it is running, and rating follows.
    let cancelled = 0;
    genesys.ensureCallRecords = async (range, options) => {
      const id = await jobStarted;
      if (cancelled++ === 0) expect((await admin.delete(`/api/v1/billing/jobs/${id}`)).status).toBe(200);
      return ensureCallRecords(range, options);
    };
    try {
      const { id } = await runJob(admin, { ...OCT, isDryRun: true, selectedQueues: ['Billing QA', 'Billing QB'] });
      started(id);
      const { db } = test.server.services;
      await waitForQueueMessages(test, db, RUN_JOB.name, { data: { billingJobId: id } });
      const job = await waitForJob(test, admin, id);
      expect(job.status).toBe('CANCELLED');
      // No customer shows a rated preview under "Cancelled": they were never reached.
      expect(
        (job.customers as Customer[]).map((customer) => [customer.customerName, customer.status, customer.amount]),
      ).toEqual([
        ['A Alpha', 'PENDING', 0],
        ['B Bravo', 'PENDING', 0],
      ]);
      expect(job).toMatchObject({ successfulInvoices: 0, totalAmount: 0 });
      expect(cancelled).toBeGreaterThan(0);
    } finally {
      genesys.ensureCallRecords = ensureCallRecords;
    }
  });

  it('a running job stops when cancelled, and what it invoiced stays invoiced once', async () => {
    const { db } = test.server.services;
    for (let index = 20; index < 40; index += 1) {
      await createProfile(db, {
        name: `X Cancel ${String(index).padStart(2, '0')}`,
        queues: ['Billing QX'],
        rate: '1',
        minimum: 1,
        qboCustomerId: String(1 + (index % 12)),
      });
    }
    sim.simulator.faults.latencyMs = 300;
    try {
      const { id, jobId } = await runJob(admin, {
        billingPeriodStart: '2026-09-01',
        billingPeriodEnd: '2026-09-30',
        selectedQueues: ['Billing QX'],
      });
      // Wait until the first invoice went out, then cancel.
      await sim.waitForInvoice((invoice) => Boolean(invoice.PrivateNote?.includes(jobId)));
      expect((await admin.delete(`/api/v1/billing/jobs/${id}`)).status).toBe(200);
      // Its worker stops before the next invoice and lets go of the job (invoices in flight land first).
      await waitForQueueMessages(test, db, RUN_JOB.name, { data: { billingJobId: id } });
      const job = await waitForJob(test, admin, id);
      expect(job.status).toBe('CANCELLED');
      const sent = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId));
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.length).toBeLessThan(40);
      const invoiced = await db.billingJobCustomer.count({ where: { billingJobId: id, status: 'INVOICED' } });
      expect(invoiced).toBe(sent.length);
    } finally {
      sim.simulator.faults.latencyMs = 0;
    }
  });

  it('a due scheduled run bills the ended periods not billed yet, and is held while the kill switch is on', async () => {
    const { db, jobs } = test.server.services;
    const settings = () => db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: true } });
    await settings();
    // Dec 1 2026, 02:00 PST: profile C (days 1..31) bills November; October is invoiced already.
    const run = await db.scheduledRun.create({
      data: { profileId: profiles.C!, dueAt: new Date('2026-12-01T10:00:00Z'), state: 'DUE' },
    });
    await jobs!.send(SCHEDULED_RUN.name, { scheduledRunId: run.id });
    await waitForScheduledRun(test, db, run.id, (current) => current.state === 'HELD', 'held by the kill switch');
    // Turning the kill switch off releases it (the sweep sends it again) and it gets its job.
    await db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: false } });
    const done = await waitForScheduledRun(
      test,
      db,
      run.id,
      (current) => Boolean(current.billingJobId),
      'given its job',
    );
    const job = await waitForJob(test, admin, done.billingJobId!);
    expect(job).toMatchObject({
      type: 'MONTHLY',
      status: 'COMPLETED',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      totalAmount: 12.5,
    });
    // Sending the same run again makes no second job.
    const again = await jobs!.send(SCHEDULED_RUN.name, { scheduledRunId: run.id });
    await waitForQueueMessages(test, db, SCHEDULED_RUN.name, { id: again });
    expect(await db.billingJob.count({ where: { type: 'MONTHLY' } })).toBe(1);
  });

  it('the kill switch stops a running job before its next invoice; retry afterwards invoices only the rest', async () => {
    const { db } = test.server.services;
    for (let index = 0; index < 30; index += 1) {
      await createProfile(db, {
        name: `K Kill ${String(index).padStart(2, '0')}`,
        queues: ['Billing QK'],
        rate: '2',
        minimum: 1,
        qboCustomerId: String(1 + (index % 12)),
      });
    }
    sim.simulator.faults.latencyMs = 300;
    let jobId = '';
    let id = '';
    try {
      ({ id, jobId } = await runJob(admin, { ...OCT, selectedQueues: ['Billing QK'] }));
      // Once the first invoice went out, the kill switch goes on.
      await sim.waitForInvoice((invoice) => Boolean(invoice.PrivateNote?.includes(jobId)));
      await db.organizationSettings.update({
        where: { id: 1 },
        data: { killSwitchEnabled: true, killSwitchReason: 'month-end audit' },
      });
      const stopped = await waitForJob(test, admin, id);
      expect(stopped.status).toBe('FAILED');
      expect(stopped.error).toContain('kill switch');
      const sentBefore = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId)).length;
      expect(sentBefore).toBeLessThan(30);
      expect((await admin.post(`/api/v1/billing/retry/${id}`, {})).status).toBe(409);
    } finally {
      await db.organizationSettings.update({
        where: { id: 1 },
        data: { killSwitchEnabled: false, killSwitchReason: null },
      });
      sim.simulator.faults.latencyMs = 0;
    }
    expect((await admin.post(`/api/v1/billing/retry/${id}`, {})).status).toBe(200);
    const done = await waitForJob(test, admin, id);
    expect(done.status).toBe('COMPLETED');
    const sent = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId));
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((invoice) => invoice.DocNumber)).size).toBe(30);
    expect(done.totalAmount).toBe(60);
  });

  it('lets go of unsent reservations abandoned by ended jobs; a sent one QuickBooks does not hold (and will not take again) is kept and flagged for a person', async () => {
    const { db } = test.server.services;
    const g = await createProfile(db, {
      name: 'G Golf',
      queues: ['Billing QG'],
      rate: '1.00',
      minimum: 3,
      qboCustomerId: '7',
    });
    const cancelled = await db.billingJob.findFirstOrThrow({ where: { status: 'CANCELLED' } });
    const stale = (docNumber: string, sent: boolean) =>
      db.invoiceLedgerEntry.create({
        data: {
          profileId: g.id,
          periodStart: new Date('2026-09-01T00:00:00Z'),
          periodEnd: new Date('2026-09-30T00:00:00Z'),
          billingJobId: cancelled.id,
          docNumber,
          requestId: `${docNumber}-request`,
          amount: '3.00',
          ...(sent
            ? {
                firstSentAt: new Date(Date.now() - 3_600_000),
                lastSentAt: new Date(Date.now() - 3_600_000),
                sendAttempts: 1,
                outcomeUnknown: true,
              }
            : {}),
        },
      });
    // A cancelled job reserved two invoices an hour ago: one never sent, one sent without an answer.
    const unsent = await stale('STALE-G-1', false);
    const unanswered = await stale('STALE-G-2', true);
    await db.$executeRaw`UPDATE invoice_ledger SET "updatedAt" = now() - interval '1 hour' WHERE id IN (${unsent.id}::uuid, ${unanswered.id}::uuid)`;
    // The sweep (every second here) lets go of the unsent one; the sent one (its lines lost, so
    // QuickBooks refuses it again) is kept and flagged: no machine drops a sent invoice.
    await waitForTable(
      test,
      db,
      'invoice_ledger',
      async () => ((await db.invoiceLedgerEntry.count({ where: { id: unsent.id } })) === 0 ? true : undefined),
      {
        waitingFor: 'the unsent reservation to be let go',
        timeoutMs: 15_000,
      },
    );
    await waitForTable(
      test,
      db,
      'invoice_ledger',
      async () =>
        (await db.invoiceLedgerEntry.findUnique({ where: { id: unanswered.id } }))?.qboStatus === 'missing'
          ? true
          : undefined,
      {
        waitingFor: 'the sent reservation to be flagged',
        timeoutMs: 15_000,
      },
    );
    expect(await db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: unanswered.id } })).toMatchObject({
      state: 'RESERVED',
      outcomeUnknown: true,
    });
    expect(await db.notification.count({ where: { message: { contains: 'STALE-G-2' } } })).toBe(1);
    // September of G is billed normally afterwards, once.
    const job = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-09-01',
          billingPeriodEnd: '2026-09-30',
          selectedQueues: ['Billing QG'],
        })
      ).id,
    );
    expect(job.status).toBe('COMPLETED');
    expect(byName(job)['G Golf']).toMatchObject({ status: 'INVOICED', amount: 3 });
    expect(
      sim.simulator.invoices().filter((invoice) => invoice.Id === byName(job)['G Golf']!.qboInvoiceId),
    ).toHaveLength(1);
  });

  it('reports how QuickBooks was connected', () => {
    // 'product' = through GET /qbo/auth and /qbo/callback; 'stand-in' = the in-test QboService.
    expect(['product', 'stand-in']).toContain(qboMode);
    console.info(`billing integration test: QuickBooks connected via ${qboMode}`);
  });
});
