import { billingJobTypeLabels, canCancelJob, canRetryJob, type BillingJobView } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { Ban, Eye, RotateCcw } from 'lucide-react';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { useCancelBillingJob } from '../api/cancel-billing-job';
import { useRetryBillingJob } from '../api/retry-billing-job';
import { JobResultsSummary } from './job-results-summary';

/** The specification's question, then what it names and what follows (issue 24). */
function cancelConfirmation(job: BillingJobView): string {
  const consequence =
    job.type === 'DRY_RUN'
      ? 'it stops and keeps no preview.'
      : 'it stops before its next invoice; invoices already created stay, and a later run bills the rest.';
  return `Are you sure you want to cancel this job? ${job.jobId}: ${consequence}`;
}

/** The billing job list with Details for everyone and, with billing:run, Retry and Cancel where they apply. */
export function BillingJobsTable({
  jobs,
  canRun,
  onDetails,
}: {
  jobs: BillingJobView[];
  canRun: boolean;
  onDetails: (jobId: string) => void;
}) {
  const retry = useRetryBillingJob();
  const cancel = useCancelBillingJob();
  const onCancel = (job: BillingJobView) => {
    if (window.confirm(cancelConfirmation(job))) cancel.mutate({ id: job.id });
  };

  const columns: DataColumn<BillingJobView>[] = [
    // A job id is one word to people: it never wraps ("BJ-/W95MWR").
    {
      key: 'jobId',
      header: 'Job ID',
      className: 'text-sm font-medium',
      card: 'title',
      cell: (job) => <span className="font-mono whitespace-nowrap">{job.jobId}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      cell: (job) => <JobStatusBadge status={job.status} counts={job} />,
    },
    { key: 'type', header: 'Type', cell: (job) => billingJobTypeLabels[job.type] },
    {
      key: 'period',
      header: 'Period',
      className: 'whitespace-nowrap text-sm',
      cell: (job) => `${formatCalendarDate(job.startDate)} – ${formatCalendarDate(job.endDate)}`,
    },
    { key: 'results', header: 'Results', cell: (job) => <JobResultsSummary job={job} /> },
    {
      key: 'created',
      header: 'Created',
      className: 'whitespace-nowrap text-sm',
      cell: (job) => formatDateTime(job.createdAt),
    },
    actionsColumn((job) => (
      <div className="flex flex-wrap justify-end gap-1.5">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onDetails(job.jobId)}
          aria-label={`View details of ${job.jobId}`}
        >
          <Eye className="size-4" aria-hidden /> Details
        </Button>
        {canRun && canRetryJob(job.status) ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => retry.mutate({ id: job.id })}
            loading={retry.isPending && retry.variables?.id === job.id}
            aria-label={`Retry ${job.jobId}`}
          >
            <RotateCcw className="size-4" aria-hidden /> Retry
          </Button>
        ) : null}
        {canRun && canCancelJob(job.status) ? (
          <Button
            size="sm"
            variant="outline"
            className="text-red-700"
            onClick={() => onCancel(job)}
            loading={cancel.isPending && cancel.variables?.id === job.id}
            aria-label={`Cancel ${job.jobId}`}
          >
            <Ban className="size-4" aria-hidden /> Cancel
          </Button>
        ) : null}
      </div>
    )),
  ];

  return <DataTable aria-label="Billing jobs" columns={columns} rows={jobs} rowTestId="billing-job-row" />;
}
