import type { QboInvoiceInput } from '@phone-billing/integrations/qbo';
import type { InvoiceLine } from '../domain/rating';

export type InvoiceQueueUsage = { queueName: string; calls: number; billedMinutes: string };

/** The QuickBooks service item every invoice line bills against. */
export const SERVICE_ITEM_NAME = 'Phone usage';
/** QuickBooks caps DocNumber at 21 characters. */
export const MAX_DOC_NUMBER_LENGTH = 21;

/**
 * DocNumber of a job's n-th customer (1-based): the job code and the position, e.g. "BJ-7K3F9Q-12".
 * Unique because job codes are; kept on the customer row and its ledger entry, so a retried or
 * resumed job sends the same number (and can look it up after an unknown outcome).
 */
export function docNumberFor(jobCode: string, position: number): string {
  const docNumber = `${jobCode}-${position}`;
  if (docNumber.length > MAX_DOC_NUMBER_LENGTH) throw new RangeError(`DocNumber ${docNumber} is longer than ${MAX_DOC_NUMBER_LENGTH} characters`);
  return docNumber;
}

/**
 * The invoice QuickBooks receives for one customer and period: one SalesItemLineDetail line per
 * rating line (Qty, UnitPrice, Amount = Qty × UnitPrice to the cent, the profile's tax code),
 * the memo naming the period, the private note naming the job and the minutes per queue.
 */
export function buildInvoice(params: {
  qboCustomerId: string;
  docNumber: string;
  txnDate: string;
  periodStart: string;
  periodEnd: string;
  jobCode: string;
  lines: InvoiceLine[];
  item: { Id: string; Name?: string };
  queueUsage: InvoiceQueueUsage[];
}): QboInvoiceInput {
  const period = `${params.periodStart} to ${params.periodEnd}`;
  const perQueue = params.queueUsage.length
    ? params.queueUsage.map((queue) => `${queue.queueName}: ${queue.billedMinutes} min (${queue.calls} calls)`).join('; ')
    : 'no calls';
  return {
    CustomerRef: { value: params.qboCustomerId },
    DocNumber: params.docNumber,
    TxnDate: params.txnDate,
    Line: params.lines.map((line) => ({
      DetailType: 'SalesItemLineDetail' as const,
      Amount: Number(line.amount),
      Description: `${line.description} (${period})`,
      SalesItemLineDetail: {
        ItemRef: { value: params.item.Id, ...(params.item.Name ? { name: params.item.Name } : {}) },
        Qty: Number(line.quantity),
        UnitPrice: Number(line.unitPrice),
        ...(line.taxCode ? { TaxCodeRef: { value: line.taxCode } } : {}),
      },
    })),
    CustomerMemo: { value: `Phone usage for ${period}` },
    PrivateNote: `Billing job ${params.jobCode}. Minutes per queue: ${perQueue}`.slice(0, 4000),
  };
}
