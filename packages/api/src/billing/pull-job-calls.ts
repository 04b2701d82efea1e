/**
 * What a billing job pulls from Genesys before rating (DESIGN.md §4, "Manual runs re-pull their
 * whole range"). Genesys may add or change conversations after the fact:
 * - a manual run (or its dry run) asks for what Genesys holds now, so every day of its range is
 *   pulled again, however recently it was pulled;
 * - a scheduled run pulls its days again at most every ten minutes;
 * - both look again (at most every ten minutes) at the late-usage window, where billed periods get
 *   late calls.
 */
import type { AppServices } from '../services';
import { addDays, compareDates } from '../domain/calendar';
import type { RatingRequest, RatingSettings } from './rate-customers';

/** Days pulled less than this long ago are not pulled again by scheduled runs or for late calls. */
export const SCHEDULED_REFRESH_AFTER_MS = 10 * 60_000;

/** Days of the job's own range last pulled before this instant are pulled again. */
export function rangeRefreshPulledBefore(jobType: RatingRequest['jobType'], pullStartedAt: Date): Date {
  return jobType === 'MONTHLY' ? new Date(pullStartedAt.getTime() - SCHEDULED_REFRESH_AFTER_MS) : pullStartedAt;
}

/**
 * `now` is the job's clock (RunnerOptions.now): the instant "pulled ten minutes ago" counts from. It
 * must be the clock the Genesys service dates its pulls by (both the process clock in the server;
 * both the simulated clock in the billing oracle).
 */
export async function pullJobCalls(
  services: AppServices,
  request: RatingRequest,
  settings: RatingSettings,
  now: () => Date = () => new Date(),
): Promise<void> {
  const genesys = services.integrations.genesys;
  if (!genesys) return;
  // Days pulled from here on (by the first call below, or by a concurrent job) are fresh enough.
  const pullStartedAt = now();
  await genesys.ensureCallRecords({ startDate: request.start, endDate: request.end });
  const yesterday = addDays(request.referenceDay, -1);
  const ranges = [
    {
      startDate: request.start,
      endDate: compareDates(request.end, yesterday) < 0 ? request.end : yesterday,
      refreshPulledBefore: rangeRefreshPulledBefore(request.jobType, pullStartedAt),
    },
    {
      startDate: addDays(request.referenceDay, -settings.lateUsageWindowDays),
      endDate: yesterday,
      refreshPulledBefore: new Date(pullStartedAt.getTime() - SCHEDULED_REFRESH_AFTER_MS),
    },
  ];
  for (const { refreshPulledBefore, ...range } of ranges) {
    if (compareDates(range.startDate, range.endDate) > 0) continue;
    await genesys.ensureCallRecords(range, { refreshPulledBefore });
  }
}
