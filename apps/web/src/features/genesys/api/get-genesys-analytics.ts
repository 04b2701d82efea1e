import type { TCallDateRange } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** Fetches a range's analytics on demand (Get Analytics). */
export function useFetchGenesysAnalytics() {
  const utils = trpc.useUtils();
  return (range: TCallDateRange) => utils.genesys.analytics.fetch(range);
}
