/**
 * Manual runs after a timezone change (DESIGN.md §4: days are the company's, "Timezone changes
 * never … skip a call"): a period recorded in the old zone can end within a day of the new zone that
 * its own day labels do not name. New York's November 1 begins at 04:00 UTC, while October billed in
 * Los Angeles ends at 07:00 UTC: a run over November 1 must scan October's last hours too.
 */
import {
  calendarDateInZone,
  dayRangeToInstants,
  intersectDayRanges,
  startOfDayInZone,
  type DayRange,
  type ProfilePeriod,
} from '../domain';
import type { RatingRequest, RecordedPeriod } from './rating-plan';

export type ReachedPeriod = {
  period: ProfilePeriod;
  record: RecordedPeriod;
  scanned: {
    /** Days of the period (in its own zone) that the job's days reach. */
    requested: DayRange;
    /** The job's days within the period, as instants. */
    requestedAt: { from: number; to: number };
  };
};

/** Recorded periods of another zone that a manual run's days reach by their instants but not by their day labels. */
export function periodsReachedInOtherZones(
  request: Pick<RatingRequest, 'jobType' | 'start' | 'end'>,
  recorded: readonly RecordedPeriod[],
  named: ReadonlyArray<{ start: string }>,
  billingStart: string,
  companyZone: string,
): ReachedPeriod[] {
  if (request.jobType === 'MONTHLY') return [];
  const jobAt = dayRangeToInstants(request.start, request.end, companyZone);
  const [from, to] = [jobAt.from.getTime(), jobAt.toExclusive.getTime()];
  const reached: ReachedPeriod[] = [];
  for (const record of recorded) {
    if (record.timeZone === companyZone || named.some((period) => period.start === record.start)) continue;
    const startsAt = Math.max(record.startsAt, startOfDayInZone(billingStart, record.timeZone).getTime());
    const requestedAt = { from: Math.max(from, startsAt), to: Math.min(to, record.endsAt) };
    if (requestedAt.from >= requestedAt.to) continue;
    const days = {
      start: calendarDateInZone(new Date(requestedAt.from), record.timeZone),
      end: calendarDateInZone(new Date(requestedAt.to - 1), record.timeZone),
    };
    const requested = intersectDayRanges(days, { start: record.start, end: record.end });
    const period = { start: record.start, end: record.end, recorded: true };
    if (requested) reached.push({ period, record, scanned: { requested, requestedAt } });
  }
  return reached;
}
