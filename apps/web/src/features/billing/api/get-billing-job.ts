import { isJobRunning } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** One job with its per-customer results, polled while it runs (Job Details). */
export function useBillingJob(id: string | null) {
  return trpc.billing.job.useQuery(
    { id: id ?? '' },
    {
      enabled: Boolean(id),
      refetchInterval: (query) => (query.state.data && isJobRunning(query.state.data.data.status) ? 1500 : false),
    },
  );
}
