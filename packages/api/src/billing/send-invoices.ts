/**
 * Sending reserved invoices to QuickBooks, each alone, with its stable requestid and DocNumber.
 * The client paces every request through the limiter all processes share (QuickBooks: 500 a
 * minute, 10 at once per company); Cancel and the kill switch are checked in its beforeSend hook,
 * after the wait for a slot and right before each attempt goes out. An unclear outcome is resolved
 * by looking the DocNumber up, never by sending a second invoice.
 */
import type { Database } from '@phone-billing/db';
import {
  QboApiError,
  QboAuthError,
  type QboClient,
  type QboCreditMemo,
  type QboInvoice,
  type QboItem,
} from '@phone-billing/integrations/qbo';
import type { AppServices } from '../services';
import { invoiceTaxCodeProblem, readCompanyTaxCodes, type CompanyTaxCodes } from '../qbo/tax-codes';
import { buildInvoice, SERVICE_ITEM_NAME } from './invoice-body';
import { readKillSwitch } from './kill-switch';
import { dropRefusedReservation, entryLines, markInvoiceCreated, markOutcomeUnknown, markSending } from './ledger';
import { refreshJobCounts } from './claim-job';
import { NOT_LINKED_TO_QBO } from './billing-messages';
import { SENDABLE_AFTER_REVIEW } from './review-rules';

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
async function stopSignal(db: Database, billingJobId: string, ownerToken: string): Promise<StopSignal> {
  const job = await db.billingJob.findUnique({
    where: { id: billingJobId },
    select: { status: true, ownerToken: true },
  });
  if (!job || job.status === 'CANCELLED') return { reason: 'cancelled' };
  if (job.status !== 'IN_PROGRESS' || job.ownerToken !== ownerToken) return { reason: 'lost' };
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

/**
 * Looks our DocNumber up in QuickBooks, among invoices or (kind CREDIT_MEMO) credit memos: what it holds,
 * null when absent, undefined when QuickBooks could not tell.
 */
export async function findSentInvoice(
  client: QboClient,
  docNumber: string,
  kind = 'INVOICE',
): Promise<{ Id: string } | null | undefined> {
  const found: Promise<QboInvoice | QboCreditMemo | null> =
    kind === 'CREDIT_MEMO' ? client.findCreditMemoByDocNumber(docNumber) : client.findInvoiceByDocNumber(docNumber);
  return found.catch(() => undefined);
}

/**
 * Sends every reserved invoice of the job (customers PENDING with a RESERVED entry), up to
 * `concurrency` at a time. Returns why it stopped early, if it did.
 */
export async function sendInvoices(
  services: AppServices,
  job: { id: string; jobId: string; ownerToken: string },
  concurrency: number,
): Promise<StopSignal> {
  const { db } = services;
  const pending = await db.billingJobCustomer.findMany({
    // Invoices held for review are sent once a person approves them (review-job.ts).
    where: { billingJobId: job.id, status: 'PENDING', ledgerId: { not: null }, ...SENDABLE_AFTER_REVIEW },
    orderBy: [{ customerName: 'asc' }, { id: 'asc' }],
    select: { id: true, ledgerId: true, creditLedgerId: true, profileId: true },
  });
  if (pending.length === 0) return null;
  const { client, error: clientError } = await qboClientOf(services);

  // One lookup (or creation) per item name per job; a failed one is tried again for the next invoice.
  const itemPromises = new Map<string, Promise<QboItem>>();
  const item = (name: string = SERVICE_ITEM_NAME) => {
    const known = itemPromises.get(name);
    if (known) return known;
    const promise = client!.ensureServiceItem(name);
    itemPromises.set(name, promise);
    promise.catch(() => itemPromises.delete(name));
    return promise;
  };

  // The company's tax codes, read once for the job; null when QuickBooks cannot say (it checks them itself then).
  let taxCodesPromise: Promise<CompanyTaxCodes | null> | null = null;
  const taxCodes = () => (taxCodesPromise ??= readCompanyTaxCodes(client!, { patient: true }).catch(() => null));

  let stop: StopSignal = null;
  let next = 0;
  const workers = Math.max(1, Math.min(concurrency, 10, pending.length));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stop) {
        const customer = pending[next];
        next += 1;
        if (!customer) return;
        // Its invoice, then its credit memo (when a period of it was over-invoiced).
        for (const ledgerId of [customer.ledgerId!, customer.creditLedgerId].filter((id): id is string =>
          Boolean(id),
        )) {
          const signal = await sendOne({
            db,
            job,
            customerId: customer.id,
            ledgerId,
            client,
            clientError,
            item,
            taxCodes,
          });
          if (signal) stop = signal;
          const current = await db.billingJobCustomer.findUnique({
            where: { id: customer.id },
            select: { status: true },
          });
          if (stop || current?.status === 'FAILED') break;
        }
        await refreshJobCounts(db, job.id);
      }
    }),
  );
  return stop;
}

type SendContext = {
  db: Database;
  job: { id: string; jobId: string; ownerToken: string };
  customerId: string;
  ledgerId: string;
  client: QboClient | null;
  clientError: string | null;
  item: (name?: string) => Promise<QboItem>;
  taxCodes: () => Promise<CompanyTaxCodes | null>;
};

/**
 * Records why a customer's invoice was not sent, unless it no longer may: a worker that lost the job
 * to another (its heartbeat stalled) leaves the customer to the new owner, and a customer whose
 * invoice QuickBooks already holds (the other worker sent it) is never marked failed after the fact.
 */
async function failCustomer(context: SendContext, message: string): Promise<void> {
  await context.db.billingJobCustomer.updateMany({
    where: { id: context.customerId, status: { not: 'INVOICED' }, job: { ownerToken: context.job.ownerToken } },
    data: { status: 'FAILED', error: message.slice(0, 2000) },
  });
}

/** Thrown by the beforeSend hook when the job is still ours but the entry is no longer RESERVED: not sent. */
class EntryNotReserved extends Error {}

/** Sends one reserved invoice exactly once. Returns a stop signal when the job must stop before sending. */
async function sendOne(context: SendContext): Promise<StopSignal> {
  const { db, client } = context;
  const entry = await db.invoiceLedgerEntry.findUnique({ where: { id: context.ledgerId } });
  if (!entry)
    return failCustomer(context, 'The reservation of this invoice is gone; Retry rates this customer again').then(
      () => null,
    );
  if (entry.state === 'CREATED' && entry.qboInvoiceId) {
    await markInvoiceCreated(db, entry, { Id: entry.qboInvoiceId });
    return null;
  }
  if (entry.state !== 'RESERVED')
    return failCustomer(context, `The reservation is ${entry.state.toLowerCase()}`).then(() => null);

  const profile = await db.customerProfile.findFirst({
    where: { id: entry.profileId },
    select: { qboCustomerId: true, paymentTermsDays: true },
  });
  const qboCustomerId = profile?.qboCustomerId?.trim();
  if (!client || !qboCustomerId) {
    // Nothing was ever sent for an entry without firstSentAt: the reservation is kept for Retry.
    await failCustomer(context, !client ? (context.clientError ?? NOT_CONNECTED_MESSAGE) : NOT_LINKED_TO_QBO);
    return null;
  }

  if (entry.firstSentAt) {
    // An earlier attempt may have reached QuickBooks: ask before sending anything.
    const existing = await findSentInvoice(client, entry.docNumber, entry.kind);
    if (existing) {
      await markInvoiceCreated(db, entry, existing);
      return null;
    }
    if (existing === undefined) {
      await failCustomer(
        context,
        `QuickBooks could not be asked whether invoice ${entry.docNumber} exists; ${RETRY_CHECKS}`,
      );
      return null;
    }
  }

  let item: QboItem;
  const itemsByName = new Map<string, QboItem>();
  let itemName = SERVICE_ITEM_NAME;
  try {
    item = await context.item();
    for (const name of new Set(entryLines(entry).flatMap((line) => (line.itemName ? [line.itemName] : [])))) {
      itemName = name;
      itemsByName.set(name, await context.item(name));
    }
  } catch (error) {
    await failCustomer(context, `QuickBooks service item "${itemName}" unavailable: ${messageOf(error)}`);
    return null;
  }
  // A tax code the company does not know is refused here, naming the valid ones, never sent.
  const taxList = await context.taxCodes();
  const taxProblem = taxList ? invoiceTaxCodeProblem(entryLines(entry), taxList) : null;
  if (taxProblem) {
    const released = await dropRefusedReservation(db, entry.id);
    await failCustomer(
      context,
      `${taxProblem} Fix the customer profile's tax code, then run billing again${released ? '' : ' (Retry checks QuickBooks first)'}.`,
    );
    return null;
  }
  const body = buildInvoice({
    qboCustomerId,
    docNumber: entry.docNumber,
    txnDate: entry.txnDate ? entry.txnDate.toISOString().slice(0, 10) : new Date().toISOString().slice(0, 10),
    paymentTermsDays: entry.kind === 'CREDIT_MEMO' ? undefined : profile?.paymentTermsDays,
    lines: entryLines(entry),
    item,
    itemsByName,
    memo: entry.memo ?? '',
    privateNote: entry.privateNote ?? '',
  });

  let attempts = 0;
  const beforeSend = async () => {
    // Right before the request: a cancel or the kill switch turned on while we waited stops here.
    const stop = await stopSignal(db, context.job.id, context.job.ownerToken);
    if (stop) throw new SendingStopped(stop);
    const sending = await markSending(db, entry.id, context.job.ownerToken);
    if (!sending) {
      const lost = await stopSignal(db, context.job.id, context.job.ownerToken);
      // Still ours, but another worker's send or drop moved the entry on: this one is settled below.
      throw lost ? new SendingStopped(lost) : new EntryNotReserved();
    }
    attempts = sending.attempts;
  };
  try {
    const created =
      entry.kind === 'CREDIT_MEMO'
        ? await client.createCreditMemo(body, { requestId: entry.requestId, beforeSend })
        : await client.createInvoice(body, { requestId: entry.requestId, beforeSend });
    await markInvoiceCreated(db, entry, created);
    return null;
  } catch (error) {
    if (error instanceof SendingStopped) {
      // Stopped before a retry of an attempt whose answer never came: that one may have landed.
      if (attempts > 0) await markOutcomeUnknown(db, entry.id);
      return error.signal;
    }
    if (error instanceof EntryNotReserved) {
      const now = await db.invoiceLedgerEntry.findUnique({ where: { id: entry.id } });
      if (now?.state === 'CREATED' && now.qboInvoiceId) await markInvoiceCreated(db, now, { Id: now.qboInvoiceId });
      else
        await failCustomer(
          context,
          `The reservation is ${now ? now.state.toLowerCase() : 'gone'}; Retry rates this customer again`,
        );
      return null;
    }
    await settleFailedSend(context, entry, attempts, error);
    return null;
  }
}

/** What a failed request means for the reservation and the customer. */
async function settleFailedSend(
  context: SendContext,
  entry: { id: string; docNumber: string; billingJobCustomerId: string | null; kind: string },
  attempts: number,
  error: unknown,
): Promise<void> {
  const { db, client } = context;
  const message = messageOf(error);
  if (error instanceof QboApiError && error.code === '6140') {
    // Duplicate DocNumber: our invoice is there already.
    const existing = await findSentInvoice(client!, entry.docNumber, entry.kind);
    if (existing) return markInvoiceCreated(db, entry, existing);
  }
  if (error instanceof QboAuthError) {
    // Refused before it was read: nothing was created. The reservation stays (same requestid).
    return failCustomer(context, `QuickBooks refused the connection (${message}); reconnect QuickBooks, then Retry`);
  }
  // Throttled (429, or 403 with code 3001) past the client's patience: refused for now, but not for good.
  const refused =
    error instanceof QboApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    !error.throttled &&
    error.status !== 408;
  if (refused) {
    // Refused outright. Only a first attempt lets the reservation go: an earlier one may have landed.
    if (attempts <= 1 && (await dropRefusedReservation(db, entry.id)))
      return failCustomer(context, `QuickBooks refused the invoice: ${message}`);
    return failCustomer(
      context,
      `QuickBooks refused the invoice: ${message}. An earlier attempt may have reached QuickBooks; ${RETRY_CHECKS}`,
    );
  }
  await markOutcomeUnknown(db, entry.id);
  const existing = await findSentInvoice(client!, entry.docNumber, entry.kind);
  if (existing) return markInvoiceCreated(db, entry, existing);
  return failCustomer(context, `QuickBooks did not confirm the invoice (${message}); ${RETRY_CHECKS}`);
}

export { resolveAbandonedReservations } from './abandoned-reservations';
