/**
 * E-mailing invoices through QuickBooks (its `send` operation): one from Job Details or the
 * Invoices screen, every unsent one of a job, or each new one automatically when its profile says
 * so. Refusals say why: a voided or deleted invoice (409), no address on file and none typed in.
 */
import { QboApiError, type QboClient } from '@phone-billing/integrations/qbo';
import type { Database, InvoiceReceivable } from '@phone-billing/db';
import { recordAudit, type AuditActor } from '../auth/audit';
import { AppError, notFound } from '../errors';
import { toQboAppError } from '../qbo/connection';
import { applySnapshot, type QboSnapshot } from './apply-snapshot';
import { trackCreatedInvoices } from './track-invoices';

export type SentInvoice = { ledgerId: string; docNumber: string; sentTo: string; emailedAt: Date };

async function followedInvoice(
  db: Database,
  ledgerId: string,
): Promise<{ row: InvoiceReceivable; docNumber: string; customerName: string; profileEmail: string | null }> {
  let row = await db.invoiceReceivable.findUnique({ where: { ledgerId } });
  if (!row) {
    await trackCreatedInvoices(db);
    row = await db.invoiceReceivable.findUnique({ where: { ledgerId } });
  }
  if (!row) throw notFound('Invoice');
  const entry = await db.invoiceLedgerEntry.findUnique({ where: { id: ledgerId }, select: { docNumber: true } });
  const profile = await db.customerProfile.findUnique({
    where: { id: row.profileId },
    select: { qboDisplayName: true, qboPrimaryEmailAddr: true },
  });
  return {
    row,
    docNumber: entry?.docNumber ?? row.qboId,
    customerName: profile?.qboDisplayName ?? 'this customer',
    profileEmail: profile?.qboPrimaryEmailAddr?.trim() || null,
  };
}

/** Why an invoice cannot be e-mailed, or null when it can. */
export function sendRefusal(row: Pick<InvoiceReceivable, 'status' | 'kind'>, docNumber: string): string | null {
  if (row.kind !== 'INVOICE') return `${docNumber} is a credit memo: only invoices are e-mailed from here`;
  if (row.status === 'VOIDED') return `Invoice ${docNumber} was voided in QuickBooks: it cannot be e-mailed`;
  if (row.status === 'DELETED') return `Invoice ${docNumber} was deleted in QuickBooks: it cannot be e-mailed`;
  return null;
}

/**
 * E-mails one invoice to `sendTo`, or else the profile's e-mail. Keeps what QuickBooks answers
 * (EmailStatus, DeliveryInfo) and audits who sent it where.
 */
export async function sendInvoiceEmail(
  db: Database,
  client: QboClient | null,
  ledgerId: string,
  options: { sendTo?: string | null; actor: AuditActor | null },
): Promise<SentInvoice> {
  const { row, docNumber, customerName, profileEmail } = await followedInvoice(db, ledgerId);
  const refusal = sendRefusal(row, docNumber);
  if (refusal) throw new AppError('CONFLICT', refusal);
  const sendTo = options.sendTo?.trim() || profileEmail;
  if (!sendTo)
    throw new AppError(
      'BAD_REQUEST',
      `No e-mail on file for ${customerName}: type the address to send invoice ${docNumber} to`,
    );
  if (!client) throw new AppError('BAD_REQUEST', 'QuickBooks is not connected. Connect it from QBO Setup.');
  let invoice;
  try {
    invoice = await client.sendInvoice(row.qboId, sendTo);
  } catch (error) {
    const message =
      error instanceof QboApiError ? `QuickBooks did not send invoice ${docNumber}: ${error.message}` : null;
    await db.invoiceReceivable.update({
      where: { ledgerId },
      data: { lastSendError: message ?? 'QuickBooks did not answer' },
    });
    if (error instanceof QboApiError && error.status === 400) throw new AppError('BAD_REQUEST', message!);
    throw toQboAppError(error);
  }
  await applySnapshot(db, client, row, invoice as QboSnapshot);
  const emailedAt = new Date();
  // Whatever the snapshot rule decided, QuickBooks just said it was sent.
  await db.invoiceReceivable.update({
    where: { ledgerId },
    data: { emailStatus: 'SENT', emailedTo: sendTo, lastSendError: null, autoSendDone: true, emailedAt },
  });
  await recordAudit(db, {
    actor: options.actor,
    action: 'invoice.emailed',
    target: docNumber,
    details: { qboInvoiceId: row.qboId, sentTo: sendTo },
  });
  return { ledgerId, docNumber, sentTo: sendTo, emailedAt };
}

export type SendAllResult = {
  sent: SentInvoice[];
  refused: Array<{ ledgerId: string; docNumber: string; reason: string }>;
};

/** Every invoice of the job not e-mailed yet (voided and deleted ones left out), each to its profile's e-mail. */
export async function sendUnsentInvoicesOfJob(
  db: Database,
  client: QboClient | null,
  billingJobId: string,
  actor: AuditActor | null,
): Promise<SendAllResult> {
  await trackCreatedInvoices(db);
  const entries = await db.invoiceLedgerEntry.findMany({
    where: { billingJobId, kind: 'INVOICE' },
    select: { id: true, docNumber: true },
  });
  const rows = await db.invoiceReceivable.findMany({
    where: {
      ledgerId: { in: entries.map((entry) => entry.id) },
      emailStatus: 'NOT_SENT',
      status: { notIn: ['VOIDED', 'DELETED'] },
    },
  });
  const result: SendAllResult = { sent: [], refused: [] };
  for (const row of rows) {
    try {
      result.sent.push(await sendInvoiceEmail(db, client, row.ledgerId, { actor }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({
        ledgerId: row.ledgerId,
        docNumber: entries.find((entry) => entry.id === row.ledgerId)?.docNumber ?? row.qboId,
        reason: error.message,
      });
    }
  }
  return result;
}

/**
 * E-mails each new invoice whose profile asks for it, once (a failure is kept on the invoice and
 * shown; a person can send it again). Invoices of profiles without the setting are marked done.
 */
export async function sendNewInvoicesAutomatically(db: Database, client: QboClient | null): Promise<number> {
  if (!client) return 0;
  const due = await db.invoiceReceivable.findMany({ where: { autoSendDone: false, kind: 'INVOICE' }, take: 200 });
  let sent = 0;
  for (const row of due) {
    await db.invoiceReceivable.update({ where: { ledgerId: row.ledgerId }, data: { autoSendDone: true } });
    if (row.emailStatus === 'SENT' || sendRefusal(row, row.qboId)) continue;
    try {
      await sendInvoiceEmail(db, client, row.ledgerId, { actor: null });
      sent += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await db.invoiceReceivable.update({ where: { ledgerId: row.ledgerId }, data: { lastSendError: error.message } });
    }
  }
  return sent;
}
