import {
  calendarDateInZone,
  daysInMonth,
  formatCalendarDate,
  parseCalendarDate,
  type CalendarDate,
} from '../domain/calendar';

/** The calendar month `now` falls in, in the zone: its first and last day and today. */
export function currentMonthInZone(
  now: Date,
  timeZone: string,
): { month: string; start: CalendarDate; end: CalendarDate; today: CalendarDate } {
  const today = calendarDateInZone(now, timeZone);
  const { year, month } = parseCalendarDate(today);
  return {
    month: today.slice(0, 7),
    start: formatCalendarDate({ year, month, day: 1 }),
    end: formatCalendarDate({ year, month, day: daysInMonth(year, month) }),
    today,
  };
}
