/**
 * What an update changed, field by field, for the audit log (issue 24: "the audit log records
 * what changed"). Values are compared and kept as the API shows them (rates as decimal text,
 * days as YYYY-MM-DD), so an entry reads like the form the person saw.
 */
export type AuditChange = { field: string; from: unknown; to: unknown };

function comparable(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && 'toFixed' in value) return String(value);
  return value;
}

/** The fields among `fields` whose values differ between `before` and `after`, in that order. */
export function changedFields<Row extends Record<string, unknown>>(
  before: Row,
  after: Row,
  fields: ReadonlyArray<keyof Row & string>,
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const from = comparable(before[field]);
    const to = comparable(after[field]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  }
  return changes;
}
