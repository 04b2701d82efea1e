import { isJobRunning, type BillingJobStatus } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

const POLL_WHILE_RUNNING_MS = 2000;

/** A page of billing jobs, newest first, polled while any job on it is pending or running. */
export function useBillingJobs(filter: { status?: BillingJobStatus; search?: string; page: number; limit: number }) {
  return trpc.billing.jobs.useQuery(filter, {
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      query.state.data?.data.some((job) => isJobRunning(job.status)) ? POLL_WHILE_RUNNING_MS : false,
  });
}

/** Reloads the list (after a run was accepted, spec 000 §9). */
export function useReloadBillingJobs() {
  const utils = trpc.useUtils();
  return () => utils.billing.jobs.invalidate();
}
