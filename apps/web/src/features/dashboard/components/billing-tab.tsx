import type { DashboardBillingJob } from '@phone-billing/api/schemas';
import { Card, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Link } from 'react-router';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMoney, formatNumber } from '../../../lib/format';

export function BillingTab({ jobs, currency }: { jobs: DashboardBillingJob[]; currency: string }) {
  const columns: DataColumn<DashboardBillingJob>[] = [
    {
      key: 'jobId',
      header: 'Job ID',
      card: 'title',
      className: 'font-mono text-xs whitespace-nowrap',
      cell: (job) => (
        <>
          {job.jobId}
          {job.type === 'DRY_RUN' ? <span className="ml-2 font-sans text-slate-600">(dry run, preview)</span> : null}
        </>
      ),
    },
    { key: 'status', header: 'Status', card: 'badge', cell: (job) => <JobStatusBadge status={job.status} /> },
    {
      key: 'period',
      header: 'Period',
      className: 'whitespace-nowrap',
      cell: (job) => `${formatCalendarDate(job.startDate)} – ${formatCalendarDate(job.endDate)}`,
    },
    numberColumn('clients', 'Clients', (job) => formatNumber(job.totalClients)),
    numberColumn('invoices', 'Invoices', (job) =>
      job.type === 'DRY_RUN' ? (
        <span title="A dry run creates no invoices">Preview</span>
      ) : (
        formatNumber(job.totalInvoices)
      ),
    ),
    numberColumn('amount', 'Amount', (job) => formatMoney(job.totalAmount, currency)),
    { key: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (job) => formatDateTime(job.createdAt) },
    {
      key: 'error',
      header: 'Error',
      className: 'text-sm',
      // Two lines at most (the whole text on hover): a long error made the row a dozen lines tall.
      cell: (job) =>
        job.error ? (
          <div className="line-clamp-2 min-w-40 text-red-700 md:max-w-xs" title={job.error}>
            {job.error}
          </div>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Billing Jobs</CardTitle>
        <Link to="/billing-jobs" className="text-sm font-medium text-blue-600 hover:underline">
          All billing jobs
        </Link>
      </CardHeader>
      {jobs.length === 0 ? (
        <EmptyState
          title="No billing jobs yet"
          description="Jobs appear here once billing runs, by schedule or by hand."
        />
      ) : (
        <DataTable aria-label="Recent billing jobs" columns={columns} rows={jobs} rowTestId="recent-billing-job" />
      )}
    </Card>
  );
}
