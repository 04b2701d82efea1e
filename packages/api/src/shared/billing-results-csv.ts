import type { BillingJobDetailView } from './billing';
import { toCsv } from './csv';

export const BILLING_RESULTS_CSV_COLUMNS = [
  'Customer',
  'Status',
  'Period Start',
  'Period End',
  'Calls',
  'Billed Minutes',
  'Amount',
  'Invoice No.',
  'QuickBooks Invoice ID',
  'Reason',
] as const;

const STATUS_TEXT: Record<string, string> = {
  PENDING: 'Pending',
  INVOICED: 'Invoiced',
  RATED: 'Rated (preview, not invoiced)',
  SKIPPED: 'Skipped',
  FAILED: 'Failed',
};

/**
 * A job's per-customer results as CSV (Job Details' Export CSV): one row per customer. A dry
 * run's rows say "Rated (preview, not invoiced)" and carry no invoice.
 */
export function billingJobResultsCsv(job: BillingJobDetailView): { fileName: string; csv: string } {
  const rows = job.customers.map((customer) => [
    customer.customerName,
    STATUS_TEXT[customer.status] ?? customer.status,
    customer.periodStart ?? job.startDate,
    customer.periodEnd ?? job.endDate,
    customer.calls,
    customer.billedMinutes,
    customer.status === 'SKIPPED' ? '' : customer.amount.toFixed(2),
    customer.qboInvoiceId ? customer.docNumber : '',
    customer.qboInvoiceId,
    customer.error ?? customer.skipReason ?? '',
  ]);
  return { fileName: `billing-job-${job.jobId}-results.csv`, csv: toCsv(BILLING_RESULTS_CSV_COLUMNS, rows) };
}
