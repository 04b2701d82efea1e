import type { QboInvoice } from './entities';

export type InvoiceQboState = 'active' | 'voided';

/**
 * Whether an invoice QuickBooks still holds has been voided there. QuickBooks keeps a voided
 * invoice with "Voided" in front of its private note and every amount at 0; either sign is
 * enough (someone may edit the note afterwards). A deleted invoice is not found at all, so
 * callers tell that case by its absence from findInvoicesByIds.
 */
export function invoiceQboState(invoice: Pick<QboInvoice, 'PrivateNote' | 'TotalAmt' | 'Line'>): InvoiceQboState {
  if (invoice.PrivateNote?.startsWith('Voided')) return 'voided';
  const allLinesZero = invoice.Line.every((line) => (line.Amount ?? 0) === 0);
  return invoice.TotalAmt === 0 && allLinesZero ? 'voided' : 'active';
}
