import type { QboInvoice } from './entities';
import { invoiceQboState } from './invoice-state';

export const RECEIVABLE_STATUSES = ['OPEN', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'VOIDED', 'DELETED'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

/**
 * An invoice's status from what QuickBooks holds (null: deleted), on `today` (YYYY-MM-DD in the
 * company timezone). QuickBooks has no status field: a void leaves every amount at 0 and "Voided"
 * in the private note; a balance of 0 is paid; a balance below the total is partly paid; and an
 * invoice with a balance past its due date is OVERDUE (DESIGN.md §4), partly paid or not.
 */
export function receivableStatus(
  invoice: Pick<QboInvoice, 'PrivateNote' | 'TotalAmt' | 'Line' | 'Balance' | 'DueDate'> | null,
  today: string,
): ReceivableStatus {
  if (!invoice) return 'DELETED';
  if (invoiceQboState(invoice) === 'voided') return 'VOIDED';
  if (invoice.Balance <= 0) return 'PAID';
  if (invoice.DueDate && invoice.DueDate < today) return 'OVERDUE';
  return invoice.Balance < invoice.TotalAmt ? 'PARTIALLY_PAID' : 'OPEN';
}

/** Whether QuickBooks has e-mailed it: EmailStatus EmailSent, or a DeliveryInfo of type Email. */
export function emailedAt(invoice: Pick<QboInvoice, 'EmailStatus' | 'DeliveryInfo' | 'MetaData'>): Date | null {
  const delivery = invoice.DeliveryInfo as { DeliveryType?: string; DeliveryTime?: string } | undefined;
  if (delivery?.DeliveryType === 'Email' && delivery.DeliveryTime) {
    const at = Date.parse(delivery.DeliveryTime);
    if (!Number.isNaN(at)) return new Date(at);
  }
  if (invoice.EmailStatus === 'EmailSent') return new Date(Date.parse(invoice.MetaData.LastUpdatedTime));
  return null;
}
