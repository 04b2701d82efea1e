// Review before sending (issue 23): a real run under review rates and reserves, then waits as
// AWAITING_REVIEW; approved invoices are sent once, rejected ones leave no trace and are billed by
// the next run; decisions racing each other are served one at a time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, QboClient, QboOAuth, type QboTokenSet } from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { createTestApi, refusal, type TestApi } from '../../../../test/caller';
import { simulatedQboIntegration } from '../../../../test/billing-kit';
import { runBillingJob } from './run-job';
import { createMonthlyJob } from './start-job';

const OCTOBER = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false };

describe('review before sending', () => {
  let api: TestApi;
  let simulator: QboSimulator;
  let close: () => Promise<void>;
  let client: QboClient;
  let seq = 0;

  beforeAll(async () => {
    simulator = createQboSimulator();
    const listening = await simulator.listen();
    close = listening.close;
    const config = {
      ...simulator.credentials,
      environment: 'sandbox' as const,
      redirectUri: 'http://localhost/qbo-callback',
      simulatorBaseUrl: listening.url,
    };
    const tokens: QboTokenSet = await new QboClient({ config, tokenStore: createMemoryTokenStore() }).connect(
      await simulator.approve(new QboOAuth(config).authorizeUrl('review-test')),
    );
    client = new QboClient({ config, tokenStore: createMemoryTokenStore(tokens), sleep: () => Promise.resolve() });
    api = await createTestApi({ integrations: { qbo: simulatedQboIntegration(() => client) } });
    // Jobs are queued as in production (to no worker: the test runs them itself).
    api.services.jobs = { send: async () => 'queued' };
  });

  afterAll(async () => {
    await api?.close();
    await close?.();
  });

  beforeEach(async () => {
    await api.db.organizationSettings.update({
      where: { id: 1 },
      data: { reviewInvoicesBeforeSending: true, killSwitchEnabled: false },
    });
  });

  /** A customer on a queue of its own with `calls` two-minute calls in October 2026. */
  async function customer(calls: number, options: { reviewBeforeSending?: boolean } = {}) {
    seq += 1;
    const queue = { id: `review-q-${seq}`, name: `Review Queue ${seq}` };
    await api.db.genesysQueue.create({ data: queue });
    const profile = await api.db.customerProfile.create({
      data: {
        qboDisplayName: `Review Customer ${seq}`,
        qboCustomerId: '1',
        genesysQueueNames: [queue.name],
        ratePerMinute: '1.00',
        minimumMinutes: 0,
        billingStartDate: new Date('2026-01-01T00:00:00Z'),
        reviewBeforeSending: options.reviewBeforeSending ?? false,
      },
    });
    await api.db.customerProfileQueue.create({ data: { profileId: profile.id, queueName: queue.name } });
    await api.db.callRecord.createMany({
      data: Array.from({ length: calls }, (_, index) => ({
        conversationId: `review-${seq}-${index}`,
        startTime: new Date(`2026-10-${String(1 + index).padStart(2, '0')}T18:00:00Z`),
        endTime: new Date(`2026-10-${String(1 + index).padStart(2, '0')}T18:02:00Z`),
        duration: 120,
        mediaType: 'voice',
        queueId: queue.id,
      })),
    });
    return { queue: queue.name, profile };
  }

  async function heldJob(queues: string[], holdForReview?: boolean) {
    const started = await api.admin.billing.run({
      ...OCTOBER,
      selectedQueues: queues,
      ...(holdForReview === undefined ? {} : { holdForReview }),
    });
    await runBillingJob(api.services, started.data.id);
    return api.db.billingJob.findUniqueOrThrow({ where: { id: started.data.id } });
  }

  const invoicesOf = (docNumbers: Array<string | null>) =>
    simulator.invoices().filter((invoice) => docNumbers.includes(invoice.DocNumber ?? null));

  it('a run under review reserves, waits, sends only what is approved and drops what is rejected (audited); the next run bills the rejected customer', async () => {
    const a = await customer(2);
    const b = await customer(3);
    const job = await heldJob([a.queue, b.queue]);
    expect(job.status).toBe('AWAITING_REVIEW');
    expect(job.awaitingReviewSince).not.toBeNull();
    const entries = await api.db.invoiceLedgerEntry.findMany({ where: { billingJobId: job.id } });
    expect(entries.map((entry) => entry.state)).toEqual(['RESERVED', 'RESERVED']);
    expect(invoicesOf(entries.map((entry) => entry.docNumber))).toHaveLength(0);

    const approved = await api.admin.billing.approve({ id: job.id, profileIds: [a.profile.id] });
    expect(approved.data.customers.find((row) => row.profileId === a.profile.id)).toMatchObject({
      reviewDecision: 'APPROVED',
      reviewedBy: 'admin@example.com',
    });
    await runBillingJob(api.services, job.id);
    const afterApprove = await api.admin.billing.job({ id: job.id });
    expect(afterApprove.data.status).toBe('AWAITING_REVIEW');
    expect(afterApprove.data.customers.find((row) => row.profileId === a.profile.id)?.status).toBe('INVOICED');

    await api.admin.billing.reject({ id: job.id, profileIds: [b.profile.id], reason: 'Rate typed wrong' });
    await runBillingJob(api.services, job.id);
    const done = await api.admin.billing.job({ id: job.id });
    expect(done.data.status).toBe('COMPLETED');
    const rejected = done.data.customers.find((row) => row.profileId === b.profile.id)!;
    expect(rejected).toMatchObject({ status: 'SKIPPED', reviewDecision: 'REJECTED', reviewReason: 'Rate typed wrong' });
    expect(rejected.skipReason).toContain('Rate typed wrong');
    // QuickBooks holds exactly the approved invoice; the rejected reservation is gone.
    const left = await api.db.invoiceLedgerEntry.findMany({ where: { billingJobId: job.id } });
    expect(left.map((entry) => [entry.profileId, entry.state])).toEqual([[a.profile.id, 'CREATED']]);
    expect(invoicesOf(entries.map((entry) => entry.docNumber))).toHaveLength(1);
    const audit = await api.db.auditLog.findMany({
      where: { target: job.jobId, action: { startsWith: 'billing.review' } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['billing.review.approve', 'admin@example.com'],
      ['billing.review.reject', 'admin@example.com'],
    ]);

    // Review off for the next run: the rejected customer's calls are billed (the approved one's are not billed again).
    const next = await heldJob([a.queue, b.queue], false);
    expect(next.status).toBe('COMPLETED');
    const nextRows = await api.db.billingJobCustomer.findMany({ where: { billingJobId: next.id } });
    expect(nextRows.find((row) => row.profileId === b.profile.id)).toMatchObject({ status: 'INVOICED', calls: 3 });
    expect(nextRows.find((row) => row.profileId === a.profile.id)?.status).toBe('SKIPPED');
  });

  it('approve all sends every waiting invoice; a second approval is refused saying who approved, and each invoice is sent once', async () => {
    const a = await customer(1);
    const b = await customer(1);
    const job = await heldJob([a.queue, b.queue]);
    const { caller: other } = await api.userWith(['billing:run', 'billing:view'], 'Second Reviewer');
    const answers = await Promise.allSettled([
      api.admin.billing.approve({ id: job.id }),
      other.billing.approve({ id: job.id }),
    ]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((answer) => answer.status === 'rejected');
    expect(String((refused as PromiseRejectedResult).reason)).toMatch(/already (approved|decided).*by/);
    await runBillingJob(api.services, job.id);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('COMPLETED');
    const entries = await api.db.invoiceLedgerEntry.findMany({ where: { billingJobId: job.id } });
    for (const entry of entries)
      expect(simulator.invoices().filter((invoice) => invoice.DocNumber === entry.docNumber)).toHaveLength(1);
    expect(entries.map((entry) => entry.state)).toEqual(['CREATED', 'CREATED']);
  });

  it('a reject racing an approve for the same customer: one wins, the other gets a 409 naming who decided', async () => {
    const a = await customer(1);
    const b = await customer(1);
    const job = await heldJob([a.queue, b.queue]);
    const answers = await Promise.allSettled([
      api.admin.billing.approve({ id: job.id, profileIds: [a.profile.id] }),
      api.admin.billing.reject({ id: job.id, profileIds: [a.profile.id], reason: 'Looks wrong' }),
    ]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const loser = answers.find((answer) => answer.status === 'rejected') as PromiseRejectedResult;
    expect(String(loser.reason)).toMatch(/was already (approved|rejected) by admin@example.com/);
    const row = await api.db.billingJobCustomer.findFirstOrThrow({
      where: { billingJobId: job.id, profileId: a.profile.id },
    });
    expect(['APPROVED', 'REJECTED']).toContain(row.reviewDecision);
    await api.admin.billing.cancel({ id: job.id });
  });

  it('refuses bad input: a job not waiting (409 with its status), unknown profile ids (400 naming them), a reject without reason, and a viewer (403)', async () => {
    const a = await customer(1);
    const job = await heldJob([a.queue]);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect(await refusal(api.admin.billing.approve({ id: job.id, profileIds: [a.profile.id, unknown] }))).toEqual({
      code: 'BAD_REQUEST',
      message: `Not customers of billing job ${job.jobId}: ${unknown}`,
    });
    expect(
      (await refusal(api.admin.billing.reject({ id: job.id, profileIds: [a.profile.id], reason: '  ' }))).code,
    ).toBe('BAD_REQUEST');
    expect((await refusal(api.admin.billing.reject({ id: job.id, profileIds: [], reason: 'x' }))).message).toBe(
      'Select at least one customer to reject',
    );
    const { caller: viewer } = await api.userWith(['billing:view'], 'Review Viewer');
    expect((await refusal(viewer.billing.approve({ id: job.id }))).code).toBe('FORBIDDEN');

    await api.admin.billing.approve({ id: job.id });
    await runBillingJob(api.services, job.id);
    expect(
      await refusal(api.admin.billing.reject({ id: job.id, profileIds: [a.profile.id], reason: 'late' })),
    ).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already approved by admin@example.com') });
    const notHeld = await heldJob([(await customer(1)).queue], false);
    expect(await refusal(api.admin.billing.approve({ id: notHeld.id }))).toEqual({
      code: 'CONFLICT',
      message: `Billing job ${notHeld.jobId} is not waiting for review; it is COMPLETED`,
    });
  });

  it('cancelling a job under review drops every reservation, and the kill switch refuses an approval and stops the send', async () => {
    const a = await customer(2);
    const cancelled = await heldJob([a.queue]);
    await api.admin.billing.cancel({ id: cancelled.id });
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: cancelled.id } })).status).toBe('CANCELLED');
    expect(await api.db.invoiceLedgerEntry.count({ where: { billingJobId: cancelled.id } })).toBe(0);
    expect(await refusal(api.admin.billing.approve({ id: cancelled.id }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('it is CANCELLED'),
    });

    const job = await heldJob([a.queue]);
    await api.db.organizationSettings.update({
      where: { id: 1 },
      data: { killSwitchEnabled: true, killSwitchReason: 'checking rates' },
    });
    expect((await refusal(api.admin.billing.approve({ id: job.id }))).code).toBe('CONFLICT');
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('AWAITING_REVIEW');
    // Approved, then the kill switch goes on before the worker sends: nothing reaches QuickBooks.
    await api.db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: false } });
    await api.admin.billing.approve({ id: job.id });
    await api.db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: true } });
    const docNumbers = (await api.db.invoiceLedgerEntry.findMany({ where: { billingJobId: job.id } })).map(
      (entry) => entry.docNumber,
    );
    await runBillingJob(api.services, job.id);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('FAILED');
    expect(invoicesOf(docNumbers)).toHaveLength(0);
    expect(await api.db.invoiceLedgerEntry.count({ where: { billingJobId: job.id } })).toBe(0);
    // Retried once billing resumes: rated again, so reviewed again (the approval was of the invoice seen then).
    await api.db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: false } });
    await api.admin.billing.retry({ id: job.id });
    await runBillingJob(api.services, job.id);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('AWAITING_REVIEW');
    expect((await api.admin.billing.job({ id: job.id })).data.customers[0]).toMatchObject({
      reviewDecision: null,
      invoiceState: 'RESERVED',
    });
    await api.admin.billing.cancel({ id: job.id });
  });

  it('holds per profile when the organisation setting is off, `holdForReview` decides for a whole run, and scheduled runs of a review profile wait', async () => {
    await api.db.organizationSettings.update({ where: { id: 1 }, data: { reviewInvoicesBeforeSending: false } });
    const reviewed = await customer(1, { reviewBeforeSending: true });
    const plain = await customer(1);
    const mixed = await heldJob([reviewed.queue, plain.queue]);
    expect(mixed.status).toBe('AWAITING_REVIEW');
    const rows = await api.db.billingJobCustomer.findMany({ where: { billingJobId: mixed.id } });
    expect(rows.find((row) => row.profileId === plain.profile.id)?.status).toBe('INVOICED');
    expect(rows.find((row) => row.profileId === reviewed.profile.id)).toMatchObject({
      status: 'PENDING',
      reviewHeld: true,
    });
    await api.admin.billing.cancel({ id: mixed.id });

    const forced = await heldJob([(await customer(1)).queue], true);
    expect(forced.status).toBe('AWAITING_REVIEW');
    await api.admin.billing.cancel({ id: forced.id });

    const scheduled = await api.db.$transaction((tx) =>
      createMonthlyJob(
        api.db,
        reviewed.profile,
        { start: '2026-10-01', end: '2026-10-31' },
        tx,
        new Date('2026-11-02T10:00:00Z'),
      ),
    );
    await runBillingJob(api.services, scheduled.id);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: scheduled.id } })).status).toBe('AWAITING_REVIEW');
    await api.admin.billing.cancel({ id: scheduled.id });
  });

  it('Job Details shows each held customer with the previous period beside it and plain flags, flagged customers first', async () => {
    await api.db.organizationSettings.update({ where: { id: 1 }, data: { reviewInvoicesBeforeSending: false } });
    const steady = await customer(3);
    const grown = await customer(2);
    const silent = await customer(0);
    // September, invoiced without review: the previous period of each.
    const septemberCalls = (queueName: string, count: number) =>
      api.db.genesysQueue.findFirstOrThrow({ where: { name: queueName } }).then((queue) =>
        api.db.callRecord.createMany({
          data: Array.from({ length: count }, (_, index) => ({
            conversationId: `review-sep-${queue.id}-${index}`,
            startTime: new Date(`2026-09-${String(1 + index).padStart(2, '0')}T18:00:00Z`),
            endTime: new Date(`2026-09-${String(1 + index).padStart(2, '0')}T18:02:00Z`),
            duration: 120,
            mediaType: 'voice',
            queueId: queue.id,
          })),
        }),
      );
    await septemberCalls(steady.queue, 3);
    await septemberCalls(grown.queue, 1);
    await septemberCalls(silent.queue, 2);
    const september = await api.admin.billing.run({
      billingPeriodStart: '2026-09-01',
      billingPeriodEnd: '2026-09-30',
      isDryRun: false,
      selectedQueues: [steady.queue, grown.queue, silent.queue],
    });
    await runBillingJob(api.services, september.data.id);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: september.data.id } })).status).toBe('COMPLETED');

    // October: the grown customer's rate changed and one of its calls lasted 5 hours; the silent one has a minimum and no calls.
    const grownQueue = await api.db.genesysQueue.findFirstOrThrow({ where: { name: grown.queue } });
    await api.db.callRecord.create({
      data: {
        conversationId: `review-long-${grownQueue.id}`,
        startTime: new Date('2026-10-20T15:00:00Z'),
        endTime: new Date('2026-10-20T20:00:00Z'),
        duration: 18_000,
        mediaType: 'voice',
        queueId: grownQueue.id,
      },
    });
    await api.db.customerProfile.update({
      where: { id: grown.profile.id },
      data: { ratePerMinute: '1.25', overageRatePerMinute: '1.25' },
    });
    await api.db.customerProfile.update({ where: { id: silent.profile.id }, data: { minimumMinutes: 10 } });
    const first = await customer(1);
    const job = await heldJob([steady.queue, grown.queue, silent.queue, first.queue], true);
    expect(job.status).toBe('AWAITING_REVIEW');
    const detail = (await api.admin.billing.job({ id: job.id })).data;
    const byProfile = new Map(detail.customers.map((row) => [row.profileId, row]));
    expect(byProfile.get(steady.profile.id)).toMatchObject({
      flags: [],
      previous: { periodStart: '2026-09-01', periodEnd: '2026-09-30', billedMinutes: '6.0000', amount: 6 },
    });
    expect(byProfile.get(grown.profile.id)!.flags.map((flag) => flag.message)).toEqual([
      'Usage up 15100% from the previous period: 304 min, was 2 min (09/01/2026–09/30/2026)',
      'Terms changed since the last invoice: rate 1.00 → 1.25 per minute, overage 1.00 → 1.25 per minute',
      '1 interaction longer than 4 hours (the longest 5.0 h)',
    ]);
    expect(byProfile.get(silent.profile.id)!.flags.map((flag) => flag.code)).toEqual(['NO_USAGE', 'TERMS_CHANGED']);
    expect(byProfile.get(first.profile.id)).toMatchObject({
      flags: [{ code: 'FIRST_INVOICE', message: 'First invoice for this customer: nothing to compare with' }],
      previous: null,
    });
    // Flagged customers first, the quiet one last.
    expect(detail.customers.at(-1)?.profileId).toBe(steady.profile.id);
    // The reviewer can check the numbers: the calls behind a held invoice export as CSV.
    const calls = await api.admin.billing.jobCallsCsv({ id: job.id, profileId: grown.profile.id });
    expect(calls.csv.trim().split('\r\n')).toHaveLength(1 + 3);
    await api.admin.billing.cancel({ id: job.id });
  });

  it('the bell and the dashboard say how many invoices wait for review since when, and after 3 days for how long; a decision clears it', async () => {
    const a = await customer(1);
    const b = await customer(2);
    const job = await heldJob([a.queue, b.queue]);
    const since = (await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).awaitingReviewSince!;
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Los_Angeles',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(since);
    const waiting = `2 invoices of ${job.jobId} wait for review since ${hhmm}: approve or reject them in Job Details.`;
    const ofJob = async () =>
      (await api.admin.dashboard.notifications()).data.notifications.filter((notification) =>
        notification.link.endsWith(job.jobId),
      );
    expect((await ofJob())[0]).toMatchObject({
      kind: 'billing-review',
      message: waiting,
      link: `/billing-jobs?job=${job.jobId}`,
      unread: true,
    });
    expect((await api.admin.dashboard.systemStatus()).data.overall.issues).toContain(waiting);

    // Three days later nobody has decided: it says so, and rings the bell again.
    await api.db.billingJob.update({
      where: { id: job.id },
      data: { awaitingReviewSince: new Date(since.getTime() - 3 * 24 * 60 * 60 * 1000 - 60_000) },
    });
    const overdue = (await ofJob())[0]!;
    expect(overdue.message).toMatch(
      new RegExp(
        `^2 invoices of ${job.jobId} have waited for review for 3 days \\(since \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d\\)`,
      ),
    );
    expect((await api.admin.dashboard.systemStatus()).data.overall.issues).toContain(overdue.message);

    await api.admin.billing.approve({ id: job.id, profileIds: [a.profile.id] });
    await runBillingJob(api.services, job.id);
    expect((await ofJob())[0]?.message).toMatch(
      new RegExp(`^1 invoice of ${job.jobId} has waited for review for 3 days`),
    );
    await api.admin.billing.reject({ id: job.id, profileIds: [b.profile.id], reason: 'Wrong queue' });
    expect((await ofJob()).filter((notification) => notification.kind === 'billing-review')).toEqual([]);
    expect(
      (await api.admin.dashboard.systemStatus()).data.overall.issues.filter((issue) => issue.includes(job.jobId)),
    ).toEqual([]);
  });

  it('flags the calls of an invoice made while the profile was inactive', async () => {
    const paused = await customer(3);
    // Inactive from Oct 2 to Oct 2, 23:00 UTC: the call of Oct 2, 18:00 UTC fell in that time (the others did not).
    await api.db.$executeRaw`INSERT INTO profile_activity_changes ("profileId", "isActive", at) VALUES
      (${paused.profile.id}::uuid, true, '2026-09-01T00:00:00Z'), (${paused.profile.id}::uuid, false, '2026-10-02T00:00:00Z'), (${paused.profile.id}::uuid, true, '2026-10-02T23:00:00Z')`;
    const job = await heldJob([paused.queue]);
    const row = (await api.admin.billing.job({ id: job.id })).data.customers[0]!;
    expect(row.calls).toBe(3);
    expect(row.flags.filter((flag) => flag.code === 'CALLS_WHILE_INACTIVE')).toEqual([
      { code: 'CALLS_WHILE_INACTIVE', message: '1 call while the profile was inactive' },
    ]);
    await api.admin.billing.cancel({ id: job.id });
  });
});
