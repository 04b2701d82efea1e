import { formatCalendarDate } from '../../../lib/dates';

type PeriodOfLine = { periodStart?: string; periodEnd?: string };
export type LineGroup<Line> = { period: { start: string; end: string } | null; lines: Line[] };

/**
 * A customer's invoice lines grouped by the billing period each belongs to, oldest period first
 * (an invoice can bill several: a catch-up run, late usage of an earlier period). Lines of jobs
 * from before lines named their period come last, in a group without one.
 */
export function groupLinesByPeriod<Line extends PeriodOfLine>(lines: readonly Line[]): LineGroup<Line>[] {
  const groups = new Map<string, LineGroup<Line>>();
  for (const line of lines) {
    const period = line.periodStart && line.periodEnd ? { start: line.periodStart, end: line.periodEnd } : null;
    const key = period ? `${period.start}/${period.end}` : '';
    const group = groups.get(key) ?? { period, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => {
    if (!a.period || !b.period) return a.period ? -1 : b.period ? 1 : 0;
    return a.period.start.localeCompare(b.period.start) || a.period.end.localeCompare(b.period.end);
  });
}

/** The server writes a period into a line's description as '10/01/2026–10/31/2026' (one day: '10/01/2026'). */
function periodAsWritten(period: { start: string; end: string }): string {
  return period.start === period.end
    ? formatCalendarDate(period.start)
    : `${formatCalendarDate(period.start)}–${formatCalendarDate(period.end)}`;
}

/**
 * A line's description under its period's heading, without repeating the period:
 * 'Minimum commitment, 10/01/2026–10/31/2026' → 'Minimum commitment'. Other days in it stay
 * ('Usage, 10/11/2026–10/31/2026': the rest of a split period).
 */
export function lineLabelWithinPeriod(description: string, period: { start: string; end: string } | null): string {
  if (!period) return description;
  const suffix = `, ${periodAsWritten(period)}`;
  return description.endsWith(suffix) ? description.slice(0, -suffix.length) : description;
}
