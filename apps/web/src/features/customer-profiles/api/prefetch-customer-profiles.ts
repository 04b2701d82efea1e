import type { TrpcUtils } from '../../../lib/trpc';

/** Spec 000 §9 page sizes (10, 20, 50, 100); the profile list starts at 20. */
export const PROFILES_PAGE_SIZE = 20;

/**
 * Asks for what Customer Profiles shows first (the first page of the unfiltered list with its
 * counts, the queue names of the filter) as soon as the session check names someone, while the
 * frame and the screen are still being fetched and rendered (issue 24, Lighthouse mobile LCP).
 * The page's hooks find the answers in the cache. The route lets in the same permissions.
 */
export function prefetchCustomerProfiles(utils: TrpcUtils, can: (permission: string) => boolean): void {
  if (!can('customer:view') && !can('billing:view')) return;
  void utils.customerProfiles.list.prefetch({ page: 1, limit: PROFILES_PAGE_SIZE });
  void utils.customerProfiles.queueSuggestions.prefetch();
}
