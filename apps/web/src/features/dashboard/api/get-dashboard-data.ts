import { DASHBOARD_JOBS_LIMIT } from '@phone-billing/api/schemas';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { setCompanyTimezone } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';

/** The three dashboard answers; one 'Failed to load dashboard data' toast when any fails. */
export function useDashboardData(enabled = true) {
  const overview = trpc.dashboard.overview.useQuery(undefined, { enabled, refetchInterval: 60_000 });
  const jobs = trpc.dashboard.billingJobs.useQuery(
    { limit: DASHBOARD_JOBS_LIMIT },
    { enabled, refetchInterval: 30_000 },
  );
  const status = trpc.dashboard.systemStatus.useQuery(undefined, {
    enabled,
    // Poll faster while a job runs so 'Processing billing...' goes away when it ends.
    refetchInterval: (query) => (query.state.data?.data.scheduler.billing.isRunning ? 5_000 : 30_000),
  });

  const failed = overview.isError || jobs.isError || status.isError;
  useEffect(() => {
    if (failed) toast.error('Failed to load dashboard data', { id: 'dashboard-load-failed' });
  }, [failed]);

  // Times on this page are in the company timezone (set before the first formatted render).
  const timezone = overview.data?.data.config.timezone;
  if (timezone) setCompanyTimezone(timezone);

  return {
    overview: overview.data?.data,
    jobs: jobs.data?.data.jobs,
    status: status.data?.data,
    isLoading: overview.isLoading || jobs.isLoading || status.isLoading,
    isFetching: overview.isFetching || jobs.isFetching || status.isFetching,
    failed,
    refetch: () => Promise.all([overview.refetch(), jobs.refetch(), status.refetch()]),
  };
}
