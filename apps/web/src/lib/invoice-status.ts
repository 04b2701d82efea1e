// How the app speaks of an invoice that QuickBooks no longer counts (DESIGN.md §4, Voids): the app
// checks its invoices at each run and nightly; one voided or deleted there keeps its calls billed
// until a person with billing:run releases it for re-billing.

/** What QuickBooks said of an invoice when last asked (the ledger's qboStatus). */
export type InvoiceQboStatus = 'active' | 'voided' | 'deleted' | 'missing';

/** The flag shown beside an invoice voided or deleted in QuickBooks; null for any other. */
export function invoiceQboFlag(qboStatus: string | null | undefined): string | null {
  if (qboStatus === 'voided') return 'Voided in QuickBooks';
  if (qboStatus === 'deleted') return 'Deleted in QuickBooks';
  // Sent, but QuickBooks does not hold it and it could not be sent again: a person decides.
  if (qboStatus === 'missing') return 'Missing in QuickBooks';
  return null;
}

/**
 * Whether "Release for re-billing" applies: an invoice the app created (still holding its calls)
 * that QuickBooks reports voided or deleted, or a sent reservation QuickBooks is missing (released
 * by its DocNumber). The server checks QuickBooks again before releasing.
 */
export function canReleaseInvoice(invoice: {
  state: string | null | undefined;
  qboStatus: string | null | undefined;
}): boolean {
  if (invoice.state === 'RESERVED') return invoice.qboStatus === 'missing';
  return invoice.state === 'CREATED' && (invoice.qboStatus === 'voided' || invoice.qboStatus === 'deleted');
}
