// Sending invoices (issue 12): the kill switch is checked right before each request, after the
// wait for a rate-limit slot; a reservation whose request may have reached QuickBooks is never
// dropped, and its requestid never changes, whatever fails next.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryTokenStore,
  QboApiError,
  QboClient,
  QboOAuth,
  type QboTokenSet,
} from '@phone-billing/integrations/qbo';
import type { RequestLimiter } from '@phone-billing/integrations/request-limiter';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { createTestApi, type TestApi } from '../../../../test/caller';
import { simulatedQboIntegration } from '../../../../test/billing-kit';
import { claimJob } from './claim-job';
import { runBillingJob } from './run-job';
import { retryJob, startManualJob } from './start-job';

/** A limiter that keeps every request waiting until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let someoneWaits!: () => void;
  /** Settles when the first request waits at the gate. */
  const firstWaiter = new Promise<void>((resolve) => (someoneWaits = resolve));
  let waiting = 0;
  const limiter: RequestLimiter = {
    async acquire() {
      waiting += 1;
      someoneWaits();
      await opened;
      return { release: () => undefined };
    },
  };
  return { limiter, open, firstWaiter, waiting: () => waiting };
}

/** A client whose invoice requests go out (beforeSend runs) and never get an answer: a dropped connection. */
function unanswered(client: QboClient): QboClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'createInvoice') return Reflect.get(target, property, receiver);
      return async (
        _invoice: unknown,
        options: { beforeSend?: (attempt: { number: number }) => Promise<void> | void },
      ) => {
        await options.beforeSend?.({ number: 1 });
        throw new TypeError('fetch failed: socket hang up');
      };
    },
  });
}

describe('sending invoices', () => {
  let api: TestApi;
  let simulator: QboSimulator;
  let close: () => Promise<void>;
  let config: ConstructorParameters<typeof QboClient>[0]['config'];
  let tokens: QboTokenSet;
  let client: QboClient;
  let seq = 0;

  beforeAll(async () => {
    simulator = createQboSimulator();
    const listening = await simulator.listen();
    close = listening.close;
    config = {
      ...simulator.credentials,
      environment: 'sandbox',
      redirectUri: 'http://localhost/qbo-callback',
      simulatorBaseUrl: listening.url,
    };
    tokens = await new QboClient({ config, tokenStore: createMemoryTokenStore() }).connect(
      await simulator.approve(new QboOAuth(config).authorizeUrl('send-test')),
    );
    api = await createTestApi({ integrations: { qbo: simulatedQboIntegration(() => client) } });
    // Jobs are queued as in production (to no worker: the test runs them itself).
    api.services.jobs = { send: async () => 'queued' };
  });

  afterAll(async () => {
    await api?.close();
    await close?.();
  });

  beforeEach(() => {
    client = new QboClient({
      config,
      tokenStore: createMemoryTokenStore(tokens),
      sleep: () => Promise.resolve(),
      maxAttempts: 2,
    });
    simulator.faults.serverErrorRate = 0;
  });

  async function customer(calls: number): Promise<{ queue: string }> {
    seq += 1;
    const queue = { id: `send-q-${seq}`, name: `Send Queue ${seq}` };
    await api.db.genesysQueue.create({ data: queue });
    const profile = await api.db.customerProfile.create({
      data: {
        qboDisplayName: `Send Customer ${seq}`,
        qboCustomerId: '1',
        genesysQueueNames: [queue.name],
        ratePerMinute: '1.00',
        minimumMinutes: 0,
        billingStartDate: new Date('2026-01-01T00:00:00Z'),
      },
    });
    await api.db.customerProfileQueue.create({ data: { profileId: profile.id, queueName: queue.name } });
    await api.db.callRecord.createMany({
      data: Array.from({ length: calls }, (_, index) => ({
        conversationId: `send-${seq}-${index}`,
        startTime: new Date(`2026-10-0${1 + index}T18:00:00Z`),
        endTime: new Date(`2026-10-0${1 + index}T18:02:00Z`),
        duration: 120,
        mediaType: 'voice',
        queueId: queue.id,
      })),
    });
    return { queue: queue.name };
  }

  it('turning the kill switch on while a worker waits for a QuickBooks slot stops it before the request goes out', async () => {
    const { queue } = await customer(2);
    const held = gate();
    client = new QboClient({
      config,
      tokenStore: createMemoryTokenStore(tokens),
      sleep: () => Promise.resolve(),
      limiter: held.limiter,
    });
    const job = await startManualJob(
      api.services,
      { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false, selectedQueues: [queue] },
      null,
    );
    const before = simulator.invoices().length;
    const running = runBillingJob(api.services, job.id);
    await held.firstWaiter;
    expect(held.waiting()).toBeGreaterThan(0);
    await api.db.organizationSettings.update({
      where: { id: 1 },
      data: { killSwitchEnabled: true, killSwitchReason: 'wrong rates' },
    });
    held.open();
    await running;
    await api.db.organizationSettings.update({
      where: { id: 1 },
      data: { killSwitchEnabled: false, killSwitchReason: null },
    });
    const stopped = await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(stopped.status).toBe('FAILED');
    expect(stopped.error).toContain('kill switch');
    expect(stopped.error).toContain('wrong rates');
    expect(simulator.invoices().length).toBe(before);
    // Nothing was sent, so nothing stays reserved: the calls are free for the next run.
    expect(await api.db.invoiceLedgerEntry.count({ where: { billingJobId: job.id } })).toBe(0);
  });

  it('keeps a reservation whose first attempt may have reached QuickBooks, through an auth error, and re-sends it with the same requestid', async () => {
    const { queue } = await customer(3);
    const job = await startManualJob(
      api.services,
      { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false, selectedQueues: [queue] },
      null,
    );

    // First attempt: the connection drops once the request is out, so nobody knows whether QuickBooks took it.
    client = unanswered(client);
    await runBillingJob(api.services, job.id);
    const unclear = await api.db.invoiceLedgerEntry.findFirstOrThrow({ where: { billingJobId: job.id } });
    expect(unclear).toMatchObject({ state: 'RESERVED', outcomeUnknown: true });
    expect((await api.db.billingJobCustomer.findFirstOrThrow({ where: { billingJobId: job.id } })).error).toContain(
      'did not confirm',
    );

    // Retry while QuickBooks is disconnected: an auth error. The reservation stays, unchanged.
    client = new QboClient({ config, tokenStore: createMemoryTokenStore(), sleep: () => Promise.resolve() });
    await retryJob(api.services, job.id, null);
    await runBillingJob(api.services, job.id);
    const kept = await api.db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: unclear.id } });
    expect(kept).toMatchObject({ state: 'RESERVED', requestId: unclear.requestId, docNumber: unclear.docNumber });

    // Reconnected, the next retry looks the DocNumber up, then sends the same request once.
    client = new QboClient({ config, tokenStore: createMemoryTokenStore(tokens), sleep: () => Promise.resolve() });
    await retryJob(api.services, job.id, null);
    await runBillingJob(api.services, job.id);
    const created = await api.db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: unclear.id } });
    expect(created).toMatchObject({ state: 'CREATED', requestId: unclear.requestId });
    expect(simulator.invoices().filter((invoice) => invoice.DocNumber === unclear.docNumber)).toHaveLength(1);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('COMPLETED');
  });

  it('keeps a reservation that QuickBooks refuses after an unclear attempt (the first may have landed)', async () => {
    const { queue } = await customer(1);
    const job = await startManualJob(
      api.services,
      { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false, selectedQueues: [queue] },
      null,
    );
    client = unanswered(client);
    await runBillingJob(api.services, job.id);
    client = new QboClient({ config, tokenStore: createMemoryTokenStore(tokens), sleep: () => Promise.resolve() });
    const entry = await api.db.invoiceLedgerEntry.findFirstOrThrow({ where: { billingJobId: job.id } });
    // The customer's QuickBooks id now points nowhere: QuickBooks refuses the second attempt.
    await api.db.customerProfile.updateMany({
      where: { genesysQueueNames: { has: queue } },
      data: { qboCustomerId: '99999' },
    });
    await retryJob(api.services, job.id, null);
    await runBillingJob(api.services, job.id);
    const failed = await api.db.billingJobCustomer.findFirstOrThrow({ where: { billingJobId: job.id } });
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain('An earlier attempt may have reached QuickBooks');
    expect(await api.db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({
      state: 'RESERVED',
      requestId: entry.requestId,
    });
  });

  it('(issue 20, 6) a worker that lost its job to another (its heartbeat stalled) sends nothing more: one owner, judged in database time', async () => {
    const { queue } = await customer(1);
    const held = gate();
    client = new QboClient({
      config,
      tokenStore: createMemoryTokenStore(tokens),
      sleep: () => Promise.resolve(),
      limiter: held.limiter,
    });
    const job = await startManualJob(
      api.services,
      { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false, selectedQueues: [queue] },
      null,
    );
    const first = runBillingJob(api.services, job.id, { heartbeatMs: 3_600_000 });
    await held.firstWaiter;
    // Its heartbeat stalled: by the database's clock the job is stale, and a second worker takes it over and sends.
    await api.db
      .$executeRaw`UPDATE billing_jobs SET "heartbeatAt" = now() AT TIME ZONE 'UTC' - interval '1 hour' WHERE id = ${job.id}::uuid`;
    client = new QboClient({ config, tokenStore: createMemoryTokenStore(tokens), sleep: () => Promise.resolve() });
    expect(await runBillingJob(api.services, job.id)).toBe('done');
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('COMPLETED');
    // The first worker wakes up at its QuickBooks slot: the job is not its own any more, so it sends nothing.
    held.open();
    await first;
    const entry = await api.db.invoiceLedgerEntry.findFirstOrThrow({ where: { billingJobId: job.id } });
    expect(entry).toMatchObject({ state: 'CREATED', sendAttempts: 1 });
    expect(simulator.invoices().filter((invoice) => invoice.DocNumber === entry.docNumber)).toHaveLength(1);
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('COMPLETED');
  });

  it('(issue 20, 6) a worker whose request was out when it lost the job never marks failed the invoice the new owner sent', async () => {
    const { queue } = await customer(1);
    const job = await startManualJob(
      api.services,
      { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false, selectedQueues: [queue] },
      null,
    );
    // The first worker's request goes out (beforeSend passes: it owns the job) and hangs; when its
    // answer finally comes, QuickBooks has refused it (its customer reference had gone stale).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let out!: () => void;
    const isOut = new Promise<void>((resolve) => (out = resolve));
    client = new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'createInvoice') return Reflect.get(target, property, receiver);
        return async (_invoice: unknown, options: { beforeSend?: (attempt: { number: number }) => Promise<void> }) => {
          await options.beforeSend?.({ number: 1 });
          out();
          await answered;
          throw new QboApiError({ status: 400, code: '610', message: 'QuickBooks error 610: Object Not Found' });
        };
      },
    });
    const first = runBillingJob(api.services, job.id, { heartbeatMs: 3_600_000 });
    await isOut;
    // Its heartbeat stalls; a second worker takes the job over and sends the invoice (same requestid).
    await api.db
      .$executeRaw`UPDATE billing_jobs SET "heartbeatAt" = now() AT TIME ZONE 'UTC' - interval '1 hour' WHERE id = ${job.id}::uuid`;
    client = new QboClient({ config, tokenStore: createMemoryTokenStore(tokens), sleep: () => Promise.resolve() });
    expect(await runBillingJob(api.services, job.id)).toBe('done');
    answer();
    await first;
    const entry = await api.db.invoiceLedgerEntry.findFirstOrThrow({ where: { billingJobId: job.id } });
    expect(entry).toMatchObject({ state: 'CREATED', outcomeUnknown: false });
    expect(simulator.invoices().filter((invoice) => invoice.DocNumber === entry.docNumber)).toHaveLength(1);
    // Job Details says what QuickBooks holds: invoiced, not "QuickBooks refused the invoice".
    const row = await api.db.billingJobCustomer.findFirstOrThrow({ where: { billingJobId: job.id } });
    expect(row).toMatchObject({ status: 'INVOICED', error: null, qboInvoiceId: entry.qboInvoiceId });
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('COMPLETED');
  });

  it('(issue 20, 6) a worker whose clock runs ahead never takes a live job: staleness is judged by the database', async () => {
    const { queue } = await customer(1);
    const job = await startManualJob(
      api.services,
      { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: false, selectedQueues: [queue] },
      null,
    );
    const owner = await claimJob(api.db, job.id, 90);
    expect(owner).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 10 * 60_000, toFake: ['Date'] });
    try {
      expect(await claimJob(api.db, job.id, 90)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect((await api.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).ownerToken).toBe(owner);
    await api.db.billingJob.update({ where: { id: job.id }, data: { status: 'CANCELLED' } });
  });
});
