/**
 * "Release for re-billing": an invoice voided or deleted in QuickBooks stops holding its calls and
 * its share of its periods, so the next run bills them again. Only on a person's request (never
 * automatic), only for an invoice QuickBooks no longer counts, and audited as the person's.
 */
import { invoiceQboState } from '@phone-billing/integrations/qbo';
import { recordAudit, type AuditActor } from '../auth/audit';
import type { AppServices } from '../services';
import { AppError, notFound } from '../errors';
import { toQboAppError } from '../qbo/connection';
import { lockPeriodsOfEntries } from './ledger-drops';
import { qboClientOf } from './send-invoices';

export type ReleasedInvoice = {
  qboInvoiceId: string | null;
  docNumber: string;
  amount: number;
  calls: number;
  qboStatus: string;
};

type Entry = NonNullable<Awaited<ReturnType<AppServices['db']['invoiceLedgerEntry']['findFirst']>>>;

/**
 * `invoiceRef` is the QuickBooks id of an invoice the app created, or (QuickBooks never gave one)
 * the DocNumber of a sent reservation the sweep flagged `missing`: QuickBooks does not hold it and
 * it could not be sent again, so only a person decides (DESIGN.md §4 "A sent invoice is never
 * dropped by a machine").
 */
export async function releaseInvoice(
  services: AppServices,
  invoiceRef: string,
  releasedBy: AuditActor,
  reason: string,
): Promise<ReleasedInvoice> {
  const { db } = services;
  const entry =
    (await db.invoiceLedgerEntry.findFirst({
      where: { qboInvoiceId: invoiceRef, kind: 'INVOICE' },
      orderBy: { createdAt: 'desc' },
    })) ??
    (await db.invoiceLedgerEntry.findFirst({
      where: { docNumber: invoiceRef, kind: 'INVOICE', qboInvoiceId: null, qboStatus: 'missing' },
      orderBy: { createdAt: 'desc' },
    }));
  if (!entry) throw notFound('Invoice');
  if (entry.state === 'RELEASED')
    throw new AppError('CONFLICT', `Invoice ${entry.docNumber} was already released for re-billing`);
  const missing = entry.state === 'RESERVED' && entry.qboStatus === 'missing';
  if (entry.state !== 'CREATED' && !missing)
    throw new AppError(
      'CONFLICT',
      `Invoice ${entry.docNumber} is ${entry.state.toLowerCase()}, not an invoice QuickBooks holds`,
    );

  // Ask QuickBooks again: what we learned last night (or the sweep found) may be out of date.
  const qboStatus = missing ? await missingStatus(services, entry) : await createdStatus(services, entry);
  if (qboStatus === 'active') {
    if (!missing)
      await db.invoiceLedgerEntry.update({ where: { id: entry.id }, data: { qboStatus, qboCheckedAt: new Date() } });
    throw new AppError(
      'CONFLICT',
      missing
        ? `QuickBooks holds invoice ${entry.docNumber} after all: the next check records it; void or delete it there first, then release it here`
        : `Invoice ${entry.docNumber} is still active in QuickBooks: void or delete it there first, then release it here`,
    );
  }
  const now = new Date();
  const calls = await db.$transaction(async (tx) => {
    // Its periods first (as rating and the drops lock them): no rating reads their totals before
    // this release and their live claims after it.
    await lockPeriodsOfEntries(tx, [entry.id]);
    const released = await tx.invoiceLedgerEntry.updateMany({
      where: { id: entry.id, state: entry.state, ...(missing ? { qboStatus: 'missing' } : {}) },
      data: {
        state: 'RELEASED',
        qboStatus,
        qboCheckedAt: now,
        releasedAt: now,
        releasedById: releasedBy.id,
        releaseReason: reason,
      },
    });
    if (released.count === 0) throw new AppError('CONFLICT', `Invoice ${entry.docNumber} changed meanwhile; try again`);
    const claims = await tx.callClaim.aggregate({ where: { ledgerId: entry.id, live: true }, _sum: { calls: true } });
    await tx.callClaim.updateMany({ where: { ledgerId: entry.id }, data: { live: false } });
    return claims._sum.calls ?? 0;
  });
  const released = {
    qboInvoiceId: entry.qboInvoiceId,
    docNumber: entry.docNumber,
    amount: Number(entry.amount),
    calls,
    qboStatus,
  };
  await recordAudit(db, {
    actor: releasedBy,
    action: 'billing.invoice-released',
    target: released.docNumber,
    details: {
      qboInvoiceId: entry.qboInvoiceId,
      profileId: entry.profileId,
      amount: released.amount,
      calls,
      qboStatus,
      reason,
    },
  });
  return released;
}

/** What QuickBooks says of an invoice it created: active, voided or deleted. */
async function createdStatus(services: AppServices, entry: Entry): Promise<string> {
  const { client } = await qboClientOf(services);
  if (!client) return entry.qboStatus ?? 'active';
  // QuickBooks failing to answer is its failure (502, or 429 when it limits us), not ours.
  const [invoice] = await client.findInvoicesByIds([entry.qboInvoiceId!]).catch((error: unknown) => {
    throw toQboAppError(error);
  });
  return invoice ? invoiceQboState(invoice) : 'deleted';
}

/** Whether QuickBooks holds a reservation flagged missing after all (looked up by its DocNumber). */
async function missingStatus(services: AppServices, entry: Entry): Promise<string> {
  const { client } = await qboClientOf(services);
  if (!client)
    throw new AppError(
      'BAD_GATEWAY',
      `QuickBooks is not connected: it cannot say whether it holds invoice ${entry.docNumber}`,
    );
  const found = await client.findInvoiceByDocNumber(entry.docNumber).catch((error: unknown) => {
    throw toQboAppError(error);
  });
  return found ? 'active' : 'missing';
}
