import { Button } from '@phone-billing/ui/button';
import { Card } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { Play, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadError } from '../../../components/errors/load-error';
import { useDebounced } from '../../../hooks/use-debounced';
import { usePermission } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useBillingJobs, useReloadBillingJobs } from '../api/get-billing-jobs';
import { useKillSwitch } from '../api/get-kill-switch';
import { DEFAULT_PAGE_SIZE } from '../api/prefetch-billing-jobs';
import { useUnownedCalls } from '../api/get-unowned-calls';
import { useBillingJobsUrl } from '../hooks/use-billing-jobs-url';
import { BillingJobFilters } from './billing-job-filters';
import { BillingJobsTable } from './billing-jobs-table';
import { KillSwitchBanner } from './kill-switch-banner';
import { UnownedCallsPanel } from './unowned-calls-panel';

// The two dialogs (and the form code the Run dialog needs) are fetched when first opened, not with
// the list: less script to run before the list is usable on a phone (issue 24, Lighthouse TBT).
const RunJobModal = lazy(() => import('./run-job-modal').then((module) => ({ default: module.RunJobModal })));
const JobDetailsModal = lazy(() =>
  import('./job-details-modal').then((module) => ({ default: module.JobDetailsModal })),
);

/** Spec 000 §9: the job list reloads 1 second after a run is accepted. */
const RELOAD_AFTER_RUN_MS = 1000;

export default function BillingJobsPage() {
  const canRun = usePermission('billing:run');
  const { search, setSearch, status, setStatus, job: detailId, openJob, closeJob } = useBillingJobsUrl();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [runOpen, setRunOpen] = useState(false);
  const debouncedSearch = useDebounced(search.trim(), 300);
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
  const onStarted = () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void reload(), RELOAD_AFTER_RUN_MS);
  };

  const list = jobs.data?.data ?? [];
  const pagination = jobs.data?.pagination;
  const filtered = Boolean(status || debouncedSearch);

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

          <BillingJobFilters search={search} onSearchChange={setSearch} status={status} onStatusChange={setStatus} />

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
            <BillingJobsTable jobs={list} canRun={canRun} onDetails={openJob} />
          )}

          {pagination && pagination.total > 0 ? (
            <Pagination {...pagination} pageSize={limit} onPageChange={setPage} onPageSizeChange={setLimit} />
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
