import {
  addDays,
  addMonths,
  calendarDateInZone,
  calendarFromDate,
  clampedDayOfMonth,
  compareDates,
  parseCalendarDate,
  type CalendarDate,
} from './calendar';
import { subtractDayRanges } from './day-ranges';

/**
 * A profile's billing-period days (1-31; a number past a month's length means its last day), with the
 * rules it had before (`periodRuleHistory`, see {@link EarlierPeriodRule}; absent: none).
 */
export type PeriodRule = { billingPeriodStart: number; billingPeriodEnd: number; periodRuleHistory?: unknown };

/**
 * A rule the profile had until `until` (exclusive: the first day of the next rule), oldest first. A
 * rule change takes effect from the day after the last billed period (DESIGN.md §4, as for a timezone
 * change): days before it keep the periods of the rule they were in, so an unbilled period that ended
 * under the old rule is billed as that period, not cut into pieces of the new one.
 */
export type EarlierPeriodRule = { billingPeriodStart: number; billingPeriodEnd: number; until: CalendarDate };

/** The rules a profile's days follow: each with its first day and the first day of the next (null: open). */
type RuleSegment = { rule: PeriodRule; from: CalendarDate | null; until: CalendarDate | null };

const isDayNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 31;

/** The earlier rules stored on a profile (JSON), oldest first; anything malformed is left out. */
function earlierPeriodRules(history: unknown): EarlierPeriodRule[] {
  if (!Array.isArray(history)) return [];
  return history.filter(
    (entry): entry is EarlierPeriodRule =>
      typeof entry === 'object' &&
      entry !== null &&
      isDayNumber((entry as EarlierPeriodRule).billingPeriodStart) &&
      isDayNumber((entry as EarlierPeriodRule).billingPeriodEnd) &&
      typeof (entry as EarlierPeriodRule).until === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test((entry as EarlierPeriodRule).until),
  );
}

function ruleSegments(rule: PeriodRule): RuleSegment[] {
  const segments: RuleSegment[] = [];
  let from: CalendarDate | null = null;
  for (const earlier of earlierPeriodRules(rule.periodRuleHistory)) {
    if (from !== null && compareDates(earlier.until, from) <= 0) continue;
    segments.push({ rule: earlier, from, until: earlier.until });
    from = earlier.until;
  }
  segments.push({ rule, from, until: null });
  return segments;
}

function segmentHolding(rule: PeriodRule, date: CalendarDate): RuleSegment {
  const segments = ruleSegments(rule);
  return segments.find((segment) => segment.until === null || compareDates(date, segment.until) < 0)!;
}

/** A period of a segment's rule, without the days outside the segment (null when none is left). */
function clipToSegment(period: BillingPeriod, segment: RuleSegment): BillingPeriod | null {
  const start = segment.from && compareDates(period.start, segment.from) < 0 ? segment.from : period.start;
  const last = segment.until ? addDays(segment.until, -1) : null;
  const end = last && compareDates(last, period.end) < 0 ? last : period.end;
  return compareDates(start, end) <= 0 ? { start, end } : null;
}

/**
 * The next earlier rules when a profile's rule changes: the rule it had stays in force up to the end
 * of its last billed period (`lastBilledEnd`); never billed, the new rule covers every day.
 */
export function periodRuleHistoryAfterChange(
  before: PeriodRule,
  lastBilledEnd: CalendarDate | null,
): EarlierPeriodRule[] {
  if (lastBilledEnd === null) return [];
  const boundary = addDays(lastBilledEnd, 1);
  const kept = ruleSegments(before).filter(
    (segment) => segment.from === null || compareDates(segment.from, boundary) < 0,
  );
  return kept.map((segment, index) => ({
    billingPeriodStart: segment.rule.billingPeriodStart,
    billingPeriodEnd: segment.rule.billingPeriodEnd,
    until: index === kept.length - 1 ? boundary : kept[index + 1]!.from!,
  }));
}

/** Inclusive calendar days in the company timezone. */
export type BillingPeriod = { start: CalendarDate; end: CalendarDate };

function assertDayNumber(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > 31) {
    throw new RangeError(`${name} must be a whole number from 1 to 31, got ${value}`);
  }
}

/**
 * The period that starts in the given month:
 * - start ≤ end: days start..end of that month;
 * - start > end: day start of that month to day end of the next.
 */
function periodStartingInMonth(rule: PeriodRule, year: number, month: number): BillingPeriod {
  assertDayNumber('billingPeriodStart', rule.billingPeriodStart);
  assertDayNumber('billingPeriodEnd', rule.billingPeriodEnd);
  const start = clampedDayOfMonth(year, month, rule.billingPeriodStart);
  if (rule.billingPeriodStart <= rule.billingPeriodEnd) {
    return { start, end: clampedDayOfMonth(year, month, rule.billingPeriodEnd) };
  }
  const next = addMonths(year, month, 1);
  return { start, end: clampedDayOfMonth(next.year, next.month, rule.billingPeriodEnd) };
}

/** Periods starting in the months around `date`, oldest first: enough to find any neighbour of it. */
function periodsAround(rule: PeriodRule, date: CalendarDate): BillingPeriod[] {
  const { year, month } = parseCalendarDate(date);
  return [-2, -1, 0, 1].map((offset) => {
    const shifted = addMonths(year, month, offset);
    return periodStartingInMonth(rule, shifted.year, shifted.month);
  });
}

function contains(period: BillingPeriod, date: CalendarDate): boolean {
  return compareDates(period.start, date) <= 0 && compareDates(date, period.end) <= 0;
}

/**
 * The billing period that holds `date`, or null when the rule leaves that day out
 * (start ≤ end rules such as 1..15 bill no day after the 15th).
 *
 * Clamping can make two periods share a day: with start 31 and end 30, the period starting
 * 2027-01-31 ends on 2027-02-28 (30 → last day of February) and the next one starts on 2027-02-28
 * (31 → last day). The shared day belongs to the earlier period, the one that bills it first
 * (the later one then starts after the last invoiced day, see {@link periodForScheduledRun}).
 *
 * @example periodContaining({ billingPeriodStart: 1, billingPeriodEnd: 31 }, '2027-02-10')
 *   // { start: '2027-02-01', end: '2027-02-28' }
 * @example periodContaining({ billingPeriodStart: 15, billingPeriodEnd: 14 }, '2027-02-10')
 *   // { start: '2027-01-15', end: '2027-02-14' }
 */
export function periodContaining(rule: PeriodRule, date: CalendarDate): BillingPeriod | null {
  const segment = segmentHolding(rule, date);
  const period = periodsAround(segment.rule, date).find((candidate) => contains(candidate, date));
  return period ? clipToSegment(period, segment) : null;
}

/**
 * The period to show as "current" on `today` (customer statistics cover it up to today): the one
 * containing today, or, on a day the rule leaves out, the latest period before today.
 *
 * @example currentPeriod({ billingPeriodStart: 1, billingPeriodEnd: 15 }, '2027-03-20')
 *   // { start: '2027-03-01', end: '2027-03-15' }
 */
export function currentPeriod(rule: PeriodRule, today: CalendarDate): BillingPeriod {
  return periodContaining(rule, today) ?? latestPeriodEndedBefore(rule, today);
}

/**
 * The latest period whose last day is before `date`.
 *
 * @example latestPeriodEndedBefore({ billingPeriodStart: 1, billingPeriodEnd: 31 }, '2027-03-01')
 *   // { start: '2027-02-01', end: '2027-02-28' }
 * @example latestPeriodEndedBefore({ billingPeriodStart: 31, billingPeriodEnd: 30 }, '2027-04-01')
 *   // { start: '2027-02-28', end: '2027-03-30' }
 */
export function latestPeriodEndedBefore(rule: PeriodRule, date: CalendarDate): BillingPeriod {
  const ended = periodsAround(rule, date).filter((period) => compareDates(period.end, date) < 0);
  const latest = ended[ended.length - 1];
  // Every rule has a period ending in each month or the one after, so two months back always ends in time.
  if (!latest) throw new Error(`No billing period ended before ${date}`);
  return latest;
}

/**
 * The days a scheduled run on `runDate` (a calendar day in the company timezone) bills: the latest
 * period that ended before the run, starting the day after `lastInvoicedDay` when it would
 * otherwise overlap days already invoiced. Null when every day of that period is invoiced.
 *
 * @example periodForScheduledRun({ billingPeriodStart: 31, billingPeriodEnd: 30 }, '2027-04-01', '2027-02-28')
 *   // { start: '2027-03-01', end: '2027-03-30' }: Feb 28 went out with the Jan 31..Feb 28 invoice
 * @example periodForScheduledRun({ billingPeriodStart: 1, billingPeriodEnd: 31 }, '2027-03-01', '2027-02-28')
 *   // null: February is already invoiced
 */
export function periodForScheduledRun(
  rule: PeriodRule,
  runDate: CalendarDate,
  lastInvoicedDay: CalendarDate | null,
): BillingPeriod | null {
  const period = latestPeriodEndedBefore(rule, runDate);
  if (lastInvoicedDay === null || compareDates(lastInvoicedDay, period.start) < 0) return period;
  const start = addDays(lastInvoicedDay, 1);
  return compareDates(start, period.end) <= 0 ? { start, end: period.end } : null;
}

/** The day a profile's billing starts when none was set: the first day of the period holding `createdDay`. */
export function defaultBillingStartDate(rule: PeriodRule, createdDay: CalendarDate): CalendarDate {
  const holding = periodContaining(rule, createdDay);
  if (holding) return holding.start;
  // A day the rule leaves out (after day 15 of a 1..15 rule): the next period starts the billing.
  return rulePeriodsOverlapping(rule, createdDay, addDays(createdDay, 62)).find(
    (period) => compareDates(period.start, createdDay) >= 0,
  )!.start;
}

/**
 * The rule's periods that share a day with from..to, oldest first, each starting after the one
 * before it ended (with start 31 and end 30, clamping makes two periods share a day; it belongs to
 * the earlier one).
 */
function rulePeriodsOverlapping(rule: PeriodRule, from: CalendarDate, to: CalendarDate): BillingPeriod[] {
  return ruleSegments(rule).flatMap((segment) => {
    const days = clipToSegment({ start: from, end: to }, segment);
    if (!days) return [];
    return periodsOfOneRule(segment.rule, days.start, days.end).flatMap(
      (period) => clipToSegment(period, segment) ?? [],
    );
  });
}

function periodsOfOneRule(rule: PeriodRule, from: CalendarDate, to: CalendarDate): BillingPeriod[] {
  const first = parseCalendarDate(from);
  const last = parseCalendarDate(to);
  const months = (last.year - first.year) * 12 + (last.month - first.month);
  const periods: BillingPeriod[] = [];
  for (let offset = -2; offset <= months + 1; offset += 1) {
    const { year, month } = addMonths(first.year, first.month, offset);
    const period = periodStartingInMonth(rule, year, month);
    const previous = periods[periods.length - 1];
    const start = previous && compareDates(period.start, previous.end) <= 0 ? addDays(previous.end, 1) : period.start;
    if (compareDates(start, period.end) <= 0) periods.push({ start, end: period.end });
  }
  return periods.filter((period) => compareDates(period.end, from) >= 0 && compareDates(period.start, to) <= 0);
}

/** A period of a profile: recorded (an invoice touched it; its days are fixed) or drawn from the rule. */
export type ProfilePeriod = BillingPeriod & { recorded: boolean };

/**
 * The profile's billing periods that share a day with from..to, oldest first.
 * - Periods already recorded (an invoice touched them) keep their days, whatever the rule says now.
 * - Other days follow the rule; a rule period that meets a recorded one is cut at it (the rule was
 *   changed after billing), and one that begins before `billingStartDate` begins on it.
 * - Nothing before `billingStartDate` comes from the rule; days the rule leaves out belong to no period.
 *
 * @example billingPeriodsBetween({ billingPeriodStart: 1, billingPeriodEnd: 31 }, '2026-10-10', '2026-10-01', '2026-11-30', [])
 *   // [{ start: '2026-10-10', end: '2026-10-31' }, { start: '2026-11-01', end: '2026-11-30' }] (recorded: false)
 */
export function billingPeriodsBetween(
  rule: PeriodRule,
  billingStartDate: CalendarDate,
  from: CalendarDate,
  to: CalendarDate,
  recorded: readonly BillingPeriod[],
): ProfilePeriod[] {
  if (compareDates(from, to) > 0) return [];
  const fixed = [...recorded].sort((a, b) => compareDates(a.start, b.start));
  const periods: ProfilePeriod[] = fixed
    .filter((period) => compareDates(period.end, from) >= 0 && compareDates(period.start, to) <= 0)
    .map((period) => ({ start: period.start, end: period.end, recorded: true }));
  const ruleFrom = compareDates(from, billingStartDate) < 0 ? billingStartDate : from;
  if (compareDates(ruleFrom, to) <= 0) {
    for (const period of rulePeriodsOverlapping(rule, ruleFrom, to)) {
      const start = compareDates(period.start, billingStartDate) < 0 ? billingStartDate : period.start;
      const pieces = subtractDayRanges({ start, end: period.end }, fixed);
      for (const piece of pieces) {
        if (
          compareDates(piece.start, piece.end) <= 0 &&
          compareDates(piece.end, from) >= 0 &&
          compareDates(piece.start, to) <= 0
        ) {
          periods.push({ ...piece, recorded: false });
        }
      }
    }
  }
  return periods.sort((a, b) => compareDates(a.start, b.start));
}

/** A profile's billing start day: set on the profile, or the first day of the period holding its creation day. */
export function billingStartDateOf(
  profile: PeriodRule & { billingStartDate: CalendarDate | Date | null; createdAt: Date },
  timeZone: string,
): CalendarDate {
  if (profile.billingStartDate)
    return typeof profile.billingStartDate === 'string'
      ? profile.billingStartDate
      : calendarFromDate(profile.billingStartDate);
  return defaultBillingStartDate(profile, calendarDateInZone(profile.createdAt, timeZone));
}
