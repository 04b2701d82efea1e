// The billing tests' kit: a QuickBooks simulator and its connection, customer profiles and calls
// written straight to the database, jobs run and awaited over REST, and the waits on what
// PostgreSQL tells of billing (a job ended, a scheduled run moved on; test/db-events.ts has the rest).
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenForChanges, type ChangeListener, type Database } from '@phone-billing/db';
import { createMemoryTokenStore, QboClient, QboOAuth } from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { expect } from 'vitest';
import { whenNotified } from './db-events';
import type { RestClient } from './rest-client';
import { startTestServer, type TestServer } from './server';

export const TEST_APP_SECRET = 'billing-test-secret-0123456789abcdef';

type QboInvoice = ReturnType<QboSimulator['invoices']>[number];

/**
 * A QuickBooks simulator on a port of its own, and `waitForInvoice(s)`: resolves once the simulator
 * holds the invoice(s) waited for, checked at once and again each time it has answered a request
 * (an invoice is stored before its answer goes out), so a test waits for "the first invoice went
 * out" without asking every few milliseconds.
 */
export async function startQboSimulator(options: Parameters<typeof createQboSimulator>[0] = {}) {
  const simulator = createQboSimulator(options);
  const answered = new EventEmitter();
  // 'close' also comes when a fault drops the connection instead of answering.
  const server = createServer((req, res) => {
    res.once('close', () => answered.emit('answered'));
    simulator.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  /** Resolves with what `found` returns from the simulator's invoices once it returns something. */
  const waitForInvoices = <T>(found: (invoices: QboInvoice[]) => T | undefined, timeoutMs = 15_000) =>
    new Promise<T>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        answered.off('answered', check);
      };
      const check = () => {
        const result = found(simulator.invoices());
        if (result === undefined) return;
        stop();
        resolve(result);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`the QuickBooks simulator still lacks the invoices waited for after ${timeoutMs} ms`));
      }, timeoutMs);
      answered.on('answered', check);
      check();
    });
  const waitForInvoice = (matches: (invoice: QboInvoice) => boolean, timeoutMs = 15_000) =>
    waitForInvoices((invoices) => invoices.find(matches), timeoutMs);
  return {
    simulator,
    url: `http://127.0.0.1:${address.port}`,
    waitForInvoice,
    waitForInvoices,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Env for a server (or worker) that talks to this simulator through the product's QboService. */
export function qboEnv(simulator: QboSimulator, url: string): Record<string, string> {
  return {
    QBO_CLIENT_ID: simulator.credentials.clientId,
    QBO_CLIENT_SECRET: simulator.credentials.clientSecret,
    QBO_SIMULATOR_URL: url,
    APP_SECRET: TEST_APP_SECRET,
  };
}

/**
 * Connects QuickBooks as a user would: GET /qbo/auth, approve at the simulator, GET /qbo/callback.
 * Falls back to an in-test stand-in QboService (a QboClient with an in-memory token store) only
 * when the server has no working QBO connection flow.
 */
export async function connectQbo(
  test: TestServer,
  admin: RestClient,
  simulator: QboSimulator,
  url: string,
): Promise<'product' | 'stand-in'> {
  const auth = await admin.get('/api/v1/qbo/auth');
  const authUrl = (auth.body as { data?: { authUrl?: string } })?.data?.authUrl;
  if (auth.status === 200 && authUrl) {
    const redirect = new URL(await simulator.approve(authUrl));
    const callback = await admin.get(`/api/v1/qbo/callback${redirect.search}`);
    if (callback.status === 200) return 'product';
  }
  const config = {
    ...simulator.credentials,
    environment: 'sandbox' as const,
    redirectUri: 'http://localhost/qbo-callback',
    simulatorBaseUrl: url,
  };
  const client = new QboClient({ config, tokenStore: createMemoryTokenStore() });
  await client.connect(await simulator.approve(new QboOAuth(config).authorizeUrl('billing-test')));
  test.server.services.integrations.qbo = simulatedQboIntegration(() => client);
  return 'stand-in';
}

/** The QuickBooks integration as a connected sandbox whose client is `currentClient()` (tests may swap it). */
export function simulatedQboIntegration(currentClient: () => QboClient) {
  return {
    simulated: true,
    getClient: async () => currentClient(),
    status: async () => ({
      connected: true,
      environment: 'sandbox' as const,
      companyName: 'Simulator',
      expiresInSeconds: 3600,
      lastError: null,
    }),
  };
}

/**
 * The usual start of a billing test: the QuickBooks simulator, a test server billing against it and
 * connected to it, its admin's REST client, and Genesys stubbed (calls are written to the database).
 * `env` adds to the server's environment (e.g. a quick sweep).
 */
export async function startBillingServer(env: Record<string, string> = {}) {
  const sim = await startQboSimulator();
  const test = await startTestServer({ env: { ...qboEnv(sim.simulator, sim.url), ...env } });
  const admin = await test.admin();
  stubGenesys(test);
  await connectQbo(test, admin, sim.simulator, sim.url);
  return { sim, test, admin };
}

/** Call records are inserted by the tests themselves: the Genesys pull is a recorded no-op. */
export function stubGenesys(test: TestServer): Array<{ startDate: string; endDate: string }> {
  const pulls: Array<{ startDate: string; endDate: string }> = [];
  test.server.services.integrations.genesys = {
    simulated: true,
    listQueues: async () => [],
    ensureCallRecords: async (range) => {
      pulls.push(range);
    },
    status: async () => ({ isConnected: true, tokenExpiresAt: null, lastError: null }),
  };
  return pulls;
}

let callSeq = 0;
export type CallSpec = { queueId: string; start: string; seconds: number; mediaType?: string };

export async function insertCalls(db: Database, calls: CallSpec[]): Promise<void> {
  await db.callRecord.createMany({
    data: calls.map((call) => {
      const start = new Date(call.start);
      callSeq += 1;
      return {
        conversationId: `test-conv-${process.pid}-${callSeq}-${Math.random().toString(36).slice(2, 8)}`,
        startTime: start,
        endTime: new Date(start.getTime() + call.seconds * 1000),
        duration: call.seconds,
        direction: 'inbound',
        mediaType: call.mediaType ?? 'voice',
        queueId: call.queueId,
      };
    }),
  });
}

export async function createProfile(
  db: Database,
  data: {
    name: string;
    queues: string[];
    rate: string;
    minimum?: number;
    overage?: string;
    taxCode?: string | null;
    qboCustomerId?: string | null;
    isActive?: boolean;
    billingStartDate?: string;
  },
) {
  return db.customerProfile.create({
    data: {
      qboDisplayName: data.name,
      genesysQueueNames: data.queues,
      ratePerMinute: data.rate,
      minimumMinutes: data.minimum ?? 0,
      overageRatePerMinute: data.overage ?? data.rate,
      taxCode: data.taxCode ?? null,
      qboCustomerId: data.qboCustomerId === undefined ? '1' : data.qboCustomerId,
      isActive: data.isActive ?? true,
      // Billing starts well before the days the tests bill (by default it starts with the period the profile was created in).
      billingStartDate: new Date(`${data.billingStartDate ?? '2026-01-01'}T00:00:00Z`),
    },
  });
}

type JobBody = { data: { status: string; customers: Array<Record<string, unknown>> } & Record<string, unknown> };

/** The channel of migration 20261204_billing_job_ended_notify: a job's id, once it has ended. */
const JOB_ENDED_CHANNEL = 'billing_job_ended';

/**
 * Waits for the billing job to end (COMPLETED, FAILED or CANCELLED), whichever process runs it, and
 * returns it as GET /billing/jobs/{id} shows it. PostgreSQL tells us when it ends (LISTEN on
 * `billing_job_ended`); the job is read once each time the LISTEN is in place, so an end that came
 * before is not waited for in vain.
 */
export async function waitForJob(
  test: { databaseUrl: string },
  client: RestClient,
  id: string,
  timeoutMs = 30_000,
): Promise<JobBody['data']> {
  const read = async () => {
    const answer = await client.get(`/api/v1/billing/jobs/${id}`);
    expect(answer.status).toBe(200);
    return (answer.body as JobBody).data;
  };
  const hasEnded = (job: JobBody['data']) => !['PENDING', 'IN_PROGRESS'].includes(job.status);
  let lastSeen = 'unread';
  let listener: ChangeListener | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<JobBody['data']>((resolve, reject) => {
      const check = () =>
        read().then((job) => {
          lastSeen = job.status;
          if (hasEnded(job)) resolve(job);
        }, reject);
      timer = setTimeout(() => reject(new Error(`job ${id} still ${lastSeen} after ${timeoutMs} ms`)), timeoutMs);
      listener = listenForChanges(test.databaseUrl, JOB_ENDED_CHANNEL, {
        onNotification: (payload) => {
          if (payload === id) void check();
        },
        onListeningChange: (listening) => {
          if (listening) void check();
        },
      });
    });
  } finally {
    clearTimeout(timer);
    await listener?.stop();
  }
}

export async function runJob(
  client: RestClient,
  body: { billingPeriodStart: string; billingPeriodEnd: string; isDryRun?: boolean; selectedQueues: string[] },
) {
  const answer = await client.post('/api/v1/billing/run', { isDryRun: false, ...body });
  if (answer.status !== 201) throw new Error(`run failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { data: { id: string; jobId: string } }).data;
}

type ScheduledRunRow = Awaited<ReturnType<Database['scheduledRun']['findUniqueOrThrow']>>;

/** Waits until the scheduled run satisfies `done` (channel of migration 20261205_scheduled_run_changed_notify). */
export function waitForScheduledRun(
  test: { databaseUrl: string },
  db: Database,
  runId: string,
  done: (run: ScheduledRunRow) => boolean,
  waitingFor: string,
): Promise<ScheduledRunRow> {
  return whenNotified(
    test.databaseUrl,
    'scheduled_run_changed',
    async (payload) => {
      if (payload !== null && payload !== runId) return undefined;
      const run = await db.scheduledRun.findUniqueOrThrow({ where: { id: runId } });
      return done(run) ? run : undefined;
    },
    { waitingFor: `scheduled run ${waitingFor}` },
  );
}

/**
 * A clerk's real run over `start`..`end` for `queues` (REST), to its end: the named customer's row
 * of the job (status, amount, lines…), typed as the caller reads it.
 */
export async function customerOfRun<Customer>(
  test: { databaseUrl: string },
  client: RestClient,
  run: { start: string; end: string; queues: string[] },
  customerName: string,
): Promise<Customer> {
  const { id } = await runJob(client, {
    billingPeriodStart: run.start,
    billingPeriodEnd: run.end,
    selectedQueues: run.queues,
  });
  const job = await waitForJob(test, client, id);
  const customers = job.customers as unknown as Array<Customer & { customerName: string }>;
  return customers.find((candidate) => candidate.customerName === customerName)!;
}

/** Edits a profile as the form does: its current fields (from the list), with `changes`. */
export async function editProfileAsForm(
  client: RestClient,
  profile: { id: string; name: string },
  changes: Record<string, unknown>,
): Promise<void> {
  const listed = (await client.get(`/api/v1/customer-profiles?search=${encodeURIComponent(profile.name)}`)).body
    .data as Array<{ id: string }>;
  const current = listed.find((candidate) => candidate.id === profile.id);
  const answer = await client.put(`/api/v1/customer-profiles/${profile.id}`, { ...current, ...changes });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
