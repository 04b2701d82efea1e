/**
 * Calendar days and wall-clock times in a named timezone, with the built-in Intl API only.
 *
 * Every billing rule speaks in calendar days of the company timezone, inclusive at both ends
 * (DESIGN.md §4). Queries need instants, so {@link dayRangeToInstants} is the one place that turns
 * days into a half-open instant range: every screen that uses it agrees on where a day begins.
 */

/** A calendar day written 'YYYY-MM-DD'. Strings of this shape sort in date order. */
export type CalendarDate = string;

/** A wall-clock time written 'HH:mm' on a 24-hour clock. */
export type WallClockTime = string;

const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MILLISECONDS_PER_MINUTE = 60_000;
const MILLISECONDS_PER_DAY = 86_400_000;

export type CalendarDateParts = { year: number; month: number; day: number };

/** Days in a month; `month` runs 1-12. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${year}-${month}`);
  }
  // Day 0 of the following month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// Rating splits the same few hundred days hundreds of thousands of times: each is split once, then
// remembered (frozen, so no caller can change what the next one reads).
const parsedDates = new Map<CalendarDate, Readonly<CalendarDateParts>>();

/** Splits a 'YYYY-MM-DD' string; throws a RangeError for malformed or impossible dates. */
export function parseCalendarDate(date: CalendarDate): CalendarDateParts {
  const known = parsedDates.get(date);
  if (known) return known;
  const parts = Object.freeze(splitCalendarDate(date));
  if (parsedDates.size >= 100_000) parsedDates.clear();
  parsedDates.set(date, parts);
  return parts;
}

function splitCalendarDate(date: CalendarDate): CalendarDateParts {
  const match = CALENDAR_DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`No such day: ${date}`);
  }
  return { year, month, day };
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false;
  try {
    parseCalendarDate(value);
    return true;
  } catch {
    return false;
  }
}

/** Formats parts as 'YYYY-MM-DD'. The parts must name a real day. */
export function formatCalendarDate({ year, month, day }: CalendarDateParts): CalendarDate {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  parseCalendarDate(date);
  return date;
}

/**
 * Day `dayNumber` of a month, where a number past the month's length means its last day
 * (DESIGN.md: "Day numbers beyond a month's length mean its last day").
 */
export function clampedDayOfMonth(year: number, month: number, dayNumber: number): CalendarDate {
  if (!Number.isInteger(dayNumber) || dayNumber < 1) throw new RangeError(`Not a day number: ${dayNumber}`);
  return formatCalendarDate({ year, month, day: Math.min(dayNumber, daysInMonth(year, month)) });
}

/** The month `offset` months after (or before, when negative) the given one; `month` runs 1-12. */
export function addMonths(year: number, month: number, offset: number): { year: number; month: number } {
  const monthIndex = year * 12 + (month - 1) + offset;
  return { year: Math.floor(monthIndex / 12), month: (((monthIndex % 12) + 12) % 12) + 1 };
}

/** The calendar day `days` days after `date` (before it when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const { year, month, day } = parseCalendarDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day) + days * MILLISECONDS_PER_DAY);
  return formatCalendarDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** -1, 0 or 1 as `a` is before, the same day as, or after `b` (usable as a sort comparator). */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  assertCalendarDate(a);
  assertCalendarDate(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

// Billing compares the same few hundred days millions of times: each is checked once, then remembered.
const checkedDates = new Set<CalendarDate>();

function assertCalendarDate(date: CalendarDate): void {
  if (checkedDates.has(date)) return;
  parseCalendarDate(date);
  if (checkedDates.size >= 100_000) checkedDates.clear();
  checkedDates.add(date);
}

/** Inclusive count of days from `start` to `end` (1 when they are the same day). */
export function daysInRange(start: CalendarDate, end: CalendarDate): number {
  const from = parseCalendarDate(start);
  const to = parseCalendarDate(end);
  const difference = Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day);
  return difference / MILLISECONDS_PER_DAY + 1;
}

/** An instant as the text a `timestamp` column (no zone, UTC by convention) takes: '2026-01-31T08:00:00.000'. */
export function utcTimestampText(instant: number | Date): string {
  return new Date(instant).toISOString().replace('Z', '');
}

const formattersByZone = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formattersByZone.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      era: 'short',
    });
    formattersByZone.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the IANA zone name (e.g. 'America/Los_Angeles', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    wallClockFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = CalendarDateParts & { hour: number; minute: number; second: number };

function wallClockAt(instant: Date, timeZone: string): WallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date');
  const values: Record<string, string> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(instant)) values[part.type] = part.value;
  const yearOfEra = Number(values.year);
  return {
    year: values.era === 'BC' || values.era === 'B' ? 1 - yearOfEra : yearOfEra,
    month: Number(values.month),
    day: Number(values.day),
    // Some engines write midnight as 24 even with h23.
    hour: Number(values.hour) % 24,
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

/** The wall clock read as if it were UTC, in milliseconds: the zone's offset is this minus the instant. */
function wallClockAsUtcMilliseconds(wallClock: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(wallClock.year, wallClock.month - 1, wallClock.day);
  date.setUTCHours(wallClock.hour, wallClock.minute, wallClock.second, 0);
  return date.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(instantMilliseconds: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMilliseconds / 1000) * 1000;
  return wallClockAsUtcMilliseconds(wallClockAt(new Date(wholeSecond), timeZone)) - wholeSecond;
}

/** The calendar day an instant falls on in the zone. */
export function calendarDateInZone(instant: Date, timeZone: string): CalendarDate {
  return formatCalendarDate(wallClockAt(instant, timeZone));
}

/** An instant as the zone's clocks show it, 'YYYY-MM-DD HH:mm:ss' (exports for people and spreadsheets). */
export function dateTimeInZone(instant: Date, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${formatCalendarDate(clock)} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}`;
}

/** The wall-clock time 'HH:mm' of an instant in the zone. */
export function wallClockTimeInZone(instant: Date, timeZone: string): WallClockTime {
  const { hour, minute } = wallClockAt(instant, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * The instant at which the zone's clocks show `time` on `date`.
 *
 * DST rules (DESIGN.md §4, billing schedules):
 * - a time the clocks skip (spring forward) maps to the first minute after the gap:
 *   2027-03-14 02:30 America/Los_Angeles → 03:00 PDT = 2027-03-14T10:00:00Z;
 * - a time the clocks show twice (fall back) maps to its first occurrence:
 *   2027-11-07 01:30 America/Los_Angeles → 01:30 PDT = 2027-11-07T08:30:00Z.
 */
export function zonedDateTimeToInstant(date: CalendarDate, time: WallClockTime, timeZone: string): Date {
  const { year, month, day } = parseCalendarDate(date);
  const timeMatch = WALL_CLOCK_TIME_PATTERN.exec(time);
  if (!timeMatch) throw new RangeError(`Not an HH:mm time: ${JSON.stringify(time)}`);
  const wanted = wallClockAsUtcMilliseconds({
    year,
    month,
    day,
    hour: Number(timeMatch[1]),
    minute: Number(timeMatch[2]),
    second: 0,
  });

  // Offsets stay within ±14 h, so a day either side brackets any transition near this wall time.
  const offsetBefore = offsetAt(wanted - MILLISECONDS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(wanted + MILLISECONDS_PER_DAY, timeZone);
  const matches = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wanted - offset)
    .filter((candidate) => candidate + offsetAt(candidate, timeZone) === wanted)
    .sort((a, b) => a - b);
  const firstOccurrence = matches[0];
  if (firstOccurrence !== undefined) return new Date(firstOccurrence);

  // The wall time was skipped: find the transition, the first minute on the new offset.
  let lastOnOldOffset = wanted - offsetAfter;
  let firstOnNewOffset = wanted - offsetBefore;
  while (firstOnNewOffset - lastOnOldOffset > MILLISECONDS_PER_MINUTE) {
    const middle =
      lastOnOldOffset +
      Math.floor((firstOnNewOffset - lastOnOldOffset) / 2 / MILLISECONDS_PER_MINUTE) * MILLISECONDS_PER_MINUTE;
    if (offsetAt(middle, timeZone) === offsetBefore) lastOnOldOffset = middle;
    else firstOnNewOffset = middle;
  }
  return new Date(firstOnNewOffset);
}

const startsOfDays = new Map<string, number>();

/** The first instant of a calendar day in the zone (after the gap if midnight is skipped). */
export function startOfDayInZone(date: CalendarDate, timeZone: string): Date {
  // A rating turns the same days into instants for every customer: each day is worked out once.
  const key = `${timeZone} ${date}`;
  let milliseconds = startsOfDays.get(key);
  if (milliseconds === undefined) {
    milliseconds = zonedDateTimeToInstant(date, '00:00', timeZone).getTime();
    if (startsOfDays.size >= 100_000) startsOfDays.clear();
    startsOfDays.set(key, milliseconds);
  }
  return new Date(milliseconds);
}

/**
 * Inclusive calendar days `start`..`end` in the zone as a half-open instant range
 * `[from, toExclusive)`. Query with `time >= from && time < toExclusive`.
 */
export function dayRangeToInstants(
  start: CalendarDate,
  end: CalendarDate,
  timeZone: string,
): { from: Date; toExclusive: Date } {
  if (compareDates(start, end) > 0) throw new RangeError(`Range starts after it ends: ${start}..${end}`);
  return {
    from: startOfDayInZone(start, timeZone),
    toExclusive: startOfDayInZone(addDays(end, 1), timeZone),
  };
}

/** A `@db.Date` column's value (midnight UTC) as the calendar day it stores. */
export const calendarFromDate = (date: Date): CalendarDate => date.toISOString().slice(0, 10);

/** The value to store in a `@db.Date` column for a calendar day. */
export const dateFromCalendar = (date: CalendarDate): Date => new Date(`${date}T00:00:00.000Z`);

/** A calendar day as the app shows dates to people: MM/dd/yyyy (spec 000). */
export function displayDate(date: CalendarDate): string {
  const { year, month, day } = parseCalendarDate(date);
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
}

/** Inclusive days as people read them: "10/01/2026–10/31/2026", or one date when start = end. */
export function displayDateRange(start: CalendarDate, end: CalendarDate): string {
  return start === end ? displayDate(start) : `${displayDate(start)}–${displayDate(end)}`;
}

/** Minutes east of UTC of the zone's clock at noon of the day `at` falls on there (-480 for Los Angeles in winter). */
export function utcOffsetMinutes(timeZone: string, at = new Date()): number {
  const date = calendarDateInZone(at, timeZone);
  return Math.round(
    (Date.parse(`${date}T12:00:00.000Z`) - zonedDateTimeToInstant(date, '12:00', timeZone).getTime()) / 60_000,
  );
}
