import { createPostgresRequestLimiter, type PostgresRequestLimiter } from '@phone-billing/db';
import {
  createMemoryTokenStore,
  QboApiError,
  QboClient,
  QboOAuth,
  type QboConfig,
} from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';

// Three QuickBooks clients with limiters on separate pools stand for three worker processes
// sharing the database; QuickBooks' limits are the simulator's (500 a minute, 10 at once).
let simulator: QboSimulator;
let config: QboConfig;
let closeSimulator: () => Promise<void>;
let databaseUrl: string;
const tokenStore = createMemoryTokenStore();
const limiters: PostgresRequestLimiter[] = [];

beforeAll(async () => {
  simulator = createQboSimulator();
  const server = await simulator.listen();
  closeSimulator = server.close;
  config = {
    ...simulator.credentials,
    environment: 'sandbox',
    redirectUri: 'http://app.test/qbo-callback',
    simulatorBaseUrl: server.url,
  };
  await new QboClient({ config, tokenStore }).connect(
    await simulator.approve(new QboOAuth(config).authorizeUrl('state')),
  );
  databaseUrl = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(limiters.map((limiter) => limiter.close()));
  await closeSimulator();
});

const invoice = (run: string, index: number) => ({
  CustomerRef: { value: String(1 + (index % 12)) },
  DocNumber: `${run}-${index}`,
  Line: [
    {
      DetailType: 'SalesItemLineDetail' as const,
      Amount: 3,
      SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 60, UnitPrice: 0.05 },
    },
  ],
});

/** 20 invoices from each of three processes, all sent at once; a slow QuickBooks (1.2 s an answer). */
async function sendFromThreeProcesses(run: string, clientFor: (process: number) => QboClient) {
  return Promise.allSettled(
    Array.from({ length: 60 }, (_, index) =>
      clientFor(index % 3).createInvoice(invoice(run, index), { requestId: `${run}-${index}` }),
    ),
  );
}

describe('QuickBooks limits shared by several processes through PostgreSQL', () => {
  it('without a shared limiter, processes sending at once are refused with 429 (what the limiter prevents)', async () => {
    simulator.resetStats();
    simulator.faults.latencyMs = 1200;
    // No patience with throttling: each refusal is reported at once instead of waited out (a minute).
    const clients = [0, 1, 2].map(() => new QboClient({ config, tokenStore, maxAttempts: 1, throttlePatienceMs: 0 }));
    const outcomes = await sendFromThreeProcesses('UNLIMITED', (process) => clients[process]!);
    const throttled = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' && outcome.reason instanceof QboApiError && outcome.reason.status === 429,
    );
    expect(throttled.length).toBeGreaterThan(0);
    expect(simulator.stats.tooManyRequestsSent).toBe(throttled.length);
  });

  it(
    'with it, sixty invoices from three processes all go through without a single 429, never more than 10 at once',
    { timeout: 60_000 },
    async () => {
      simulator.resetStats();
      simulator.faults.latencyMs = 1200;
      const clients = [0, 1, 2].map(() => {
        const limiter = createPostgresRequestLimiter({ connectionString: databaseUrl });
        limiters.push(limiter);
        return new QboClient({ config, tokenStore, limiter, maxAttempts: 1 });
      });
      const before = simulator.invoices().length;
      const outcomes = await sendFromThreeProcesses('LIMITED', (process) => clients[process]!);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      expect(simulator.invoices().length - before).toBe(60);
      expect(simulator.stats.tooManyRequestsSent).toBe(0);
      expect(simulator.stats.mostInFlight).toBe(10);
    },
  );
});
