/**
 * Periods in service (DESIGN.md §4): which days of a billing period the profile was in service,
 * from its billing start date and its history of becoming active and inactive. A day counts when
 * the profile was active at any moment of it (the day it is deactivated, the day it comes back).
 */
import {
  addDays,
  calendarDateInZone,
  compareDates,
  parseCalendarDate,
  startOfDayInZone,
  type CalendarDate,
} from './calendar';

export type ActivityChange = { at: Date; isActive: boolean };

/** A calendar day as a whole number of days since 1970-01-01, so a period's days are a plain loop. */
function dayNumber(date: CalendarDate): number {
  const { year, month, day } = parseCalendarDate(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * Days of start..end (inclusive) in service: on or after `billingStart`, and active by `activity`
 * (oldest first; before the first change a profile counts as active).
 *
 * A rating asks this of every new period of every customer, so a change made before the first day
 * counted is not turned into a calendar day (it is before every day of the period whichever day it
 * fell on), nor one made from the second day after the period on (no zone's clocks go back a whole
 * day, so it falls after the period's last day and changes nothing of it). Most profiles have one
 * change, their creation, and it is one or the other.
 *
 * @example daysInService({ start: '2026-10-01', end: '2026-10-31' }, '2026-10-16', [], 'UTC') // 16
 */
export function daysInService(
  period: { start: CalendarDate; end: CalendarDate },
  billingStart: CalendarDate,
  activity: readonly ActivityChange[],
  timeZone: string,
): number {
  const first = compareDates(period.start, billingStart) < 0 ? billingStart : period.start;
  if (compareDates(first, period.end) > 0) return 0;
  const firstStartsAt = activity.length > 0 ? startOfDayInZone(first, timeZone).getTime() : 0;
  const afterEndAt = activity.length > 0 ? startOfDayInZone(addDays(period.end, 2), timeZone).getTime() : 0;
  const changes = activity
    .filter((change) => change.at.getTime() < afterEndAt)
    .map((change) => ({
      day:
        change.at.getTime() < firstStartsAt
          ? Number.NEGATIVE_INFINITY
          : dayNumber(calendarDateInZone(change.at, timeZone)),
      isActive: change.isActive,
    }));
  let days = 0;
  for (let day = dayNumber(first), last = dayNumber(period.end); day <= last; day += 1) {
    // Active by the last change made before this day (in history order), or changed to active on it.
    let activeBefore = true;
    let activatedToday = false;
    for (const change of changes) {
      if (change.day < day) activeBefore = change.isActive;
      else if (change.day === day && change.isActive) activatedToday = true;
    }
    if (activeBefore || activatedToday) days += 1;
  }
  return days;
}

/**
 * The minimum a period owes for `inService` of its `of` days: M prorated, in whole minutes rounded up.
 *
 * @example proratedMinimum(100, 16, 31) // 52
 */
export function proratedMinimum(minimumMinutes: number, inService: number, of: number): number {
  if (inService >= of) return minimumMinutes;
  return Math.ceil((minimumMinutes * inService) / of);
}
