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

const CUSTOMERS = 40;

describe('billing through QuickBooks faults', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({ env: qboEnv(sim.simulator, sim.url) });
    admin = await test.admin();
    stubGenesys(test);
    await connectQbo(test, admin, sim.simulator, sim.url);
    const { db } = test.server.services;
    for (let index = 0; index < CUSTOMERS; index += 1) {
      // Minimum (index + 1) minutes at $0.75: invoice amount (index + 1) × 0.75.
      await createProfile(db, {
        name: `Fault ${String(index).padStart(3, '0')}`,
        queues: ['Fault Queue'],
        rate: '0.75',
        minimum: index + 1,
        qboCustomerId: String(1 + (index % 12)),
      });
    }
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it(
    'completes with every invoice created once despite 5xx, 429 bursts, lost answers and an expiring token',
    { timeout: 180_000 },
    async () => {
      const { faults } = sim.simulator;
      // Throttles say when to come back (Retry-After: 1 s): without it the client waits out QuickBooks'
      // 60 s window (billing-throttling.integration.test.ts plays that with a short window).
      sim.simulator.modes.retryAfterSeconds = 1;
      faults.serverErrorRate = 0.1;
      faults.lostAnswerRate = 0.1;
      faults.throttleBurst = 4;
      faults.latencyMs = 20;
      const { id, jobId } = await runJob(admin, {
        billingPeriodStart: '2026-06-01',
        billingPeriodEnd: '2026-06-30',
        selectedQueues: ['Fault Queue'],
      });
      // Mid-run: the access token expires and another 429 burst comes.
      const ours = () => sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId));
      await sim.waitForInvoices(() => (ours().length >= CUSTOMERS / 3 ? true : undefined), 60_000);
      sim.simulator.expireAccessTokens();
      faults.throttleBurst = 6;
      const job = await waitForJob(test, admin, id, 150_000);
      faults.serverErrorRate = 0;
      faults.lostAnswerRate = 0;
      faults.throttleBurst = 0;

      expect(job.status).toBe('COMPLETED');
      const invoices = ours();
      expect(invoices).toHaveLength(CUSTOMERS);
      expect(new Set(invoices.map((invoice) => invoice.DocNumber)).size).toBe(CUSTOMERS);
      const customers = job.customers as Array<{
        customerName: string;
        docNumber: string;
        qboInvoiceId: string;
        status: string;
      }>;
      for (const customer of customers) {
        const index = Number(customer.customerName.slice('Fault '.length));
        const invoice = invoices.find((candidate) => candidate.DocNumber === customer.docNumber);
        expect(customer.status).toBe('INVOICED');
        expect(invoice?.Id).toBe(customer.qboInvoiceId);
        expect(invoice?.TotalAmt).toBe(Math.round((index + 1) * 75) / 100);
      }
      expect(job.totalAmount).toBe((CUSTOMERS * (CUSTOMERS + 1) * 0.75) / 2);
    },
  );
});
