import { DASHBOARD_JOBS_LIMIT } from '@phone-billing/api/schemas';
import type { TrpcUtils } from '../../../lib/trpc';

/**
 * Asks for the dashboard's data as soon as the session check names someone who may see it, while
 * the frame and the screen are still being fetched and rendered: the answers arrive sooner than if
 * the page asked when it mounts, or when its code is in (issue 24, Lighthouse mobile LCP). Part of
 * the entry (app/routes.tsx), so it does not wait for the screen's chunk. The hooks of
 * get-dashboard-data.ts find the answers in the cache.
 */
export function prefetchDashboardData(utils: TrpcUtils, can: (permission: string) => boolean): void {
  if (!can('dashboard:view')) return;
  void utils.dashboard.overview.prefetch();
  void utils.dashboard.billingJobs.prefetch({ limit: DASHBOARD_JOBS_LIMIT });
  void utils.dashboard.systemStatus.prefetch();
  void utils.receivables.dashboard.prefetch();
}
