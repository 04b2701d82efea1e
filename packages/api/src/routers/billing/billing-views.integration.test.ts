import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, type TestApi } from '../../../../../test/caller';

// What Billing Jobs and the statistics modal read: the paged job list, a job's results as CSV,
// and a customer's invoices. Jobs are written straight to the database (no run needed).

let api: TestApi;
let profileId: string;
let jobIds: string[];

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api;
  const profile = await db.customerProfile.create({
    data: {
      qboDisplayName: 'Views Customer',
      genesysQueueNames: ['Views Queue'],
      ratePerMinute: '0.50',
      qboCustomerId: '7',
    },
  });
  profileId = profile.id;
  jobIds = [];
  for (let index = 0; index < 23; index += 1) {
    const job = await db.billingJob.create({
      data: {
        jobId: `BJ-V${String(index).padStart(5, '0')}`,
        status: 'COMPLETED',
        type: 'MANUAL',
        queueName: ['Views Queue'],
        startDate: new Date('2026-10-01T00:00:00Z'),
        endDate: new Date('2026-10-31T00:00:00Z'),
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)),
        totalClients: 2,
        processedClients: 2,
        successfulInvoices: 1,
        totalInvoices: 1,
        totalAmount: '4.00',
      },
    });
    jobIds.push(job.id);
  }
  const newest = jobIds[22]!;
  await db.billingJobCustomer.createMany({
    data: [
      {
        billingJobId: newest,
        profileId,
        customerName: 'Views Customer',
        status: 'INVOICED',
        periodStart: new Date('2026-10-01T00:00:00Z'),
        periodEnd: new Date('2026-10-31T00:00:00Z'),
        calls: 4,
        billedMinutes: '8.0000',
        amount: '4.00',
        qboInvoiceId: '131',
        docNumber: 'BJ-V00022-1',
      },
      {
        billingJobId: newest,
        customerName: 'Quiet, "Skipped" Customer',
        status: 'SKIPPED',
        periodStart: new Date('2026-10-01T00:00:00Z'),
        periodEnd: new Date('2026-10-31T00:00:00Z'),
        skipReason: 'No usage and no minimum commitment: nothing to invoice',
      },
    ],
  });
  await db.invoiceLedgerEntry.createMany({
    data: [
      {
        profileId,
        periodStart: new Date('2026-09-01T00:00:00Z'),
        periodEnd: new Date('2026-09-30T00:00:00Z'),
        billingJobId: jobIds[0]!,
        docNumber: 'BJ-V00000-1',
        requestId: 'views-1',
        qboInvoiceId: '120',
        amount: '3.50',
        state: 'CREATED',
      },
      {
        profileId,
        periodStart: new Date('2026-10-01T00:00:00Z'),
        periodEnd: new Date('2026-10-31T00:00:00Z'),
        billingJobId: newest,
        docNumber: 'BJ-V00022-1',
        requestId: 'views-2',
        qboInvoiceId: '131',
        amount: '4.00',
        state: 'CREATED',
      },
    ],
  });
});

afterAll(() => api?.close());

describe('billing views', () => {
  it('pages the job list, newest first, with the total', async () => {
    const first = await api.admin.billing.jobs({ limit: 10 });
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 23, pages: 3 });
    expect(first.data.map((job) => job.jobId)[0]).toBe('BJ-V00022');
    const last = await api.admin.billing.jobs({ limit: 10, page: 3 });
    expect(last.data.map((job) => job.jobId)).toEqual(['BJ-V00002', 'BJ-V00001', 'BJ-V00000']);
    // Without paging a script still gets every job (up to 200).
    expect((await api.admin.billing.jobs()).data).toHaveLength(23);
  });

  it("exports a job's per-customer results as CSV", async () => {
    const answer = await api.admin.billing.resultsCsv({ id: jobIds[22]! });
    expect(answer.data.fileName).toBe('billing-job-BJ-V00022-results.csv');
    expect(answer.data.csv.trimEnd().split('\r\n')).toEqual([
      'Customer,Status,Period Start,Period End,Calls,Billed Minutes,Amount,Invoice No.,QuickBooks Invoice ID,Reason',
      '"Quiet, ""Skipped"" Customer",Skipped,2026-10-01,2026-10-31,0,0.0000,,,,No usage and no minimum commitment: nothing to invoice',
      'Views Customer,Invoiced,2026-10-01,2026-10-31,4,8.0000,4.00,BJ-V00022-1,131,',
    ]);
    expect((await refusal(api.admin.billing.resultsCsv({ id: '00000000-0000-4000-8000-000000000000' }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it("lists a customer's invoices, newest period first", async () => {
    const answer = await api.admin.customerProfiles.invoices({ id: profileId });
    expect(answer.data).toEqual([
      {
        qboInvoiceId: '131',
        docNumber: 'BJ-V00022-1',
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
        amount: 4,
        status: 'Sent',
        jobId: 'BJ-V00022',
        createdAt: expect.any(String),
        qboTotalAmount: null,
        qboTaxAmount: null,
      },
      {
        qboInvoiceId: '120',
        docNumber: 'BJ-V00000-1',
        periodStart: '2026-09-01',
        periodEnd: '2026-09-30',
        amount: 3.5,
        status: 'Sent',
        jobId: 'BJ-V00000',
        createdAt: expect.any(String),
        qboTotalAmount: null,
        qboTaxAmount: null,
      },
    ]);
    expect(
      (await refusal(api.admin.customerProfiles.invoices({ id: '00000000-0000-4000-8000-000000000000' }))).code,
    ).toBe('NOT_FOUND');
    expect((await refusal(api.anonymous.customerProfiles.invoices({ id: profileId }))).code).toBe('UNAUTHORIZED');
  });
});
