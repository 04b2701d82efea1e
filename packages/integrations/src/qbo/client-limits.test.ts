import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLimit, RequestLimiter } from '../request-limiter';
import { createMemoryTokenStore, QBO_REQUEST_LIMITS, QboClient, QboOAuth } from './client';
import { createQboSimulator } from './simulator/index';
import { qboConfigFromEnv } from './config';
import { qboRequestLimit } from './throttling';

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.();
});

/** A limiter that grants at once and writes down what happened, in order. */
function recordingLimiter(events: string[]): RequestLimiter & { limits: RequestLimit[] } {
  const limits: RequestLimit[] = [];
  return {
    limits,
    async acquire(limit) {
      limits.push(limit);
      events.push('acquired');
      return { release: () => void events.push('released') };
    },
  };
}

async function connectedClient(limiter: RequestLimiter, requestsPerMinute?: number) {
  const simulator = createQboSimulator();
  const server = await simulator.listen();
  running.push(server.close);
  const config = {
    ...simulator.credentials,
    environment: 'sandbox' as const,
    redirectUri: 'http://app.test/qbo-callback',
    simulatorBaseUrl: server.url,
    requestsPerMinute,
  };
  const tokenStore = createMemoryTokenStore();
  const setup = new QboClient({ config, tokenStore });
  await setup.connect(await simulator.approve(new QboOAuth(config).authorizeUrl('state')));
  const client = new QboClient({ config, tokenStore, limiter, sleep: async () => undefined });
  return { simulator, client };
}

const invoice = {
  CustomerRef: { value: '1' },
  Line: [
    {
      DetailType: 'SalesItemLineDetail' as const,
      Amount: 3,
      SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 60, UnitPrice: 0.05 },
    },
  ],
};

describe('QboClient and the request limiter', () => {
  it('asks the limiter for every Accounting API request, under the company’s limits, and releases after the answer', async () => {
    const events: string[] = [];
    const limiter = recordingLimiter(events);
    const { simulator, client } = await connectedClient(limiter);
    await client.getCompanyInfo();
    await client.findCustomerByDisplayName('Cool Cars');
    expect(limiter.limits).toEqual([
      { key: `qbo:${simulator.realmId}`, ...QBO_REQUEST_LIMITS },
      { key: `qbo:${simulator.realmId}`, ...QBO_REQUEST_LIMITS },
    ]);
    expect(QBO_REQUEST_LIMITS).toEqual({ perMinute: 500, maxConcurrent: 10 });
    expect(events).toEqual(['acquired', 'released', 'acquired', 'released']);
  });

  it('runs beforeSend after the slot is granted and right before each attempt is sent', async () => {
    const events: string[] = [];
    const { simulator, client } = await connectedClient(recordingLimiter(events));
    simulator.faults.throttleBurst = 1; // the first attempt meets a 429, the second goes through
    const created = await client.createInvoice(invoice, {
      requestId: 'limits-1',
      beforeSend: (attempt) => void events.push(`beforeSend ${attempt.number}`),
    });
    expect(created.Id).toBeTruthy();
    expect(events).toEqual(['acquired', 'beforeSend 1', 'released', 'acquired', 'beforeSend 2', 'released']);
    expect(simulator.invoices()).toHaveLength(1);
  });

  it('sends nothing when beforeSend throws, gives its error back, and frees the slot', async () => {
    const events: string[] = [];
    const { simulator, client } = await connectedClient(recordingLimiter(events));
    const stopped = new Error('Stopped by the kill switch');
    await expect(
      client.createInvoice(invoice, {
        requestId: 'limits-2',
        beforeSend: () => {
          throw stopped;
        },
      }),
    ).rejects.toBe(stopped);
    expect(events).toEqual(['acquired', 'released']);
    expect(simulator.invoices()).toHaveLength(0);
    expect(simulator.stats.apiRequests).toBe(0);
  });

  it('tells the limiter the company’s real budget: sandbox 100 a minute, production 500, or QBO_REQUESTS_PER_MINUTE', async () => {
    const env = { QBO_CLIENT_ID: 'id', QBO_CLIENT_SECRET: 'secret' };
    const sandbox = qboConfigFromEnv(env, 'http://localhost')!;
    const production = qboConfigFromEnv({ ...env, QBO_ENVIRONMENT: 'production' }, 'http://localhost')!;
    const raised = qboConfigFromEnv(
      { ...env, QBO_ENVIRONMENT: 'production', QBO_REQUESTS_PER_MINUTE: '1200' },
      'http://localhost',
    )!;
    expect(qboRequestLimit(sandbox, 'r1')).toEqual({ key: 'qbo:r1', perMinute: 100, maxConcurrent: 10 });
    expect(qboRequestLimit(production, 'r1')).toEqual({ key: 'qbo:r1', perMinute: 500, maxConcurrent: 10 });
    expect(qboRequestLimit(raised, 'r1').perMinute).toBe(1200);
    expect(() => qboConfigFromEnv({ ...env, QBO_REQUESTS_PER_MINUTE: '100/min' }, 'http://localhost')).toThrow(
      /QBO_REQUESTS_PER_MINUTE/,
    );

    const limiter = recordingLimiter([]);
    const { simulator, client } = await connectedClient(limiter, 100);
    await client.getCompanyInfo();
    expect(limiter.limits).toEqual([{ key: `qbo:${simulator.realmId}`, perMinute: 100, maxConcurrent: 10 }]);
  });
});
