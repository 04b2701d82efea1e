import { BILLING_JOB_STATUSES, billingJobStatusLabels, billingJobTypeLabels, canCancelJob, canRetryJob, type BillingJobStatus, type BillingJobView } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { Spinner } from '@phone-billing/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Ban, Eye, Play, RefreshCw, RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { usePermission } from '../../../lib/auth-store';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { formatMoney } from '../../../lib/format';
import { useCancelBillingJob } from '../api/cancel-billing-job';
import { useBillingJobs, useReloadBillingJobs } from '../api/get-billing-jobs';
import { useRetryBillingJob } from '../api/retry-billing-job';
import { JobDetailsModal } from './job-details-modal';
import { RunJobModal } from './run-job-modal';

/** Spec 000 §9: the job list reloads 1 second after a run is accepted. */
const RELOAD_AFTER_RUN_MS = 1000;

function Results({ job }: { job: BillingJobView }) {
  return (
    <div className="text-sm">
      <div>
        <span className="text-green-700">{job.successfulInvoices} ok</span>
        {job.failedInvoices ? <span className="text-red-700"> · {job.failedInvoices} failed</span> : null}
        <span className="text-slate-500"> · {job.totalClients} customers</span>
      </div>
      <div className="font-medium text-slate-900">{formatMoney(job.totalAmount)}</div>
      {job.error ? (
        <div className="max-w-xs truncate text-xs text-red-700" title={job.error}>
          {job.error}
        </div>
      ) : null}
    </div>
  );
}

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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BillingJobStatus | ''>('');
  const [runOpen, setRunOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const debouncedSearch = useSearchDebounce(search.trim());
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (reloadTimer.current ? clearTimeout(reloadTimer.current) : undefined), []);

  const input = { ...(status ? { status } : {}), ...(debouncedSearch ? { search: debouncedSearch } : {}) };
  const jobs = useBillingJobs(input);
  useEffect(() => {
    if (jobs.error) toast.error('Failed to load billing jobs');
  }, [jobs.error]);

  const reload = useReloadBillingJobs();
  const retry = useRetryBillingJob();
  const cancel = useCancelBillingJob();

  const onCancel = (job: BillingJobView) => {
    if (!window.confirm('Are you sure you want to cancel this job?')) return;
    cancel.mutate({ id: job.id });
  };

  const onStarted = () => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void reload(), RELOAD_AFTER_RUN_MS);
  };

  const list = jobs.data?.data ?? [];
  const filtered = Boolean(status || debouncedSearch);

  const actions = (job: BillingJobView) => (
    <div className="flex flex-wrap justify-end gap-1.5">
      <Button size="sm" variant="ghost" onClick={() => setDetailId(job.id)} aria-label={`View details of ${job.jobId}`}>
        <Eye className="size-4" aria-hidden /> Details
      </Button>
      {canRun && canRetryJob(job.status) ? (
        <Button size="sm" variant="outline" onClick={() => retry.mutate({ id: job.id })} loading={retry.isPending && retry.variables?.id === job.id} aria-label={`Retry ${job.jobId}`}>
          <RotateCcw className="size-4" aria-hidden /> Retry
        </Button>
      ) : null}
      {canRun && canCancelJob(job.status) ? (
        <Button size="sm" variant="outline" className="text-red-700" onClick={() => onCancel(job)} loading={cancel.isPending && cancel.variables?.id === job.id} aria-label={`Cancel ${job.jobId}`}>
          <Ban className="size-4" aria-hidden /> Cancel
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">Run billing for a period, follow its progress and see each customer's invoice.</p>
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

      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <Input className="pl-9" placeholder="Search by job ID" aria-label="Search by job ID" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <Select aria-label="Status filter" className="sm:w-56" value={status} onChange={(event) => setStatus(event.target.value as BillingJobStatus | '')}>
            <option value="">All statuses</option>
            {BILLING_JOB_STATUSES.map((value) => (
              <option key={value} value={value}>
                {billingJobStatusLabels[value]}
              </option>
            ))}
          </Select>
        </div>
      </Card>

      <Card>
        {jobs.isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          filtered ? (
            <EmptyState title="No jobs match your filters" description="Try another job ID or status." />
          ) : (
            <EmptyState
              icon={<Play className="size-6" />}
              title="No billing jobs yet"
              description="Run a billing job to rate your customers' calls and create their QuickBooks invoices."
              action={canRun ? <Button onClick={() => setRunOpen(true)}>Run First Job</Button> : undefined}
            />
          )
        ) : (
          <>
            <div className="hidden md:block">
              <Table>
                <THead>
                  <Tr>
                    <Th>Job ID</Th>
                    <Th>Status</Th>
                    <Th>Type</Th>
                    <Th>Period</Th>
                    <Th>Results</Th>
                    <Th>Created</Th>
                    <Th className="text-right">Actions</Th>
                  </Tr>
                </THead>
                <TBody>
                  {list.map((job) => (
                    <Tr key={job.id} data-testid="billing-job-row">
                      <Td className="font-mono text-sm font-medium">{job.jobId}</Td>
                      <Td>
                        <JobStatusBadge status={job.status} />
                      </Td>
                      <Td>{billingJobTypeLabels[job.type]}</Td>
                      <Td className="whitespace-nowrap text-sm">
                        {formatCalendarDate(job.startDate)} – {formatCalendarDate(job.endDate)}
                      </Td>
                      <Td>
                        <Results job={job} />
                      </Td>
                      <Td className="whitespace-nowrap text-sm">{formatDateTime(job.createdAt)}</Td>
                      <Td>{actions(job)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </div>
            <ul className="divide-y divide-slate-100 md:hidden">
              {list.map((job) => (
                <li key={job.id} className="space-y-2 p-4" data-testid="billing-job-card">
                  <div className="flex items-center justify-between">
                    <span className="font-mono text-sm font-semibold">{job.jobId}</span>
                    <JobStatusBadge status={job.status} />
                  </div>
                  <div className="text-sm text-slate-600">
                    {billingJobTypeLabels[job.type]} · {formatCalendarDate(job.startDate)} – {formatCalendarDate(job.endDate)}
                  </div>
                  <Results job={job} />
                  <div className="text-xs text-slate-500">Created {formatDateTime(job.createdAt)}</div>
                  {actions(job)}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <RunJobModal open={runOpen} onOpenChange={setRunOpen} onStarted={onStarted} />
      <JobDetailsModal id={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
