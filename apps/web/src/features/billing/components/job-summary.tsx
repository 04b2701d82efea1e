import { billingJobTypeLabels, type BillingJobDetailView } from '@phone-billing/api/schemas';
import type { ReactNode } from 'react';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMoney, formatNumber, plural } from '../../../lib/format';
import { skippedCustomers } from './job-results-summary';

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** 'Invoices: 2 invoiced, 1 failed, 1 skipped', or for a dry run '11 rated (preview), no invoices'. */
function outcomeCounts(job: BillingJobDetailView): string {
  const skipped = skippedCustomers(job);
  const parts = [
    job.type === 'DRY_RUN'
      ? `${formatNumber(job.successfulInvoices)} rated (preview), no invoices`
      : `${formatNumber(job.successfulInvoices)} invoiced`,
  ];
  if (job.failedInvoices) parts.push(`${formatNumber(job.failedInvoices)} failed`);
  if (skipped) parts.push(`${formatNumber(skipped)} skipped`);
  return parts.join(', ');
}

/** Job Details' facts: id, status, type, period, times, totals and queues. */
export function JobSummaryFields({ job }: { job: BillingJobDetailView }) {
  const dryRun = job.type === 'DRY_RUN';
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      <Field label="Job ID">
        <span className="font-mono whitespace-nowrap">{job.jobId}</span>
      </Field>
      <Field label="Status">
        <JobStatusBadge status={job.status} counts={job} />
      </Field>
      <Field label="Type">{billingJobTypeLabels[job.type]}</Field>
      <Field label="Period">
        {formatCalendarDate(job.startDate)} – {formatCalendarDate(job.endDate)}
      </Field>
      <Field label="Created">{formatDateTime(job.createdAt)}</Field>
      <Field label="Started">{formatDateTime(job.startedAt)}</Field>
      <Field label="Completed">{formatDateTime(job.completedAt)}</Field>
      <Field label={dryRun ? 'Preview total (not invoiced)' : 'Total invoiced'}>{formatMoney(job.totalAmount)}</Field>
      <Field label="Customers">{plural(job.totalClients, 'customer')}</Field>
      <Field label={dryRun ? 'Results' : 'Invoices'}>{outcomeCounts(job)}</Field>
      <Field label="Queues" className="col-span-2">
        {job.queueName.join(', ') || '—'}
      </Field>
    </dl>
  );
}

/** How far a running job has come, as a progress bar over its customers. */
export function JobProgress({ job }: { job: BillingJobDetailView }) {
  const percent = job.totalClients > 0 ? Math.round((job.processedClients / job.totalClients) * 100) : 0;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm text-slate-600">
        <span>Progress</span>
        <span>
          {formatNumber(job.processedClients)} of {plural(job.totalClients, 'customer')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Job progress"
        aria-valuemin={0}
        aria-valuemax={job.totalClients}
        aria-valuenow={job.processedClients}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
