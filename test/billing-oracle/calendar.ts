// The oracle's own calendar (DESIGN.md §4 "Days and periods", "Scheduled runs"), written from the
// design with nothing but Intl: calendar days in a named zone, where they begin as instants, the
// period rule, and a schedule's bill instant. It shares no code with packages/api/src/domain, so a
// slip there cannot hide here.

/** A calendar day 'YYYY-MM-DD'. Such strings sort in date order. */
export type Day = string;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What a wall clock in `zone` shows at `ms`, as if that wall clock were UTC (ms since the epoch). */
function wallClockAt(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** Minutes `zone` is ahead of UTC at `ms` (e.g. -420 for PDT). */
export function offsetMinutesAt(ms: number, zone: string): number {
  const floored = Math.floor(ms / 1000) * 1000;
  return Math.round((wallClockAt(floored, zone) - floored) / MINUTE_MS);
}

export function parseDay(day: Day): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function formatDay(utcMs: number): Day {
  return new Date(utcMs).toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(day: Day, count: number): Day {
  const { year, month, day: dayOfMonth } = parseDay(day);
  return formatDay(Date.UTC(year, month - 1, dayOfMonth + count));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  const a = parseDay(from);
  const b = parseDay(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** The calendar day `ms` falls on in `zone`. */
export function dayIn(ms: number, zone: string): Day {
  return formatDay(wallClockAt(ms, zone));
}

/**
 * The instant the wall clock in `zone` shows `time` ('HH:mm') on `day`. A time the clocks skip
 * (spring forward) is the first minute after the gap; a time shown twice (fall back) its first
 * occurrence.
 */
export function instantOf(day: Day, time: string, zone: string): number {
  const { year, month, day: dayOfMonth } = parseDay(day);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  // The offset on either side of any transition near this wall time: try both.
  const offsets = [
    ...new Set([
      offsetMinutesAt(wall - DAY_MS, zone),
      offsetMinutesAt(wall + DAY_MS, zone),
      offsetMinutesAt(wall, zone),
    ]),
  ];
  const matches = offsets
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((candidate) => wallClockAt(candidate, zone) === wall);
  if (matches.length > 0) return Math.min(...matches);
  // In a gap: the transition instant, found by bisection between the two readings.
  let low = wall - Math.max(...offsets) * MINUTE_MS - 3 * 3_600_000;
  let high = wall - Math.min(...offsets) * MINUTE_MS + 3 * 3_600_000;
  while (high - low > MINUTE_MS) {
    const middle = Math.floor((low + high) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClockAt(middle, zone) < wall) low = middle;
    else high = middle;
  }
  return high;
}

/** Where `day` begins in `zone`. */
export function startOfDay(day: Day, zone: string): number {
  return instantOf(day, '00:00', zone);
}

/** A day number of a month: beyond the month's length it means the month's last day. */
export function clampedDay(year: number, month: number, dayNumber: number): Day {
  const day = Math.min(dayNumber, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A period rule: with start <= end, days start..end of one month; otherwise start of one month to end of the next. */
export type PeriodRule = { start: number; end: number };

/** Inclusive days. */
export type DayRange = { start: Day; end: Day };

/**
 * The period of `rule` holding `day`, or null when the rule leaves that day out (a rule such as
 * 1..15, which DESIGN.md now refuses; the oracle only generates rules covering every day).
 */
export function rulePeriodHolding(rule: PeriodRule, day: Day): DayRange | null {
  const { year, month } = parseDay(day);
  const candidates: DayRange[] = [];
  for (const offset of [-1, 0]) {
    const first = shiftMonth(year, month, offset);
    if (rule.start <= rule.end) {
      if (offset === 0)
        candidates.push({
          start: clampedDay(first.year, first.month, rule.start),
          end: clampedDay(first.year, first.month, rule.end),
        });
    } else {
      const next = shiftMonth(first.year, first.month, 1);
      candidates.push({
        start: clampedDay(first.year, first.month, rule.start),
        end: clampedDay(next.year, next.month, rule.end),
      });
    }
  }
  return candidates.find((range) => range.start <= day && day <= range.end) ?? null;
}

/** The bill instant of a schedule in the month of (year, month): bill day clamped, at bill time. */
export function billInstant(
  schedule: { billDate: number; billTime: string },
  year: number,
  month: number,
  zone: string,
): number {
  return instantOf(clampedDay(year, month, schedule.billDate), schedule.billTime, zone);
}

/** The first bill instant strictly after `afterMs`. */
export function nextBillInstant(
  schedule: { billDate: number; billTime: string },
  afterMs: number,
  zone: string,
): number {
  const { year, month } = parseDay(dayIn(afterMs, zone));
  for (const offset of [0, 1, 2]) {
    const target = shiftMonth(year, month, offset);
    const instant = billInstant(schedule, target.year, target.month, zone);
    if (instant > afterMs) return instant;
  }
  throw new Error('no bill instant within two months');
}

/** "MM/DD/YYYY", as invoice lines name days; "MM/DD/YYYY–MM/DD/YYYY" for a range. */
export function labelOf(range: DayRange): string {
  const one = (day: Day) => {
    const { year, month, day: dayOfMonth } = parseDay(day);
    return `${String(month).padStart(2, '0')}/${String(dayOfMonth).padStart(2, '0')}/${year}`;
  };
  return range.start === range.end ? one(range.start) : `${one(range.start)}–${one(range.end)}`;
}

/** The first day an invoice line names ("Overage, 03/01/2025–03/31/2025" → 2025-03-01), or null. */
export function firstDayNamedIn(description: string): Day | null {
  const match = /(\d{2})\/(\d{2})\/(\d{4})/.exec(description);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}
