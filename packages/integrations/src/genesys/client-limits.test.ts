import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLimit, RequestLimiter } from '../request-limiter';
import { GenesysClient } from './client';
import { createGenesysSimulator } from './simulator/index';

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.();
});

describe('GenesysClient and the request limiter', () => {
  it('counts API requests (not token requests) against the OAuth client’s limit of 300 a minute', async () => {
    const simulator = createGenesysSimulator();
    const server = await simulator.listen();
    running.push(server.close);
    const limits: RequestLimit[] = [];
    const limiter: RequestLimiter = {
      async acquire(limit) {
        limits.push(limit);
        return { release: () => undefined };
      },
    };
    const client = new GenesysClient({
      apiBaseUrl: server.url,
      loginBaseUrl: server.url,
      ...simulator.credentials,
      limiter,
    });
    await client.testConnection();
    expect(simulator.stats.tokensIssued).toBe(1);
    expect(limits).toEqual([
      { key: `genesys:${server.url}:${simulator.credentials.clientId}`, perMinute: 300 },
      { key: `genesys:${server.url}:${simulator.credentials.clientId}`, perMinute: 300 },
    ]);
  });
});
