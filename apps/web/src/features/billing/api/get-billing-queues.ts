import { trpc } from '../../../lib/trpc';

/** Queues held by active customer profiles, with their customers (the Run modal's choices). */
export function useBillingQueues(enabled: boolean) {
  return trpc.billing.queues.useQuery(undefined, { enabled });
}
