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
import { qboClientOf } from './send-invoices';

export type ReleasedInvoice = { qboInvoiceId: string; docNumber: string; amount: number; calls: number; qboStatus: string };

export async function releaseInvoice(services: AppServices, qboInvoiceId: string, releasedBy: AuditActor, reason: string): Promise<ReleasedInvoice> {
  const { db } = services;
  const entry = await db.invoiceLedgerEntry.findFirst({ where: { qboInvoiceId, kind: 'INVOICE' }, orderBy: { createdAt: 'desc' } });
  if (!entry) throw notFound('Invoice');
  if (entry.state === 'RELEASED') throw new AppError('CONFLICT', `Invoice ${entry.docNumber} was already released for re-billing`);
  if (entry.state !== 'CREATED') throw new AppError('CONFLICT', `Invoice ${entry.docNumber} is ${entry.state.toLowerCase()}, not an invoice QuickBooks holds`);

  // Ask QuickBooks again: what we learned last night may be out of date.
  let qboStatus = entry.qboStatus ?? 'active';
  const { client } = await qboClientOf(services);
  if (client) {
    // QuickBooks failing to answer is its failure (502, or 429 when it limits us), not ours.
    const [invoice] = await client.findInvoicesByIds([qboInvoiceId]).catch((error: unknown) => {
      throw toQboAppError(error);
    });
    qboStatus = invoice ? invoiceQboState(invoice) : 'deleted';
  }
  if (qboStatus === 'active') {
    await db.invoiceLedgerEntry.update({ where: { id: entry.id }, data: { qboStatus, qboCheckedAt: new Date() } });
    throw new AppError('CONFLICT', `Invoice ${entry.docNumber} is still active in QuickBooks: void or delete it there first, then release it here`);
  }

  const now = new Date();
  const calls = await db.$transaction(async (tx) => {
    const released = await tx.invoiceLedgerEntry.updateMany({
      where: { id: entry.id, state: 'CREATED' },
      data: { state: 'RELEASED', qboStatus, qboCheckedAt: now, releasedAt: now, releasedById: releasedBy.id, releaseReason: reason },
    });
    if (released.count === 0) throw new AppError('CONFLICT', `Invoice ${entry.docNumber} changed meanwhile; try again`);
    const claims = await tx.callClaim.aggregate({ where: { ledgerId: entry.id, live: true }, _sum: { calls: true } });
    await tx.callClaim.updateMany({ where: { ledgerId: entry.id }, data: { live: false } });
    return claims._sum.calls ?? 0;
  });
  const released = { qboInvoiceId, docNumber: entry.docNumber, amount: Number(entry.amount), calls, qboStatus };
  await recordAudit(db, {
    actor: releasedBy,
    action: 'billing.invoice-released',
    target: released.docNumber,
    details: { qboInvoiceId, profileId: entry.profileId, amount: released.amount, calls, qboStatus, reason },
  });
  return released;
}
