/**
 * Sending reserved invoices to QuickBooks, each alone, with its stable requestid and DocNumber.
 * The client paces every request through the limiter all processes share (QuickBooks: 500 a
 * minute, 10 at once per company); Cancel and the kill switch are checked in its beforeSend hook,
 * after the wait for a slot and right before each attempt goes out. An unclear outcome is resolved
 * by looking the DocNumber up, never by sending a second invoice.
 */
import type { Database } from '@phone-billing/db';
import { QboApiError, QboAuthError, type QboClient, type QboInvoice, type QboItem } from '@phone-billing/integrations/qbo';
import type { AppServices } from '../services';
import { buildInvoice, SERVICE_ITEM_NAME } from './invoice-body';
import { readKillSwitch } from './kill-switch';
import {
  ABANDONED_AFTER_MS,
  dropRefusedReservation,
  entryLines,
  markInvoiceCreated,
  markOutcomeUnknown,
  markSending,
} from './ledger';
import { refreshJobCounts } from './claim-job';

export const NOT_CONNECTED_MESSAGE = 'QuickBooks is not connected';
const RETRY_CHECKS = 'Retry checks QuickBooks for this invoice before sending anything again';

export type StopSignal = { reason: 'cancelled' | 'kill-switch' | 'lost'; detail?: string | null } | null;

/** Thrown by the beforeSend hook: the request is not sent. */
class SendingStopped extends Error {
  constructor(readonly signal: NonNullable<StopSignal>) {
    super(`Sending stopped: ${signal.reason}`);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Why the job must not send another invoice now, if it must not. */
async function stopSignal(db: Database, billingJobId: string): Promise<StopSignal> {
  const job = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { status: true } });
  if (!job || job.status === 'CANCELLED') return { reason: 'cancelled' };
  if (job.status !== 'IN_PROGRESS') return { reason: 'lost' };
  const killSwitch = await readKillSwitch(db);
  if (killSwitch.enabled) return { reason: 'kill-switch', detail: killSwitch.reason };
  return null;
}

/** A client for the connected company, or why there is none. */
export async function qboClientOf(services: AppServices): Promise<{ client: QboClient | null; error: string | null }> {
  try {
    const client = (await services.integrations.qbo?.getClient()) ?? null;
    return { client, error: client ? null : NOT_CONNECTED_MESSAGE };
  } catch (error) {
    return { client: null, error: `${NOT_CONNECTED_MESSAGE}: ${messageOf(error)}` };
  }
}

/** Looks our DocNumber up in QuickBooks: the invoice, null when absent, undefined when QuickBooks could not tell. */
export async function findSentInvoice(client: QboClient, docNumber: string): Promise<QboInvoice | null | undefined> {
  return client.findInvoiceByDocNumber(docNumber).catch(() => undefined);
}

/**
 * Sends every reserved invoice of the job (customers PENDING with a RESERVED entry), up to
 * `concurrency` at a time. Returns why it stopped early, if it did.
 */
export async function sendInvoices(services: AppServices, job: { id: string; jobId: string }, concurrency: number): Promise<StopSignal> {
  const { db } = services;
  const pending = await db.billingJobCustomer.findMany({
    where: { billingJobId: job.id, status: 'PENDING', ledgerId: { not: null } },
    orderBy: [{ customerName: 'asc' }, { id: 'asc' }],
    select: { id: true, ledgerId: true, profileId: true },
  });
  if (pending.length === 0) return null;
  const { client, error: clientError } = await qboClientOf(services);

  let itemPromise: Promise<QboItem> | null = null;
  const item = () => {
    itemPromise ??= client!.ensureServiceItem(SERVICE_ITEM_NAME);
    itemPromise.catch(() => {
      itemPromise = null;
    });
    return itemPromise;
  };

  let stop: StopSignal = null;
  let next = 0;
  const workers = Math.max(1, Math.min(concurrency, 10, pending.length));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stop) {
        const customer = pending[next];
        next += 1;
        if (!customer) return;
        const signal = await sendOne({ db, job, customerId: customer.id, ledgerId: customer.ledgerId!, client, clientError, item });
        if (signal) stop = signal;
        await refreshJobCounts(db, job.id);
      }
    }),
  );
  return stop;
}

type SendContext = {
  db: Database;
  job: { id: string; jobId: string };
  customerId: string;
  ledgerId: string;
  client: QboClient | null;
  clientError: string | null;
  item: () => Promise<QboItem>;
};

async function failCustomer(db: Database, customerId: string, message: string): Promise<void> {
  await db.billingJobCustomer.update({ where: { id: customerId }, data: { status: 'FAILED', error: message.slice(0, 2000) } });
}

/** Sends one reserved invoice exactly once. Returns a stop signal when the job must stop before sending. */
async function sendOne(context: SendContext): Promise<StopSignal> {
  const { db, customerId, client } = context;
  const entry = await db.invoiceLedgerEntry.findUnique({ where: { id: context.ledgerId } });
  if (!entry) return failCustomer(db, customerId, 'The reservation of this invoice is gone; Retry rates this customer again').then(() => null);
  if (entry.state === 'CREATED' && entry.qboInvoiceId) {
    await markInvoiceCreated(db, entry, { Id: entry.qboInvoiceId });
    return null;
  }
  if (entry.state !== 'RESERVED') return failCustomer(db, customerId, `The reservation is ${entry.state.toLowerCase()}`).then(() => null);

  const profile = await db.customerProfile.findFirst({ where: { id: entry.profileId }, select: { qboCustomerId: true } });
  const qboCustomerId = profile?.qboCustomerId?.trim();
  if (!client || !qboCustomerId) {
    // Nothing was ever sent for an entry without firstSentAt: the reservation is kept for Retry.
    await failCustomer(db, customerId, !client ? (context.clientError ?? NOT_CONNECTED_MESSAGE) : 'This customer has no QuickBooks customer id: connect the profile to a QuickBooks customer');
    return null;
  }

  if (entry.firstSentAt) {
    // An earlier attempt may have reached QuickBooks: ask before sending anything.
    const existing = await findSentInvoice(client, entry.docNumber);
    if (existing) {
      await markInvoiceCreated(db, entry, existing);
      return null;
    }
    if (existing === undefined) {
      await failCustomer(db, customerId, `QuickBooks could not be asked whether invoice ${entry.docNumber} exists; ${RETRY_CHECKS}`);
      return null;
    }
  }

  let item: QboItem;
  try {
    item = await context.item();
  } catch (error) {
    await failCustomer(db, customerId, `QuickBooks service item "${SERVICE_ITEM_NAME}" unavailable: ${messageOf(error)}`);
    return null;
  }
  const body = buildInvoice({
    qboCustomerId,
    docNumber: entry.docNumber,
    txnDate: entry.txnDate ? entry.txnDate.toISOString().slice(0, 10) : new Date().toISOString().slice(0, 10),
    lines: entryLines(entry),
    item,
    memo: entry.memo ?? '',
    privateNote: entry.privateNote ?? '',
  });

  let attempts = 0;
  const beforeSend = async () => {
    // Right before the request: a cancel or the kill switch turned on while we waited stops here.
    const stop = await stopSignal(db, context.job.id);
    if (stop) throw new SendingStopped(stop);
    const sending = await markSending(db, entry.id);
    if (!sending) throw new SendingStopped((await stopSignal(db, context.job.id)) ?? { reason: 'lost' });
    attempts = sending.attempts;
  };
  try {
    const invoice = await client.createInvoice(body, { requestId: entry.requestId, beforeSend });
    await markInvoiceCreated(db, entry, invoice);
    return null;
  } catch (error) {
    if (error instanceof SendingStopped) {
      // Stopped before a retry of an attempt whose answer never came: that one may have landed.
      if (attempts > 0) await markOutcomeUnknown(db, entry.id);
      return error.signal;
    }
    await settleFailedSend(context, entry, attempts, error);
    return null;
  }
}

/** What a failed request means for the reservation and the customer. */
async function settleFailedSend(
  context: SendContext,
  entry: { id: string; docNumber: string; billingJobCustomerId: string | null },
  attempts: number,
  error: unknown,
): Promise<void> {
  const { db, customerId, client } = context;
  const message = messageOf(error);
  if (error instanceof QboApiError && error.code === '6140') {
    // Duplicate DocNumber: our invoice is there already.
    const existing = await findSentInvoice(client!, entry.docNumber);
    if (existing) return markInvoiceCreated(db, entry, existing);
  }
  if (error instanceof QboAuthError) {
    // Refused before it was read: nothing was created. The reservation stays (same requestid).
    return failCustomer(db, customerId, `QuickBooks refused the connection (${message}); reconnect QuickBooks, then Retry`);
  }
  const refused = error instanceof QboApiError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408;
  if (refused) {
    // Refused outright. Only a first attempt lets the reservation go: an earlier one may have landed.
    if (attempts <= 1 && (await dropRefusedReservation(db, entry.id))) return failCustomer(db, customerId, `QuickBooks refused the invoice: ${message}`);
    return failCustomer(db, customerId, `QuickBooks refused the invoice: ${message}. An earlier attempt may have reached QuickBooks; ${RETRY_CHECKS}`);
  }
  await markOutcomeUnknown(db, entry.id);
  const existing = await findSentInvoice(client!, entry.docNumber);
  if (existing) return markInvoiceCreated(db, entry, existing);
  return failCustomer(db, customerId, `QuickBooks did not confirm the invoice (${message}); ${RETRY_CHECKS}`);
}

/**
 * Reservations left by jobs that have ended (cancelled, failed, crashed and never resumed) would
 * hold their calls for ever. Each one untouched for ABANDONED_AFTER_MS is settled: never sent →
 * dropped; sent → its DocNumber is looked up in QuickBooks: found → CREATED, confirmed absent →
 * dropped (nothing can still be in flight), unknown → kept for next time.
 */
export async function resolveAbandonedReservations(services: AppServices, now = new Date()): Promise<{ created: number; dropped: number }> {
  const { db } = services;
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const stranded = await db.$queryRaw<Array<{ id: string; docNumber: string; firstSentAt: Date | null; billingJobCustomerId: string | null; billingJobId: string }>>`
    SELECT l.id::text, l."docNumber", l."firstSentAt", l."billingJobCustomerId"::text AS "billingJobCustomerId", l."billingJobId"::text AS "billingJobId"
    FROM invoice_ledger l LEFT JOIN billing_jobs j ON j.id = l."billingJobId"
    WHERE l.state = 'RESERVED' AND l."updatedAt" < ${cutoff}
      AND (j.id IS NULL OR j.status NOT IN ('PENDING', 'IN_PROGRESS'))
    ORDER BY l."updatedAt" LIMIT 100`;
  let created = 0;
  let dropped = 0;
  let client: QboClient | null | undefined;
  for (const entry of stranded) {
    if (!entry.firstSentAt) {
      dropped += await db.$executeRaw`DELETE FROM invoice_ledger WHERE id = ${entry.id}::uuid AND state = 'RESERVED' AND "firstSentAt" IS NULL`;
      await db.billingJobCustomer.updateMany({ where: { ledgerId: entry.id }, data: { ledgerId: null } });
      continue;
    }
    client ??= (await qboClientOf(services)).client;
    if (!client) continue;
    const existing = await findSentInvoice(client, entry.docNumber);
    if (existing) {
      await markInvoiceCreated(db, entry, existing);
      await refreshJobCounts(db, entry.billingJobId);
      created += 1;
    } else if (existing === null) {
      const removed = await db.$executeRaw`
        DELETE FROM invoice_ledger WHERE id = ${entry.id}::uuid AND state = 'RESERVED' AND "lastSentAt" < ${cutoff}`;
      if (removed > 0) await db.billingJobCustomer.updateMany({ where: { ledgerId: entry.id }, data: { ledgerId: null } });
      dropped += removed;
    }
  }
  return { created, dropped };
}
