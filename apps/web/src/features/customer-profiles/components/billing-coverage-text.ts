import { formatCalendarDate } from '../../../lib/dates';
import { formatNumber, plural } from '../../../lib/format';

/** A billing period as the app shows it: '10/01/2026 – 10/31/2026'. */
export function periodLabel(period: { start: string; end: string }): string {
  return `${formatCalendarDate(period.start)} – ${formatCalendarDate(period.end)}`;
}

/**
 * The late calls waiting for the customer's next invoice, in a sentence:
 * '3 late calls (7.5 min) will be billed on the next invoice'; null when there are none.
 */
export function lateCallsSentence(lateCalls: { count: number; minutes: number }): string | null {
  if (lateCalls.count <= 0) return null;
  return `${plural(lateCalls.count, 'late call')} (${formatNumber(lateCalls.minutes, 2)} min) will be billed on the next invoice`;
}

/** 'Billed through 10/31/2026', or why nothing is billed in full yet. */
export function billedThroughText(billedThrough: string | null): string {
  return billedThrough ? formatCalendarDate(billedThrough) : 'No period billed in full yet';
}
