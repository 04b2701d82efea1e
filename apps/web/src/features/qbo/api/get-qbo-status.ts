import { trpc } from '../../../lib/trpc';

/** QuickBooks connection status (never tokens), refreshed every minute on QBO Setup. */
export function useQboStatus(options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return trpc.qbo.status.useQuery(undefined, options);
}
