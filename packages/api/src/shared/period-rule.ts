/**
 * A billing-period rule must cover every day (DESIGN.md §4, "Periods in service"): with
 * start <= end it is days 1..31 of each month; otherwise it runs from day `start` to day
 * `start - 1` of the next month. Any other rule leaves days that no period holds, whose calls
 * would never be billed. No zod here: the form schema, the server and the migration's test share it.
 */

/** The end day that makes a rule starting on `start` cover every day. */
export function coveringPeriodEnd(start: number): number {
  return start === 1 ? 31 : start - 1;
}

const dayList = (from: number, to: number) => (from === to ? `day ${from}` : `days ${from}–${to}`);

/** The days of the month (1..31) a rule leaves out, as ranges. */
export function daysLeftOut(start: number, end: number): Array<{ from: number; to: number }> {
  if (start <= end) {
    return [...(start > 1 ? [{ from: 1, to: start - 1 }] : []), ...(end < 31 ? [{ from: end + 1, to: 31 }] : [])];
  }
  return end + 1 <= start - 1 ? [{ from: end + 1, to: start - 1 }] : [];
}

/**
 * Why a period rule is refused, in words a clerk can act on; null when it covers every day.
 *
 * @example periodRuleProblem(1, 15)
 *   // 'Days 16–31 would never be billed: a period starting on day 1 ends on day 31'
 */
export function periodRuleProblem(start: number, end: number): string | null {
  const left = daysLeftOut(start, end);
  if (left.length === 0) return null;
  const days = left.map((range) => dayList(range.from, range.to)).join(' and ');
  const fix =
    start === 1
      ? 'a period starting on day 1 ends on day 31'
      : `a period starting on day ${start} ends on day ${start - 1} of the next month`;
  return `${days.charAt(0).toUpperCase()}${days.slice(1)} would never be billed: ${fix}`;
}
