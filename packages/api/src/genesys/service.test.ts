import { GenesysClient } from '@phone-billing/integrations/genesys';
import { createGenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import { describe, expect, it } from 'vitest';
import { createGenesysService } from './service';

const logger = { info() {}, warn() {}, error() {}, debug() {} };

describe('Genesys service status', () => {
  it('reports a connection with its token expiry once Genesys answers', async () => {
    const simulator = createGenesysSimulator();
    const listening = await simulator.listen();
    try {
      const client = new GenesysClient({
        apiBaseUrl: listening.url,
        loginBaseUrl: listening.url,
        ...simulator.credentials,
      });
      const service = createGenesysService({ db: {} as never, logger, simulated: true, client: () => client });
      const status = await service.status();
      expect(status.isConnected).toBe(true);
      expect(status.lastError).toBeNull();
      expect(status.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    } finally {
      await listening.close();
    }
  });

  it('reports wrong credentials, and does not ask again on every status request', async () => {
    const simulator = createGenesysSimulator();
    const listening = await simulator.listen();
    try {
      const client = new GenesysClient({
        apiBaseUrl: listening.url,
        loginBaseUrl: listening.url,
        clientId: 'nobody',
        clientSecret: 'wrong',
      });
      const service = createGenesysService({ db: {} as never, logger, simulated: false, client: () => client });
      const first = await service.status();
      expect(first).toMatchObject({ isConnected: false, tokenExpiresAt: null });
      expect(first.lastError).toContain('rejected the client credentials');
      const requestsAfterFirst = simulator.stats.requestsByPath['/oauth/token'];
      await service.status();
      expect(simulator.stats.requestsByPath['/oauth/token']).toBe(requestsAfterFirst);
    } finally {
      await listening.close();
    }
  });
});
