import { createGenesysService, type GenesysAreaService, type Logger } from '@phone-billing/api';
import type { Database } from '@phone-billing/db';
import { GenesysClient } from '@phone-billing/integrations/genesys';
import { createGenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import { laOffsetMinutes } from './genesys-reference';

/**
 * The product's Genesys service (GenesysClient and all) over a simulator holding what
 * `referenceGenesys` holds, listening on a port of its own: Genesys for procedures called without
 * the server (test/caller.ts). Like the app's mounted simulator it allows 100,000 requests a minute.
 */
export async function startReferenceGenesysService(
  db: Database,
  logger: Logger,
): Promise<{ service: GenesysAreaService; close(): Promise<void> }> {
  const simulator = createGenesysSimulator({
    seed: 'phone-billing',
    businessUtcOffsetMinutes: laOffsetMinutes,
    rateLimitPerMinute: 100_000,
  });
  const listening = await simulator.listen();
  const client = new GenesysClient({
    apiBaseUrl: listening.url,
    loginBaseUrl: listening.url,
    clientId: simulator.credentials.clientId,
    clientSecret: simulator.credentials.clientSecret,
    requestsPerMinute: 100_000,
  });
  return {
    service: createGenesysService({ db, logger, simulated: true, client: () => client }),
    close: listening.close,
  };
}
