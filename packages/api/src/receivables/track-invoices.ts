/**
 * Which invoices the app follows: every invoice (and credit memo) it created in QuickBooks. A
 * ledger entry that QuickBooks created gets its receivable row the first time anything here runs
 * after it (a webhook, a sync pass, a screen asking): with its amount and a due date by the
 * profile's terms until QuickBooks is read.
 */
import type { Database, InvoiceReceivable } from '@phone-billing/db';
import type { QboClient } from '@phone-billing/integrations/qbo';
import { applySnapshot, type QboSnapshot } from './apply-snapshot';

/** Ledger kinds that become receivables, and the QuickBooks entity each one is. */
export const FOLLOWED_KINDS = { INVOICE: 'invoice', CREDIT_MEMO: 'creditmemo' } as const;

/** Creates the missing receivable rows; returns how many were new. */
export async function trackCreatedInvoices(db: Database): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "invoice_receivables"
      ("ledgerId", "kind", "qboId", "profileId", "status", "totalAmount", "balance", "dueDate", "autoSendDone")
    SELECT l.id, l.kind, l."qboInvoiceId", l."profileId", 'OPEN', l.amount, l.amount,
           COALESCE(l."txnDate", l."createdAt"::date) + COALESCE(p."paymentTermsDays", 30),
           NOT COALESCE(p."emailInvoices", false) OR l.kind <> 'INVOICE'
    FROM "invoice_ledger" l
    LEFT JOIN "customer_profiles" p ON p.id = l."profileId"
    WHERE l.kind IN ('INVOICE', 'CREDIT_MEMO') AND l.state IN ('CREATED', 'RELEASED') AND l."qboInvoiceId" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "invoice_receivables" r WHERE r."ledgerId" = l.id)
    ON CONFLICT DO NOTHING`;
}

const idsPerRead = 200;

/**
 * Reads these receivables again from QuickBooks and applies what it holds. Invoices go by query
 * (a deleted one is simply absent), a single one by GET (a 610 means deleted).
 */
export async function refreshReceivables(
  db: Database,
  client: QboClient,
  rows: InvoiceReceivable[],
): Promise<{ applied: number }> {
  let applied = 0;
  const invoices = rows.filter((row) => row.kind === 'INVOICE');
  for (let start = 0; start < invoices.length; start += idsPerRead) {
    const slice = invoices.slice(start, start + idsPerRead);
    const found =
      slice.length === 1
        ? [await client.getInvoice(slice[0]!.qboId)].filter((invoice) => invoice !== null)
        : await client.findInvoicesByIds(slice.map((row) => row.qboId));
    const byId = new Map(found.map((invoice) => [invoice.Id, invoice]));
    for (const row of slice) {
      if ((await applySnapshot(db, client, row, (byId.get(row.qboId) ?? null) as QboSnapshot)) === 'applied')
        applied += 1;
    }
  }
  for (const row of rows.filter((candidate) => candidate.kind === 'CREDIT_MEMO')) {
    const memo = await client.getEntity('creditmemo', row.qboId);
    if ((await applySnapshot(db, client, row, memo as QboSnapshot)) === 'applied') applied += 1;
  }
  return { applied };
}

/** Receivables never read from QuickBooks yet (just tracked). */
export function unreadReceivables(db: Database): Promise<InvoiceReceivable[]> {
  return db.invoiceReceivable.findMany({ where: { syncToken: null, NOT: { status: 'DELETED' } }, take: 1000 });
}
