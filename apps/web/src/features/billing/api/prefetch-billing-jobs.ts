import type { TrpcUtils } from '../../../lib/trpc';
import { billingJobsFilterOf } from '../hooks/use-billing-jobs-url';

/** Spec 000 §9 page sizes (10, 20, 50, 100); the list starts at 20 on every width. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * Asks for what Billing Jobs shows first (the first page of jobs for the URL's filters, the kill
 * switch, the unowned calls) as soon as the session check names someone, while the frame and the
 * screen still render: the answers arrive sooner than if the page asked when it mounts (issue 24,
 * Lighthouse mobile LCP). The page's hooks find them in the cache; the input is the one the page
 * builds for its first render, or the answer is simply not used.
 */
export function prefetchBillingJobs(
  utils: TrpcUtils,
  can: (permission: string) => boolean,
  params: URLSearchParams,
): void {
  if (!can('billing:view')) return;
  const { status, search } = billingJobsFilterOf(params);
  const text = search.trim();
  void utils.billing.jobs.prefetch({
    ...(status ? { status } : {}),
    ...(text ? { search: text } : {}),
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
  });
  void utils.settings.get.prefetch();
  void utils.unownedCalls.list.prefetch(undefined, { retry: false });
}
