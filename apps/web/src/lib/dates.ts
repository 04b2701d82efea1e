import { dateTimeInZone } from '@phone-billing/api/schemas';
import { parseISO } from 'date-fns';

// One place for how dates look (spec 000 §9): short dates MM/dd/yyyy, date-times
// 'MMM dd, yyyy HH:mm', shown in the company timezone; weeks start on Sunday.
export const SHORT_DATE = 'MM/dd/yyyy';
export const DATE_TIME = 'MMM dd, yyyy HH:mm';
export const WEEK_STARTS_ON = 0 as const;
export const DEFAULT_TIMEZONE = 'America/Los_Angeles';

let companyTimezone = DEFAULT_TIMEZONE;

/** Set from the organisation settings once they are loaded. */
export function setCompanyTimezone(timezone: string) {
  companyTimezone = timezone || DEFAULT_TIMEZONE;
}

export function getCompanyTimezone() {
  return companyTimezone;
}

/**
 * The parts of an instant's wall-clock time in `timeZone`, read as the server's calendar reads them
 * (the browser's own Intl: no date library in the bundle for it, the notification bell on every page
 * formats dates). dates.test.ts holds the output to date-fns' `format` over a TZDate.
 */
function wallClock(instant: Date, timeZone: string) {
  const text = dateTimeInZone(instant, timeZone); // 'YYYY-MM-DD HH:mm:ss'
  return {
    year: text.slice(0, 4),
    month: text.slice(5, 7),
    day: text.slice(8, 10),
    hour: text.slice(11, 13),
    minute: text.slice(14, 16),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return parseISO(value);
}

/** A calendar date ('YYYY-MM-DD', no time) shown as MM/dd/yyyy without timezone shifts. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '—';
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

export function formatShortDate(value: Date | string | number | null | undefined, timeZone = companyTimezone): string {
  if (value === null || value === undefined || value === '') return '—';
  const { year, month, day } = wallClock(toDate(value), timeZone);
  return `${month}/${day}/${year}`; // SHORT_DATE
}

export function formatDateTime(value: Date | string | number | null | undefined, timeZone = companyTimezone): string {
  if (value === null || value === undefined || value === '') return '—';
  const { year, month, day, hour, minute } = wallClock(toDate(value), timeZone);
  return `${MONTHS[Number(month) - 1]} ${day}, ${year} ${hour}:${minute}`; // DATE_TIME
}

/** Today as 'YYYY-MM-DD' in the company timezone. */
export function todayInCompanyZone(now = new Date(), timeZone = companyTimezone): string {
  const { year, month, day } = wallClock(now, timeZone);
  return `${year}-${month}-${day}`;
}

export function firstOfMonthInCompanyZone(now = new Date(), timeZone = companyTimezone): string {
  const { year, month } = wallClock(now, timeZone);
  return `${year}-${month}-01`;
}

/**
 * A server's sentence with ISO calendar dates in it, with each date as the app shows dates:
 * 'overlaps invoice X for 2026-10-01 to 2026-10-31' → '… for 10/01/2026 to 10/31/2026'.
 */
export function withAppDates(text: string): string {
  return text.replace(
    /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    (_match, year: string, month: string, day: string) => `${month}/${day}/${year}`,
  );
}
