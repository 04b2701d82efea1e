import {
  addMonths,
  calendarDateInZone,
  clampedDayOfMonth,
  parseCalendarDate,
  zonedDateTimeToInstant,
  type WallClockTime,
} from './calendar';

/** A profile's monthly billing schedule: bill day 1-31 (clamped to the month) at 'HH:mm'. */
export type BillingSchedule = { billDate: number; billTime: WallClockTime };

function assertSchedule({ billDate, billTime }: BillingSchedule): void {
  if (!Number.isInteger(billDate) || billDate < 1 || billDate > 31) {
    throw new RangeError(`billDate must be a whole number from 1 to 31, got ${billDate}`);
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(billTime)) {
    throw new RangeError(`billTime must be HH:mm on a 24-hour clock, got ${JSON.stringify(billTime)}`);
  }
}

/**
 * The first instant strictly after `after` at which the schedule runs: the bill day (its last
 * day in shorter months) at the bill time in `timeZone`. A bill time the clocks skip runs at the
 * first minute after the gap; one they show twice runs at its first occurrence.
 *
 * @example nextRunAfter({ billDate: 31, billTime: '02:00' }, new Date('2027-02-01T00:00:00Z'), 'America/Los_Angeles')
 *   // 2027-02-28T10:00:00Z (02:00 PST on the last day of February)
 * @example nextRunAfter({ billDate: 14, billTime: '02:30' }, new Date('2027-03-01T00:00:00Z'), 'America/Los_Angeles')
 *   // 2027-03-14T10:00:00Z (03:00 PDT: 02:30 does not exist that night)
 */
export function nextRunAfter(schedule: BillingSchedule, after: Date, timeZone: string): Date {
  assertSchedule(schedule);
  const { year, month } = parseCalendarDate(calendarDateInZone(after, timeZone));
  // This month's run may already have passed; next month's is always later.
  for (const offset of [0, 1, 2]) {
    const runMonth = addMonths(year, month, offset);
    const runDay = clampedDayOfMonth(runMonth.year, runMonth.month, schedule.billDate);
    const run = zonedDateTimeToInstant(runDay, schedule.billTime, timeZone);
    if (run.getTime() > after.getTime()) return run;
  }
  throw new Error(`No run found after ${after.toISOString()}`);
}

/**
 * A short sentence for people, e.g. "Monthly on day 15 at 02:00" or
 * "Monthly on day 31 (the last day in shorter months) at 02:00".
 */
export function describeSchedule(schedule: BillingSchedule): string {
  assertSchedule(schedule);
  const clampNote = schedule.billDate > 28 ? ' (the last day in shorter months)' : '';
  return `Monthly on day ${schedule.billDate}${clampNote} at ${schedule.billTime}`;
}
