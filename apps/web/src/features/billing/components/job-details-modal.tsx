import {
  billingJobTypeLabels,
  isJobRunning,
  type BillingJobCustomerView,
  type BillingJobDetailView,
} from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { cn } from '@phone-billing/ui/lib/cn';
import { DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { Modal } from '@phone-billing/ui/modal';
import { Spinner } from '@phone-billing/ui/spinner';
import { Alert } from '@phone-billing/ui/alert';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/errors/load-error';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { useInvoiceLink } from '../../../hooks/use-invoice-link';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatNumber, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useExportJobResults } from '../api/export-job-results';
import { useBillingJob } from '../api/get-billing-job';
import { cancelledCoverage, notReached } from './cancelled-coverage';
import { CustomerStatusBadge } from './customer-status-badge';
import { JobCustomerActions, JobCustomerAmount, jobCustomerColumn, JobCustomerOutcome } from './job-customer-parts';
import { JobInvoiceEmails } from './job-invoice-emails';
import { JobReviewPanel } from './job-review-panel';
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

function customerColumns(
  job: BillingJobDetailView,
  invoiceLink: (id: string | null) => string | null,
): DataColumn<BillingJobCustomerView>[] {
  return [
    jobCustomerColumn,
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      cell: (customer) => <CustomerStatusBadge status={notReached(job, customer) ? 'NOT_REACHED' : customer.status} />,
    },
    {
      key: 'calls',
      header: 'Calls',
      className: 'text-right tabular-nums',
      headerClassName: 'text-right',
      cell: (customer) => formatNumber(customer.calls),
    },
    {
      key: 'minutes',
      header: 'Billed minutes',
      className: 'text-right tabular-nums whitespace-nowrap',
      headerClassName: 'text-right',
      cell: (customer) => formatMinutes(customer.billedMinutes),
    },
    {
      key: 'amount',
      header: job.type === 'DRY_RUN' ? 'Preview amount' : 'Amount',
      className: 'text-right tabular-nums',
      headerClassName: 'text-right',
      // A skipped customer was not billed: no amount beside it.
      cell: (customer) =>
        customer.status === 'SKIPPED' ? (
          <span>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No amount</span>
          </span>
        ) : (
          <JobCustomerAmount customer={customer} />
        ),
    },
    {
      key: 'outcome',
      header: 'Invoice / reason',
      className: 'max-w-xs text-sm',
      cell: (customer) => <JobCustomerOutcome customer={customer} invoiceLink={invoiceLink(customer.qboInvoiceId)} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      cell: (customer) => <JobCustomerActions job={job} customer={customer} />,
    },
  ];
}

/** Failed customers first (what needs a person), otherwise in the job's order. */
function failedFirst<Customer extends { status: string }>(customers: Customer[]): Customer[] {
  return [
    ...customers.filter((customer) => customer.status === 'FAILED'),
    ...customers.filter((customer) => customer.status !== 'FAILED'),
  ];
}

export function JobDetailsModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useBillingJob(id);
  const exportResults = useExportJobResults();
  const invoiceLink = useInvoiceLink();
  const job = detail.data?.data;
  const running = job ? isJobRunning(job.status) : false;
  const percent = job && job.totalClients > 0 ? Math.round((job.processedClients / job.totalClients) * 100) : 0;
  const dryRun = job?.type === 'DRY_RUN';

  return (
    <Modal
      open={Boolean(id)}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={job ? `Job Details: ${job.jobId}` : 'Job Details'}
      // Wide enough for the customers' table with its actions at desktop widths; cards below 1280 px.
      size="2xl"
      footer={
        job ? (
          <Button variant="outline" onClick={() => exportResults.mutate(job.id)} loading={exportResults.isPending}>
            <Download className="size-4" aria-hidden /> Export CSV
          </Button>
        ) : undefined
      }
    >
      {detail.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : detail.error || !job ? (
        <LoadError
          title={errorMessage(detail.error, 'Failed to load the job details')}
          onRetry={detail.refetch}
          retrying={detail.isFetching}
        />
      ) : (
        <div className="space-y-5">
          {dryRun && job.status !== 'CANCELLED' ? (
            <Alert tone="info" title="Dry run: a preview">
              Every customer was rated exactly as a real run would rate them. Nothing was sent to QuickBooks and no
              invoice was created.
            </Alert>
          ) : null}
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
            <Field label={dryRun ? 'Preview total (not invoiced)' : 'Total invoiced'}>
              {formatMoney(job.totalAmount)}
            </Field>
            <Field label="Customers">{plural(job.totalClients, 'customer')}</Field>
            <Field label={dryRun ? 'Results' : 'Invoices'}>{outcomeCounts(job)}</Field>
            <Field label="Queues" className="col-span-2">
              {job.queueName.join(', ') || '—'}
            </Field>
          </dl>

          {running ? (
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
                <div
                  className={cn('h-full rounded-full bg-blue-600 transition-all')}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </div>
          ) : null}

          {job.error ? <Alert tone="error">{job.error}</Alert> : null}
          {cancelledCoverage(job) ? (
            <Alert tone="warning" title="Cancelled" data-testid="cancelled-coverage">
              {cancelledCoverage(job)}
            </Alert>
          ) : null}

          {job.holdForReview ? <JobReviewPanel job={job} /> : null}

          <section aria-labelledby="job-customers-heading">
            <h3 id="job-customers-heading" className="mb-2 text-sm font-semibold text-slate-900">
              Customers
            </h3>
            {job.customers.length === 0 ? (
              <p className="text-sm text-slate-600">No active customer holds the selected queues.</p>
            ) : (
              <DataTable
                aria-label="Customers of this job"
                wideQuery="(min-width: 1280px)"
                columns={customerColumns(job, invoiceLink)}
                rows={failedFirst(job.customers)}
                rowKey={(customer) => customer.id}
                rowTestId="job-customer-row"
              />
            )}
          </section>
          {dryRun ? null : <JobInvoiceEmails billingJobId={job.id} />}
        </div>
      )}
    </Modal>
  );
}
