import { trpc } from '../../../lib/trpc';

/** Connection, token expiry, directory totals and the company timezone; refreshed every minute. */
export function useGenesysStatus() {
  return trpc.genesys.status.useQuery(undefined, { refetchInterval: 60_000 });
}
