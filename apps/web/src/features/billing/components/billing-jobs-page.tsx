import {
  BILLING_JOB_STATUSES,
  billingJobStatusLabels,
  billingJobTypeLabels,
  canCancelJob,
  canRetryJob,
  type BillingJobStatus,
  type BillingJobView,
} from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card } from '@phone-billing/ui/card';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Input } from '@phone-billing/ui/input';
import { Pagination } from '@phone-billing/ui/pagination';
import { Select } from '@phone-billing/ui/select';
import { Spinner } from '@phone-billing/ui/spinner';
import { Ban, Eye, Play, RefreshCw, RotateCcw, Search } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadError } from '../../../components/errors/load-error';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { usePermission } from '../../../lib/auth-store';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/trpc';
import { useCancelBillingJob } from '../api/cancel-billing-job';
import { useBillingJobs, useReloadBillingJobs } from '../api/get-billing-jobs';
import { useKillSwitch } from '../api/get-kill-switch';
import { DEFAULT_PAGE_SIZE } from '../api/prefetch-billing-jobs';
import { useUnownedCalls } from '../api/get-unowned-calls';
import { useRetryBillingJob } from '../api/retry-billing-job';
import { JobResultsSummary } from './job-results-summary';
import { KillSwitchBanner } from './kill-switch-banner';
import { useBillingJobsUrl } from '../hooks/use-billing-jobs-url';
import { UnownedCallsPanel } from './unowned-calls-panel';

export { prefetchBillingJobs as prefetch } from '../api/prefetch-billing-jobs';

// The two dialogs (and the form code the Run dialog needs) are fetched when first opened, not with
// the list: less script to run before the list is usable on a phone (issue 24, Lighthouse TBT).
const RunJobModal = lazy(() => import('./run-job-modal').then((module) => ({ default: module.RunJobModal })));
const JobDetailsModal = lazy(() =>
  import('./job-details-modal').then((module) => ({ default: module.JobDetailsModal })),
);

/** Spec 000 §9: the job list reloads 1 second after a run is accepted. */
const RELOAD_AFTER_RUN_MS = 1000;

function useSearchDebounce(value: string, delay = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export default function BillingJobsPage() {
  const canRun = usePermission('billing:run');
  const { search, setSearch, status, setStatus, job: detailId, openJob, closeJob } = useBillingJobsUrl();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [runOpen, setRunOpen] = useState(false);
  const debouncedSearch = useSearchDebounce(search.trim());
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (reloadTimer.current ? clearTimeout(reloadTimer.current) : undefined), []);
  // Another filter means other rows: back to the first page.
  useEffect(() => setPage(1), [status, debouncedSearch, limit]);

  const jobs = useBillingJobs({
    ...(status ? { status } : {}),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    page,
    limit,
  });
  useEffect(() => {
    if (jobs.error) toast.error(errorMessage(jobs.error, 'Failed to load billing jobs'), { id: 'billing-jobs-load' });
  }, [jobs.error]);

  // The banners above the filters arrive with their own requests: until both have answered once, one
  // spinner stands for banners, filters and list, so nothing the clerk sees moves when they appear
  // (Lighthouse measured a layout shift of 0.16–0.29 here; issue 24).
  const killSwitchLoading = useKillSwitch().isLoading;
  const unownedLoading = useUnownedCalls().isLoading;
  // Their arrival (and the first page of jobs') renders most of the page: deferred, React does it in
  // short slices rather than one long task (issue 24, Lighthouse mobile Total Blocking Time).
  const bannersLoading = !useDeferredValue(!(killSwitchLoading || unownedLoading));
  const listLoading = !useDeferredValue(!jobs.isLoading);

  const reload = useReloadBillingJobs();
  const retry = useRetryBillingJob();
  const cancel = useCancelBillingJob();

  const onCancel = (job: BillingJobView) => {
    // The specification's question, then what it names and what follows (issue 24).
    const consequence =
      job.type === 'DRY_RUN'
        ? 'it stops and keeps no preview.'
        : 'it stops before its next invoice; invoices already created stay, and a later run bills the rest.';
    if (!window.confirm(`Are you sure you want to cancel this job? ${job.jobId}: ${consequence}`)) return;
    cancel.mutate({ id: job.id });
  };

  const onStarted = () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void reload(), RELOAD_AFTER_RUN_MS);
  };

  const list = jobs.data?.data ?? [];
  const pagination = jobs.data?.pagination;
  const filtered = Boolean(status || debouncedSearch);

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
          onClick={() => openJob(job.jobId)}
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

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Run billing for a period, follow its progress and see each customer's invoice.
        </p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void jobs.refetch()} loading={jobs.isFetching && !jobs.isLoading}>
            <RefreshCw className="size-4" aria-hidden /> Refresh
          </Button>
          {canRun ? (
            <Button onClick={() => setRunOpen(true)}>
              <Play className="size-4" aria-hidden /> Run New Job
            </Button>
          ) : null}
        </div>
      </div>

      {bannersLoading ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : (
        <>
          <KillSwitchBanner />
          <UnownedCallsPanel />

          <Card className="p-4">
            <div className="flex flex-col gap-3 sm:flex-row">
              <div className="relative flex-1">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                  aria-hidden
                />
                <Input
                  className="pl-9"
                  placeholder="Search by job ID"
                  aria-label="Search by job ID"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
              <Select
                aria-label="Status filter"
                className="sm:w-56"
                value={status}
                onChange={(event) => setStatus(event.target.value as BillingJobStatus | '')}
              >
                <option value="">All statuses</option>
                {BILLING_JOB_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {billingJobStatusLabels[value]}
                  </option>
                ))}
              </Select>
            </div>
          </Card>

          {listLoading ? (
            <div className="flex justify-center py-12">
              <Spinner />
            </div>
          ) : jobs.error && !jobs.data ? (
            <LoadError
              title={errorMessage(jobs.error, 'Failed to load billing jobs')}
              onRetry={jobs.refetch}
              retrying={jobs.isFetching}
            />
          ) : list.length === 0 ? (
            <Card>
              {filtered ? (
                <EmptyState title="No jobs match your filters" description="Try another job ID or status." />
              ) : (
                <EmptyState
                  icon={<Play className="size-6" />}
                  title="No billing jobs yet"
                  description="Run a billing job to rate your customers' calls and create their QuickBooks invoices."
                  action={canRun ? <Button onClick={() => setRunOpen(true)}>Run First Job</Button> : undefined}
                />
              )}
            </Card>
          ) : (
            <DataTable
              aria-label="Billing jobs"
              columns={columns}
              rows={list}
              rowKey={(job) => job.id}
              rowTestId="billing-job-row"
            />
          )}

          {pagination && pagination.total > 0 ? (
            <Pagination
              page={pagination.page}
              pages={pagination.pages}
              total={pagination.total}
              pageSize={limit}
              onPageChange={setPage}
              onPageSizeChange={setLimit}
            />
          ) : null}
        </>
      )}

      <Suspense fallback={null}>
        {runOpen ? <RunJobModal open={runOpen} onOpenChange={setRunOpen} onStarted={onStarted} /> : null}
        {detailId ? <JobDetailsModal id={detailId} onClose={closeJob} /> : null}
      </Suspense>
    </div>
  );
}
