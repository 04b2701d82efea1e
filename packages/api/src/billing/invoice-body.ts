import type { QboInvoiceInput } from '@phone-billing/integrations/qbo';
import { addDays } from '../domain/calendar';
import type { ChargeLine } from '../domain/period-charge';

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
  if (docNumber.length > MAX_DOC_NUMBER_LENGTH)
    throw new RangeError(`DocNumber ${docNumber} is longer than ${MAX_DOC_NUMBER_LENGTH} characters`);
  return docNumber;
}

/**
 * The invoice QuickBooks receives for one ledger entry: one SalesItemLineDetail line per charge
 * line (Qty, UnitPrice, Amount = Qty × UnitPrice to the cent, the profile's tax code), the memo
 * naming the periods and the private note naming the job and the minutes per queue — all as
 * reserved, so a re-send after an unknown outcome sends the very same invoice.
 */
export function buildInvoice(params: {
  qboCustomerId: string;
  docNumber: string;
  txnDate: string;
  /** The profile's payment terms: DueDate = TxnDate + this many days (QuickBooks' own default is its Net 30). */
  paymentTermsDays?: number;
  lines: ChargeLine[];
  item: { Id: string; Name?: string };
  /** The QuickBooks items of lines that name one (a rate plan charge's item), by name. */
  itemsByName?: ReadonlyMap<string, { Id: string; Name?: string }>;
  memo: string;
  privateNote: string;
}): QboInvoiceInput {
  return {
    CustomerRef: { value: params.qboCustomerId },
    DocNumber: params.docNumber,
    TxnDate: params.txnDate,
    ...(params.paymentTermsDays !== undefined ? { DueDate: addDays(params.txnDate, params.paymentTermsDays) } : {}),
    Line: params.lines.map((line) => {
      const item = (line.itemName ? params.itemsByName?.get(line.itemName) : undefined) ?? params.item;
      return {
        DetailType: 'SalesItemLineDetail' as const,
        Amount: Number(line.amount),
        Description: line.description,
        SalesItemLineDetail: {
          ItemRef: { value: item.Id, ...(item.Name ? { name: item.Name } : {}) },
          Qty: Number(line.quantity),
          UnitPrice: Number(line.unitPrice),
          ...(line.taxCode ? { TaxCodeRef: { value: line.taxCode } } : {}),
        },
      };
    }),
    CustomerMemo: { value: params.memo },
    PrivateNote: params.privateNote.slice(0, 4000),
  };
}
