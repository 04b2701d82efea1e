import { addDays, compareDates, type CalendarDate } from './calendar';

/** Inclusive calendar days start..end. */
export type DayRange = { start: CalendarDate; end: CalendarDate };

/** The ranges sorted and merged where they overlap or touch. */
export function mergeDayRanges(ranges: readonly DayRange[]): DayRange[] {
  const sorted = ranges
    .filter((range) => compareDates(range.start, range.end) <= 0)
    .sort((a, b) => compareDates(a.start, b.start));
  const merged: DayRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && compareDates(range.start, addDays(last.end, 1)) <= 0) {
      if (compareDates(range.end, last.end) > 0) last.end = range.end;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/** Spans of instants [from, to) sorted and merged where they overlap or touch (a call is counted in one only). */
export function mergeInstants(
  spans: ReadonlyArray<{ from: number; to: number } | null>,
): Array<{ from: number; to: number }> {
  const sorted = spans
    .filter((span): span is { from: number; to: number } => span !== null && span.from < span.to)
    .sort((a, b) => a.from - b.from);
  const merged: Array<{ from: number; to: number }> = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** The days of `range` that none of `taken` holds. */
export function subtractDayRanges(range: DayRange, taken: readonly DayRange[]): DayRange[] {
  let pieces: DayRange[] = compareDates(range.start, range.end) <= 0 ? [{ ...range }] : [];
  for (const cut of mergeDayRanges(taken)) {
    pieces = pieces.flatMap((piece) => {
      if (compareDates(cut.end, piece.start) < 0 || compareDates(cut.start, piece.end) > 0) return [piece];
      const left =
        compareDates(piece.start, cut.start) < 0 ? [{ start: piece.start, end: addDays(cut.start, -1) }] : [];
      const right = compareDates(cut.end, piece.end) < 0 ? [{ start: addDays(cut.end, 1), end: piece.end }] : [];
      return [...left, ...right];
    });
  }
  return pieces;
}

/** The days both ranges hold, or null. */
export function intersectDayRanges(a: DayRange, b: DayRange): DayRange | null {
  const start = compareDates(a.start, b.start) >= 0 ? a.start : b.start;
  const end = compareDates(a.end, b.end) <= 0 ? a.end : b.end;
  return compareDates(start, end) <= 0 ? { start, end } : null;
}

/** True when every day of `range` is in one of `ranges`. */
export function coversDays(ranges: readonly DayRange[], range: DayRange): boolean {
  return subtractDayRanges(range, ranges).length === 0;
}
