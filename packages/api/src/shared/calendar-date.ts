import { z } from 'zod';

// Date fields of requests (YYYY-MM-DD, a day that exists), one home for the pattern, the
// real-day check and what the OpenAPI document says of them. Browser-safe: zod only.

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** format: date (RFC 3339 full-date) says "a real calendar date", which the pattern cannot. */
export const DATE_FIELD_META = { format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** Whether Y-M-D text names a day that exists (2026-02-30 does not). */
export function isRealCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A YYYY-MM-DD field named `label`: `text` carries the field's own presence rules (by default
 * any string), then the pattern and the real-day check, each with its message.
 */
export function calendarDateText(
  label: string,
  text: z.ZodString = z.string({ error: `${label} must be a date (YYYY-MM-DD)` }),
) {
  return text
    .regex(DATE_PATTERN, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealCalendarDate, `${label} must be a real date`)
    .meta(DATE_FIELD_META);
}
