import type { BillingJobView } from '@phone-billing/api/schemas';
import { formatMoney, formatNumber, plural } from '../../../lib/format';

/** Customers processed but neither invoiced (or rated) nor failed: skipped. */
export function skippedCustomers(
  job: Pick<BillingJobView, 'processedClients' | 'successfulInvoices' | 'failedInvoices'>,
): number {
  return Math.max(0, job.processedClients - job.successfulInvoices - job.failedInvoices);
}

/**
 * A job's results in words: '2 invoiced · 1 skipped of 3 customers $16.50', or for a dry run
 * '11 rated (preview) of 11 customers', which creates no invoice.
 */
export function JobResultsSummary({ job }: { job: BillingJobView }) {
  const dryRun = job.type === 'DRY_RUN';
  const skipped = skippedCustomers(job);
  return (
    <div className="text-sm">
      <div>
        <span className={dryRun ? 'text-blue-700' : 'text-green-700'}>
          {formatNumber(job.successfulInvoices)} {dryRun ? 'rated (preview)' : 'invoiced'}
        </span>
        {job.failedInvoices ? <span className="text-red-700"> · {formatNumber(job.failedInvoices)} failed</span> : null}
        {skipped ? <span className="text-slate-600"> · {formatNumber(skipped)} skipped</span> : null}
        <span className="text-slate-600"> of {plural(job.totalClients, 'customer')}</span>
      </div>
      <div className="font-medium text-slate-900">
        {dryRun ? <span className="font-normal text-slate-600">Preview </span> : null}
        {formatMoney(job.totalAmount)}
      </div>
      {job.error ? (
        // w-0 min-w-full: the error takes the column's width without widening it, so a long one
        // cannot push the Actions column out of a desktop table.
        <div className="w-0 min-w-full truncate text-xs text-red-700" title={job.error}>
          {job.error}
        </div>
      ) : null}
    </div>
  );
}
