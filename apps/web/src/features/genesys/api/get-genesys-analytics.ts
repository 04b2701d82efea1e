import type { TCallAnalyticsQuery, TCallDateRange } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** Fetches a range's analytics on demand (Get Analytics), over the media type and direction chosen. */
export function useFetchGenesysAnalytics() {
  const utils = trpc.useUtils();
  return (range: TCallDateRange, filters: Omit<TCallAnalyticsQuery, keyof TCallDateRange>) =>
    utils.genesys.analytics.fetch({ ...range, ...filters });
}
