import type { QboClient } from '@phone-billing/integrations/qbo';

/**
 * What the rest of the product may ask of each integration. The Genesys and QuickBooks areas
 * implement these (apps/server/src/areas/*.ts puts them on `services.integrations`); customer
 * profiles, regions, billing and the dashboard only use these interfaces.
 */
export interface GenesysQueueSummary {
  id: string;
  name: string;
  description: string | null;
  divisionName: string | null;
}

export interface GenesysService {
  /** True when running against our local simulator (no credentials configured). */
  simulated: boolean;
  /** Queues known to Genesys (kept in genesys_queues, refreshed when stale or when `refresh`). */
  listQueues(options?: { refresh?: boolean }): Promise<GenesysQueueSummary[]>;
  /**
   * Makes sure call_records hold every call of these calendar days (company timezone, inclusive),
   * pulling from Genesys what is missing; days that had not ended when pulled are pulled again,
   * and so are days last pulled before `refreshPulledBefore` (Genesys may have added calls since).
   */
  ensureCallRecords(
    range: { startDate: string; endDate: string },
    options?: { refreshPulledBefore?: Date },
  ): Promise<void>;
  status(): Promise<{ isConnected: boolean; tokenExpiresAt: Date | null; lastError: string | null }>;
}

export interface QboStatus {
  connected: boolean;
  environment: string | null;
  companyName: string | null;
  /** Seconds until the access token expires (it is refreshed automatically), null when not connected. */
  expiresInSeconds: number | null;
  lastError: string | null;
}

export interface QboService {
  simulated: boolean;
  /** A ready client for the connected company, or null when QuickBooks is not connected. */
  getClient(): Promise<QboClient | null>;
  status(): Promise<QboStatus>;
}

export interface IntegrationServices {
  genesys?: GenesysService;
  qbo?: QboService;
}
