/**
 * What QuickBooks holds of one invoice (or credit memo), applied to our copy. The one rule that
 * makes duplicate and out-of-order news harmless: a snapshot is applied only when it is newer than
 * what we hold (a higher SyncToken, or the same SyncToken with a later LastUpdatedTime); a deletion
 * always wins and is final. Whoever calls this re-read the entity from QuickBooks first: a webhook
 * is a pointer, never the truth.
 */
import { invoiceQboState, type QboClient, type QboInvoice } from '@phone-billing/integrations/qbo';
import type { Database, InvoiceReceivable } from '@phone-billing/db';
import { notify } from '../notifications';

export type StoredStatus = 'OPEN' | 'PARTIALLY_PAID' | 'PAID' | 'VOIDED' | 'DELETED';

/** The entity as read: an invoice (or a credit memo, read through the same fields), or null when deleted. */
export type QboSnapshot =
  | (Pick<QboInvoice, 'Id' | 'SyncToken' | 'MetaData' | 'TotalAmt' | 'Line' | 'PrivateNote'> & Record<string, unknown>)
  | null;

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/** The status QuickBooks' fields say (OVERDUE is decided when read: it depends on the day). */
export function storedStatusOf(snapshot: QboSnapshot, kind: string): { status: StoredStatus; balance: number } {
  if (!snapshot) return { status: 'DELETED', balance: 0 };
  if (invoiceQboState(snapshot as Pick<QboInvoice, 'PrivateNote' | 'TotalAmt' | 'Line'>) === 'voided')
    return { status: 'VOIDED', balance: 0 };
  // A credit memo's "balance" is the credit still to apply.
  const balance = cents(kind === 'CREDIT_MEMO' ? (snapshot.RemainingCredit ?? snapshot.Balance) : snapshot.Balance);
  if (balance <= 0) return { status: 'PAID', balance: 0 };
  return { status: balance < cents(snapshot.TotalAmt) ? 'PARTIALLY_PAID' : 'OPEN', balance };
}

function isNewer(
  row: Pick<InvoiceReceivable, 'syncToken' | 'qboUpdatedAt'>,
  syncToken: number,
  updatedAt: Date,
): boolean {
  if (row.syncToken === null) return true;
  if (syncToken !== row.syncToken) return syncToken > row.syncToken;
  return row.qboUpdatedAt === null || updatedAt.getTime() > row.qboUpdatedAt.getTime();
}

function linkedPaymentIds(snapshot: NonNullable<QboSnapshot>): string[] {
  const links = Array.isArray(snapshot.LinkedTxn)
    ? (snapshot.LinkedTxn as Array<{ TxnId?: unknown; TxnType?: unknown }>)
    : [];
  return [
    ...new Set(
      links.filter((link) => link.TxnType === 'Payment' && link.TxnId !== undefined).map((link) => String(link.TxnId)),
    ),
  ];
}

type PaymentRow = { qboPaymentId: string; paidOn: Date; amount: number };

/** The payments applied to this invoice: known ones kept, new ones read from QuickBooks. */
async function paymentsOf(
  db: Database,
  client: QboClient,
  row: InvoiceReceivable,
  snapshot: NonNullable<QboSnapshot>,
): Promise<PaymentRow[]> {
  const ids = linkedPaymentIds(snapshot);
  if (ids.length === 0) return [];
  const known = new Map(
    (await db.invoicePayment.findMany({ where: { ledgerId: row.ledgerId, qboPaymentId: { in: ids } } })).map(
      (payment) => [payment.qboPaymentId, payment],
    ),
  );
  const rows: PaymentRow[] = [];
  for (const id of ids) {
    const stored = known.get(id);
    if (stored) {
      rows.push({ qboPaymentId: id, paidOn: stored.paidOn, amount: Number(stored.amount) });
      continue;
    }
    const payment = await client.getPayment(id);
    if (!payment) continue;
    const applied = payment.Line.filter((line) =>
      line.LinkedTxn.some(
        (link) => link.TxnId === row.qboId && link.TxnType === (row.kind === 'CREDIT_MEMO' ? 'CreditMemo' : 'Invoice'),
      ),
    );
    rows.push({
      qboPaymentId: id,
      paidOn: new Date(`${payment.TxnDate}T00:00:00Z`),
      amount: cents(applied.reduce((sum, line) => sum + line.Amount, 0)),
    });
  }
  return rows;
}

function emailedAtOf(snapshot: NonNullable<QboSnapshot>): Date | null {
  const delivery = snapshot.DeliveryInfo as { DeliveryType?: string; DeliveryTime?: string } | undefined;
  const at = delivery?.DeliveryType === 'Email' && delivery.DeliveryTime ? Date.parse(delivery.DeliveryTime) : NaN;
  if (!Number.isNaN(at)) return new Date(at);
  return snapshot.EmailStatus === 'EmailSent' ? new Date(Date.parse(snapshot.MetaData.LastUpdatedTime)) : null;
}

/** Flags a voided or deleted invoice on its job and profile (the ledger's qboStatus), once. */
async function flagForRelease(
  db: Database,
  row: InvoiceReceivable,
  status: 'VOIDED' | 'DELETED',
  now: Date,
): Promise<void> {
  if (row.kind !== 'INVOICE') return;
  const qboStatus = status === 'VOIDED' ? 'voided' : 'deleted';
  const flagged = await db.invoiceLedgerEntry.updateMany({
    // qboStatus may be null (never checked): NOT (qboStatus = …) would skip those rows in SQL.
    where: { id: row.ledgerId, state: 'CREATED', OR: [{ qboStatus: null }, { qboStatus: { not: qboStatus } }] },
    data: { qboStatus, qboCheckedAt: now, voidDetectedAt: now },
  });
  if (flagged.count === 0) return;
  const entry = await db.invoiceLedgerEntry.findUnique({ where: { id: row.ledgerId }, select: { docNumber: true } });
  await notify(db, {
    kind: 'billing-failure',
    message: `Invoice ${entry?.docNumber ?? row.qboId} was ${qboStatus} in QuickBooks: its calls stay billed until someone releases it for re-billing`,
    link: '/invoices',
  });
}

export type ApplyOutcome = 'applied' | 'unchanged';

/**
 * Applies what QuickBooks holds now (null: deleted there) to our row, when newer. A void or a
 * delete also flags the invoice for release on its job and profile, and rings the bell.
 */
export async function applySnapshot(
  db: Database,
  client: QboClient,
  row: InvoiceReceivable,
  snapshot: QboSnapshot,
  now = new Date(),
): Promise<ApplyOutcome> {
  if (row.status === 'DELETED') return 'unchanged';
  if (!snapshot) {
    const deleted = await db.invoiceReceivable.updateMany({
      where: { ledgerId: row.ledgerId, NOT: { status: 'DELETED' } },
      data: { status: 'DELETED', balance: 0, lastSyncedAt: now },
    });
    if (deleted.count > 0) await flagForRelease(db, row, 'DELETED', now);
    return deleted.count > 0 ? 'applied' : 'unchanged';
  }
  const syncToken = Number(snapshot.SyncToken);
  const updatedAt = new Date(Date.parse(snapshot.MetaData.LastUpdatedTime));
  if (!isNewer(row, syncToken, updatedAt)) {
    await db.invoiceReceivable.update({ where: { ledgerId: row.ledgerId }, data: { lastSyncedAt: now } });
    return 'unchanged';
  }
  const { status, balance } = storedStatusOf(snapshot, row.kind);
  const payments = status === 'VOIDED' ? [] : await paymentsOf(db, client, row, snapshot);
  const emailedAt = emailedAtOf(snapshot);
  const dueDate = typeof snapshot.DueDate === 'string' ? new Date(`${snapshot.DueDate}T00:00:00Z`) : row.dueDate;
  const lastPaymentOn = payments.reduce<Date | null>(
    (latest, payment) => (!latest || payment.paidOn > latest ? payment.paidOn : latest),
    null,
  );
  const applied = await db.$transaction(async (tx) => {
    // Only over an older copy: another worker may have applied a newer snapshot meanwhile.
    const updated = await tx.invoiceReceivable.updateMany({
      where: {
        ledgerId: row.ledgerId,
        NOT: { status: 'DELETED' },
        OR: [
          { syncToken: null },
          { syncToken: { lt: syncToken } },
          { syncToken, OR: [{ qboUpdatedAt: null }, { qboUpdatedAt: { lt: updatedAt } }] },
        ],
      },
      data: {
        status,
        balance,
        totalAmount: status === 'VOIDED' ? row.totalAmount : cents(snapshot.TotalAmt),
        dueDate,
        syncToken,
        qboUpdatedAt: updatedAt,
        lastSyncedAt: now,
        lastPaymentOn,
        ...(emailedAt
          ? {
              emailStatus: 'SENT',
              emailedAt,
              emailedTo: (snapshot.BillEmail as { Address?: string } | undefined)?.Address ?? row.emailedTo,
            }
          : {}),
      },
    });
    if (updated.count === 0) return false;
    await tx.invoicePayment.deleteMany({
      where: { ledgerId: row.ledgerId, qboPaymentId: { notIn: payments.map((payment) => payment.qboPaymentId) } },
    });
    for (const payment of payments) {
      await tx.invoicePayment.upsert({
        where: { ledgerId_qboPaymentId: { ledgerId: row.ledgerId, qboPaymentId: payment.qboPaymentId } },
        create: { ledgerId: row.ledgerId, ...payment },
        update: { paidOn: payment.paidOn, amount: payment.amount },
      });
    }
    return true;
  });
  if (applied && status === 'VOIDED') await flagForRelease(db, row, 'VOIDED', now);
  return applied ? 'applied' : 'unchanged';
}
