import type { Database } from '@phone-billing/db';
import type { GenesysClient } from '@phone-billing/integrations/genesys';
import type { Logger } from '../services';
import { addDays, calendarDateInZone, type CalendarDate } from '../domain/calendar';
import type { GenesysQueueSummary, GenesysService } from '../integrations';
import { getOrganizationSettings } from '../settings/organization-settings';
import { ensureCallRecords, syncDirectory, type PullOptions, type PullResult } from './store';

/** Queues and users older than this are listed again from Genesys when someone asks for them. */
const DIRECTORY_MAX_AGE_MS = 60 * 60_000;

export interface GenesysAreaService extends GenesysService {
  /** Lists users and queues from Genesys into genesys_users / genesys_queues. */
  syncDirectory(): Promise<{ users: number; queues: number }>;
  /** ensureCallRecords with the company timezone, returning what was pulled. */
  pullRange(range: { startDate: CalendarDate; endDate: CalendarDate }, options?: PullOptions): Promise<PullResult>;
  /** Pulls the last `days` days, newest week first (the start-up background pull). */
  pullRecentHistory(days: number, options?: PullOptions): Promise<number>;
  /** Wrap-up codes (id and name), listed from Genesys and kept in memory for an hour. */
  listWrapUpCodes(): Promise<Array<{ id: string; name: string }>>;
  /** Asks Genesys for a token and counts users and queues. */
  testConnection(): Promise<{ userCount: number; queueCount: number }>;
}

export interface GenesysServiceOptions {
  db: Database;
  logger: Logger;
  simulated: boolean;
  /** The client; a function because the simulator's port is only known after listen. */
  client: () => GenesysClient;
  now?: () => Date;
}

export function createGenesysService(options: GenesysServiceOptions): GenesysAreaService {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  let lastError: string | null = null;
  let lastTokenAttemptMs = Number.NEGATIVE_INFINITY;
  let directorySync: Promise<{ users: number; queues: number }> | null = null;
  let wrapUpCodes: { at: number; codes: Promise<Array<{ id: string; name: string }>> } | null = null;

  const remember = <T>(promise: Promise<T>): Promise<T> =>
    promise.then(
      (value) => {
        lastError = null;
        return value;
      },
      (error: unknown) => {
        lastError = (error as Error).message;
        throw error;
      },
    );

  async function timeZone(): Promise<string> {
    return (await getOrganizationSettings(db)).timezone;
  }

  const service: GenesysAreaService = {
    simulated: options.simulated,

    syncDirectory() {
      // Concurrent callers share one sync.
      directorySync ??= remember(syncDirectory(db, options.client())).finally(() => {
        directorySync = null;
      });
      return directorySync;
    },

    async listQueues(listOptions = {}) {
      const newest = await db.genesysQueue.findFirst({ orderBy: { syncedAt: 'desc' }, select: { syncedAt: true } });
      const stale = !newest || now().getTime() - newest.syncedAt.getTime() > DIRECTORY_MAX_AGE_MS;
      if (listOptions.refresh || stale) {
        try {
          await service.syncDirectory();
        } catch (error) {
          // Stale names beat none; only a refresh the caller asked for must reach Genesys.
          if (listOptions.refresh || !newest) throw error;
          logger.warn({ err: error }, 'Genesys queue refresh failed; serving the stored queues');
        }
      }
      const queues = await db.genesysQueue.findMany({ orderBy: { name: 'asc' } });
      return queues.map((queue): GenesysQueueSummary => ({
        id: queue.id,
        name: queue.name,
        description: queue.description,
        divisionName: queue.divisionName,
      }));
    },

    async ensureCallRecords(range, ensureOptions) {
      await service.pullRange(
        range,
        ensureOptions?.refreshPulledBefore ? { refreshPulledBefore: ensureOptions.refreshPulledBefore } : {},
      );
    },

    async pullRange(range, pullOptions) {
      const zone = await timeZone();
      return remember(ensureCallRecords(db, options.client(), { ...range, timeZone: zone }, { now, ...pullOptions }));
    },

    async pullRecentHistory(days, pullOptions) {
      const zone = await timeZone();
      const today = calendarDateInZone(now(), zone);
      let written = 0;
      // Newest first, a week at a time, so the screen's current month is ready soonest.
      for (let end = today, left = days; left > 0; left -= 7) {
        if (pullOptions?.shouldStop?.()) break;
        const start = addDays(end, -(Math.min(7, left) - 1));
        const result = await remember(
          ensureCallRecords(
            db,
            options.client(),
            { startDate: start, endDate: end, timeZone: zone },
            { now, ...pullOptions },
          ),
        );
        written += result.recordsWritten;
        end = addDays(start, -1);
      }
      return written;
    },

    listWrapUpCodes() {
      if (!wrapUpCodes || now().getTime() - wrapUpCodes.at > DIRECTORY_MAX_AGE_MS) {
        const codes = remember(options.client().listAllWrapUpCodes()).then((list) =>
          list.map((code) => ({ id: code.id, name: code.name })),
        );
        wrapUpCodes = { at: now().getTime(), codes };
        // A failed listing is not kept: the next caller asks again.
        codes.catch(() => {
          if (wrapUpCodes?.codes === codes) wrapUpCodes = null;
        });
      }
      return wrapUpCodes.codes;
    },

    async testConnection() {
      return remember(options.client().testConnection());
    },

    async status() {
      let client: GenesysClient;
      try {
        client = options.client();
      } catch (error) {
        return { isConnected: false, tokenExpiresAt: null, lastError: (error as Error).message };
      }
      // Without a token, try to get one, but not more than once a minute: an unreachable
      // Genesys would otherwise make every status request wait out the client's retries.
      if (!client.tokenStatus().hasValidToken && now().getTime() - lastTokenAttemptMs > 60_000) {
        lastTokenAttemptMs = now().getTime();
        await remember(client.getAccessToken()).catch(() => undefined);
      }
      const token = client.tokenStatus();
      return { isConnected: token.hasValidToken, tokenExpiresAt: token.tokenExpiresAt, lastError };
    },
  };
  return service;
}
