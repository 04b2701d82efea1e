import type { QboCustomer, QboInvoice } from '../entities';
import type { CompanyState } from './state';
import { formatQboTime } from './wire-format';

/**
 * A person edits an invoice's number in QuickBooks (the DocNumber field is editable there): the
 * invoice keeps its Id and amounts, gets a new SyncToken, and can no longer be found by its old
 * number. Billing must never take that as "the invoice was never sent".
 */
export function renumberInvoice(company: CompanyState, id: string, docNumber: string, now: Date): QboInvoice {
  const invoice = company.invoices.find((candidate) => candidate.Id === id);
  if (!invoice) throw new Error(`Cannot renumber invoice ${id}: no such invoice`);
  if (docNumber.length > 21) throw new Error(`Cannot renumber invoice ${id}: a DocNumber has at most 21 characters`);
  invoice.DocNumber = docNumber;
  invoice.SyncToken = String(Number(invoice.SyncToken) + 1);
  invoice.MetaData = { ...invoice.MetaData, LastUpdatedTime: formatQboTime(now, false) };
  return invoice;
}

/**
 * A person renames a customer in QuickBooks: the display name is free text there, backslashes,
 * quotes and all, and our lookups must still find it (or say plainly that nothing matched).
 */
export function renameCustomer(company: CompanyState, id: string, displayName: string, now: Date): QboCustomer {
  const customer = company.customers.find((candidate) => candidate.Id === id);
  if (!customer) throw new Error(`Cannot rename customer ${id}: no such customer`);
  customer.DisplayName = displayName;
  customer.SyncToken = String(Number(customer.SyncToken ?? 0) + 1);
  const updated = formatQboTime(now, false);
  customer.MetaData = { CreateTime: customer.MetaData?.CreateTime ?? updated, LastUpdatedTime: updated };
  return customer;
}
