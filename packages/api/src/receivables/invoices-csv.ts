import type { Database } from '@phone-billing/db';
import { calendarDateInZone, dateTimeInZone } from '../domain/calendar';
import { getOrganizationSettings } from '../settings/organization-settings';
import { toCsv } from '../shared/csv';
import { INVOICE_STATUS_LABELS, invoicesCsvFileName, type TInvoiceRow } from '../shared/receivables';

const header = [
  'Number',
  'Kind',
  'Customer',
  'Period start',
  'Period end',
  'Amount',
  'Balance',
  'Due date',
  'Status',
  'E-mail',
  'E-mailed at',
  'Job',
  'QuickBooks id',
] as const;

/** The Invoices screen's rows as CSV, times in the company timezone. */
export async function invoicesCsv(db: Database, rows: TInvoiceRow[]): Promise<{ filename: string; csv: string }> {
  const { timezone } = await getOrganizationSettings(db);
  const csv = toCsv(
    header,
    rows.map((row) => [
      row.docNumber,
      row.kind === 'CREDIT_MEMO' ? 'Credit memo' : 'Invoice',
      row.customerName,
      row.periodStart,
      row.periodEnd,
      row.totalAmount.toFixed(2),
      row.balance.toFixed(2),
      row.dueDate,
      INVOICE_STATUS_LABELS[row.status],
      row.emailStatus === 'SENT' ? 'Sent' : 'Not sent',
      row.emailedAt ? dateTimeInZone(new Date(row.emailedAt), timezone) : '',
      row.jobId,
      row.qboId,
    ]),
  );
  return { filename: invoicesCsvFileName(calendarDateInZone(new Date(), timezone)), csv };
}
