import { formatDateTime, withAppDates } from '../../../lib/dates';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of an audit entry's details as the app shows it: dates as everywhere else, lists joined. */
function shown(value: unknown): string {
  const text = Array.isArray(value) ? value.join(', ') || '(none)' : String(value);
  return ISO_DATE_TIME.test(text) ? formatDateTime(text) : withAppDates(text);
}

type Change = { field: string; from: unknown; to: unknown };

const isChangeList = (value: unknown): value is Change[] =>
  Array.isArray(value) &&
  value.every((entry) => entry && typeof entry === 'object' && 'field' in entry && 'from' in entry && 'to' in entry);

/** An old or new value of a change: blank values say so rather than showing nothing. */
const changeValue = (value: unknown) => (value === null || value === '' ? '(empty)' : shown(value));

/**
 * An audit entry's details in one line: 'start: 10/01/2026; queues: A, B; rate: 0.05 → 0.06'. An
 * update's `changes` list (field, old, new) is shown first, and the record's id is left out
 * beside it: the target column already names the record.
 */
export function describeAuditDetails(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return shown(details);
  const { changes, ...rest } = details as Record<string, unknown>;
  const changeList = isChangeList(changes) ? changes : null;
  const changeParts = changeList
    ? changeList.map((change) => `${change.field}: ${changeValue(change.from)} → ${changeValue(change.to)}`)
    : [];
  if (changeList && changeList.length === 0) changeParts.push('no field changed');
  const restParts = Object.entries(changeList ? withoutId(rest) : (details as Record<string, unknown>)).map(
    ([key, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${shown(change.from)} → ${shown(change.to)}`;
      }
      return `${key}: ${shown(value)}`;
    },
  );
  return [...changeParts, ...restParts].join('; ');
}

function withoutId(details: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = details;
  return rest;
}
