/**
 * The receivables' background work: a pg-boss queue worked one job at a time (policy "stately":
 * a burst of webhook deliveries queues one job, not thousands) that applies the stored webhook
 * events, tracks new invoices and e-mails them when their profile says so; and the change data
 * capture pass at start and every QBO_SYNC_INTERVAL_SECONDS (default 300).
 */
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { AppServices } from '../services';
import { qboClientOf } from '../billing/send-invoices';
import { syncWithQuickBooks } from './cdc-sync';
import { processWebhookEvents, releaseStaleClaims } from './process-events';
import { sendNewInvoicesAutomatically } from './send-invoice-email';
import { refreshReceivables, trackCreatedInvoices, unreadReceivables } from './track-invoices';

export const PROCESS_QBO_EVENTS = {
  name: 'receivables.process-events',
  payload: z.object({}).passthrough(),
  options: { policy: 'stately' as const, retryLimit: 5, retryDelay: 5, retryBackoff: true },
};

export const SYNC_INTERVAL_DEFAULT_SECONDS = 300;

/** QBO_SYNC_INTERVAL_SECONDS, at least 5 s; 300 when unset or not a number. */
export function syncIntervalSecondsFromEnv(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.QBO_SYNC_INTERVAL_SECONDS);
  return Number.isFinite(seconds) && seconds >= 5 ? Math.floor(seconds) : SYNC_INTERVAL_DEFAULT_SECONDS;
}

export async function createReceivablesQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(PROCESS_QBO_EVENTS.name, PROCESS_QBO_EVENTS.options);
}

/** Asks for a pass over the stored events (one queued at most; more asks fold into it). */
export async function queueEventProcessing(boss: Pick<PgBoss, 'send'>): Promise<void> {
  await boss.send(PROCESS_QBO_EVENTS.name, {});
}

/** Every pending event applied, new invoices tracked and (where asked) e-mailed. */
export async function workReceivables(services: AppServices): Promise<void> {
  const { client } = await qboClientOf(services);
  while ((await processWebhookEvents(services.db, client)).events > 0) {
    // Events that arrived meanwhile are worked in the same job.
  }
  if (client) {
    await trackCreatedInvoices(services.db);
    await refreshReceivables(services.db, client, await unreadReceivables(services.db));
  }
  await sendNewInvoicesAutomatically(services.db, client);
}

/**
 * New invoices are noticed within seconds (a cheap query): read from QuickBooks and, where the
 * profile asks, e-mailed, without waiting for a webhook that may have come before the ledger knew
 * the invoice's QuickBooks id.
 */
async function noticeNewInvoices(services: AppServices, boss: Pick<PgBoss, 'send'>): Promise<void> {
  if ((await trackCreatedInvoices(services.db)) > 0) await queueEventProcessing(boss);
}

/** One sync pass, then the same follow-up work; failures are logged and recorded, never thrown. */
export async function runSyncPass(services: AppServices): Promise<void> {
  try {
    const { client } = await qboClientOf(services);
    await releaseStaleClaims(services.db);
    const result = await syncWithQuickBooks(services.db, client);
    if (result.ran && result.applied > 0) services.logger.info(result, 'QuickBooks invoice sync applied changes');
    await workReceivables(services);
  } catch (error) {
    services.logger.warn({ err: error }, 'QuickBooks invoice sync failed');
  }
}

export type ReceivablesWorkerOptions = {
  syncIntervalSeconds: number;
  pollingIntervalSeconds?: number;
  newInvoiceCheckSeconds?: number;
};

/** Starts the queue worker and the sync timer of this process; returns how to stop them. */
export async function startReceivablesWorkers(
  boss: PgBoss,
  services: AppServices,
  options: ReceivablesWorkerOptions,
): Promise<() => Promise<void>> {
  const workerId = await boss.work(
    PROCESS_QBO_EVENTS.name,
    // The webhook that asks for a pass wakes this worker when it arrives here (job-wakeups.ts).
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async () => {
      await workReceivables(services);
    },
  );
  let syncing: Promise<void> | null = null;
  const sync = () => {
    syncing ??= runSyncPass(services).finally(() => {
      syncing = null;
    });
    return syncing;
  };
  const timer = setInterval(() => void sync(), options.syncIntervalSeconds * 1000);
  timer.unref?.();
  const newInvoiceTimer = setInterval(
    () => {
      noticeNewInvoices(services, boss).catch((error: unknown) =>
        services.logger.warn({ err: error }, 'tracking new invoices failed'),
      );
    },
    (options.newInvoiceCheckSeconds ?? 10) * 1000,
  );
  newInvoiceTimer.unref?.();
  void sync();
  return async () => {
    clearInterval(timer);
    clearInterval(newInvoiceTimer);
    await boss.offWork(PROCESS_QBO_EVENTS.name, { id: workerId }).catch(() => undefined);
    await syncing?.catch(() => undefined);
  };
}
