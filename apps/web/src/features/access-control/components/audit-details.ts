import { formatDateTime, withAppDates } from '../../../lib/dates';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of an audit entry's details as the app shows it: dates as everywhere else, lists joined. */
function shown(value: unknown): string {
  const text = Array.isArray(value) ? value.join(', ') || '(none)' : String(value);
  return ISO_DATE_TIME.test(text) ? formatDateTime(text) : withAppDates(text);
}

/** An audit entry's details in one line: 'start: 10/01/2026; queues: A, B; rate: 0.05 → 0.06'. */
export function describeAuditDetails(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return shown(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${shown(change.from)} → ${shown(change.to)}`;
      }
      return `${key}: ${shown(value)}`;
    })
    .join('; ');
}
