/**
 * Voided and deleted invoices (DESIGN.md §4, Voids). The app asks QuickBooks about the invoices it
 * created, at each run (for that run's customers) and nightly (all of the last 400 days). One that
 * was voided or deleted there is flagged on its job and profile; it stays live — its calls and
 * period amounts stay billed — until a person with billing:run releases it for re-billing.
 */
import { invoiceQboState } from '@phone-billing/integrations/qbo';
import type { AppServices } from '../services';
import { notify } from '../notifications';
import { qboClientOf } from './send-invoices';

/** How far back the nightly check looks. */
const CHECK_DAYS = 400;

export type InvoiceCheckResult = { checked: number; voided: number; deleted: number };

/**
 * Asks QuickBooks about the CREATED invoices (of these profiles, or all of the last 400 days) and
 * records what it says; newly voided or deleted ones ring the bell. Without a connection, nothing.
 */
export async function checkCreatedInvoices(
  services: AppServices,
  options: { profileIds?: string[] } = {},
): Promise<InvoiceCheckResult> {
  const { db } = services;
  const result: InvoiceCheckResult = { checked: 0, voided: 0, deleted: 0 };
  const since = new Date(Date.now() - CHECK_DAYS * 86_400_000);
  const entries = await db.invoiceLedgerEntry.findMany({
    where: {
      state: 'CREATED',
      kind: 'INVOICE',
      qboInvoiceId: { not: null },
      createdAt: { gte: since },
      ...(options.profileIds ? { profileId: { in: options.profileIds } } : {}),
    },
    select: { id: true, qboInvoiceId: true, qboStatus: true, docNumber: true, profileId: true },
  });
  if (entries.length === 0) return result;
  const { client } = await qboClientOf(services);
  if (!client) return result;
  const found = new Map(
    (await client.findInvoicesByIds(entries.map((entry) => entry.qboInvoiceId!))).map((invoice) => [
      invoice.Id,
      invoice,
    ]),
  );
  const now = new Date();
  const newlyFlagged: Array<{ docNumber: string; status: string }> = [];
  for (const entry of entries) {
    const invoice = found.get(entry.qboInvoiceId!);
    const status = invoice ? invoiceQboState(invoice) : 'deleted';
    result.checked += 1;
    if (status === 'voided') result.voided += 1;
    if (status === 'deleted') result.deleted += 1;
    if (status !== 'active' && entry.qboStatus !== status) newlyFlagged.push({ docNumber: entry.docNumber, status });
    await db.invoiceLedgerEntry.update({
      where: { id: entry.id },
      data: {
        qboStatus: status,
        qboCheckedAt: now,
        ...(status !== 'active' && entry.qboStatus !== status ? { voidDetectedAt: now } : {}),
      },
    });
  }
  for (const flagged of newlyFlagged) {
    await notify(db, {
      kind: 'billing-failure',
      message: `Invoice ${flagged.docNumber} was ${flagged.status} in QuickBooks: its calls stay billed until someone releases it for re-billing`,
      link: '/billing-jobs',
    });
  }
  return result;
}
