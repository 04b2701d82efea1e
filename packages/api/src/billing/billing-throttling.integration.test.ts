import { createPostgresRequestLimiter, type PostgresRequestLimiter } from '@phone-billing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import {
  connectQbo,
  createProfile,
  qboEnv,
  runJob,
  startQboSimulator,
  stubGenesys,
  waitForJob,
} from '../../../../test/billing-kit';
import { QboConnection } from '../qbo/connection';

// Enough invoices to outrun the 20-a-second window several times over (each throttled burst is retried).
const CUSTOMERS = 80;
/**
 * The simulated sandbox company's window, shortened from QuickBooks' minute so the test runs in
 * seconds: 20 requests a second (1,200 "a minute"), while the app is told 3,000 a minute, so it
 * outruns the company and is throttled over and over, as an app is when another app shares the
 * company's budget or the budget is set too high.
 */
const WINDOW_MS = 1000;
const SANDBOX_REQUESTS_PER_WINDOW = 20;

describe('billing a sandbox company that throttles as 403/3001 in XML', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  let limiter: PostgresRequestLimiter;

  beforeAll(async () => {
    sim = await startQboSimulator({
      modes: {
        budgetPerMinute: SANDBOX_REQUESTS_PER_WINDOW,
        throttleAnswer: 'xml-403',
        retryAfterSeconds: null,
        windowMs: WINDOW_MS,
      },
    });
    test = await startTestServer({ env: { ...qboEnv(sim.simulator, sim.url), QBO_REQUESTS_PER_MINUTE: '3000' } });
    admin = await test.admin();
    stubGenesys(test);
    expect(await connectQbo(test, admin, sim.simulator, sim.url)).toBe('product');
    // The same connection the server built, but its client waits out throttling for the
    // simulator's short window instead of QuickBooks' minute (the limiter is as real as the app's).
    const { services } = test.server;
    const built = services.integrations.qbo as QboConnection;
    limiter = createPostgresRequestLimiter({ connectionString: test.databaseUrl });
    services.integrations.qbo = new QboConnection({
      db: services.db,
      appSecret: services.config.appSecret,
      simulated: true,
      resolveConfig: () => built.config(),
      clientOptions: { limiter, throttleWindowMs: WINDOW_MS },
    });
    for (let index = 0; index < CUSTOMERS; index += 1) {
      // Minimum (index % 20 + 1) minutes at $0.50.
      await createProfile(services.db, {
        name: `Sandbox ${String(index).padStart(3, '0')}`,
        queues: ['Sandbox Queue'],
        rate: '0.5',
        minimum: (index % 20) + 1,
        qboCustomerId: String(1 + (index % 12)),
      });
    }
  }, 120_000);

  afterAll(async () => {
    await test?.stop();
    await limiter?.close();
    await sim?.close();
  });

  it(
    'invoices every customer exactly once, and nobody is told the connection failed',
    { timeout: 240_000 },
    async () => {
      // Besides outrunning the budget (how often depends on the machine's speed), the first 15 are throttled outright.
      sim.simulator.faults.throttleBurst = 15;
      const { id, jobId } = await runJob(admin, {
        billingPeriodStart: '2026-06-01',
        billingPeriodEnd: '2026-06-30',
        selectedQueues: ['Sandbox Queue'],
      });
      const job = await waitForJob(test, admin, id, 220_000);

      expect(sim.simulator.stats.tooManyRequestsSent).toBeGreaterThanOrEqual(15);
      expect(job.status).toBe('COMPLETED');
      const invoices = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId));
      expect(invoices).toHaveLength(CUSTOMERS);
      expect(new Set(invoices.map((invoice) => invoice.DocNumber)).size).toBe(CUSTOMERS);
      const customers = job.customers as Array<{
        customerName: string;
        docNumber: string;
        qboInvoiceId: string;
        status: string;
        error: string | null;
      }>;
      expect(customers.filter((customer) => customer.status !== 'INVOICED')).toEqual([]);
      for (const customer of customers) {
        const index = Number(customer.customerName.slice('Sandbox '.length));
        const invoice = invoices.find((candidate) => candidate.DocNumber === customer.docNumber);
        expect(invoice?.Id).toBe(customer.qboInvoiceId);
        expect(invoice?.TotalAmt).toBe(((index % 20) + 1) * 0.5);
      }

      const bell = await test.server.services.db.notification.findMany({ where: { kind: 'integration' } });
      expect(bell).toEqual([]);
      const status = (await admin.get('/api/v1/qbo/status')).body.data;
      expect(status).toMatchObject({ connected: true, lastError: null });
    },
  );

  it('a screen asking QuickBooks while it throttles says "try again in a minute" (429) without marking the connection broken', async () => {
    sim.simulator.faults.throttleBurst = 1;
    const answer = await admin.post('/api/v1/qbo/test-connection', {});
    expect(answer.status).toBe(429);
    expect(answer.body.error).toContain('try again in a minute');
    expect(answer.body.error).not.toMatch(/[<>]/);
    expect(await test.server.services.db.notification.count({ where: { kind: 'integration' } })).toBe(0);
    expect((await admin.get('/api/v1/qbo/status')).body.data).toMatchObject({ connected: true, lastError: null });
  });
});
