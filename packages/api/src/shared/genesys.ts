/**
 * Genesys Cloud screen and REST inputs shared by the web app and the server (spec 000 §2, §5, §9;
 * spec/API.md). Browser-safe: zod only.
 */
import { z } from 'zod';

/** The longest range the call-record and analytics endpoints accept, in days (inclusive). */
export const MAX_CALL_RANGE_DAYS = 366;
export const CALL_PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_CALL_PAGE_SIZE = 25;
export const DEFAULT_DIRECTORY_PAGE_SIZE = 20;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of a real 'YYYY-MM-DD' date, else null (2026-02-30 is not one). */
function utcMidnight(value: string): number | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : null;
}

/** Days from start to end, both included (0 or less when end is before start). */
export function inclusiveDayCount(startDate: string, endDate: string): number {
  const start = utcMidnight(startDate);
  const end = utcMidnight(endDate);
  if (start === null || end === null) return 0;
  return Math.round((end - start) / 86_400_000) + 1;
}

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date in YYYY-MM-DD format`)
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) === false || utcMidnight(value) !== null, {
      message: `${label} must be a date in YYYY-MM-DD format`,
    });

const rangeFields = {
  startDate: calendarDate('Start date'),
  endDate: calendarDate('End date'),
};

function checkRange(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (utcMidnight(value.startDate) === null || utcMidnight(value.endDate) === null) return;
  const days = inclusiveDayCount(value.startDate, value.endDate);
  if (days < 1) ctx.addIssue({ code: 'custom', message: 'End date must be on or after the start date', path: ['endDate'] });
  else if (days > MAX_CALL_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', message: `Date range cannot exceed ${MAX_CALL_RANGE_DAYS} days`, path: ['endDate'] });
  }
}

/** Start and end dates of the Genesys screen's date range (and of GET /genesys/analytics). */
export const ZCallDateRangeSchema = z.object(rangeFields).superRefine(checkRange);
export type TCallDateRange = z.infer<typeof ZCallDateRangeSchema>;

const pageField = z.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(1_000_000).default(1);
const limitField = (fallback: number, max: number) =>
  z.number().int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(max, `Limit cannot exceed ${max}`).default(fallback);

/** GET /genesys/call-records. */
export const ZCallRecordsQuerySchema = z
  .object({ ...rangeFields, page: pageField, limit: limitField(DEFAULT_CALL_PAGE_SIZE, 1000) })
  .superRefine(checkRange);
export type TCallRecordsQuery = z.input<typeof ZCallRecordsQuerySchema>;

/** GET /genesys/users and /genesys/queues. */
export const ZGenesysDirectoryQuerySchema = z.object({ page: pageField, limit: limitField(DEFAULT_DIRECTORY_PAGE_SIZE, 500) });

// ---------------------------------------------------------------- the calls tab (client side)

export type CallDirectionFilter = 'all' | 'inbound' | 'outbound';
export type CallDurationFilter = 'all' | '0-30' | '30-60' | '60-300' | '300+';
export type CallSort = 'startTime' | 'duration' | 'direction';

export const CALL_DURATION_FILTERS: ReadonlyArray<{ value: CallDurationFilter; label: string }> = [
  { value: 'all', label: 'All durations' },
  { value: '0-30', label: '0-30 seconds' },
  { value: '30-60', label: '30-60 seconds' },
  { value: '60-300', label: '1-5 minutes' },
  { value: '300+', label: 'Over 5 minutes' },
];

/**
 * A call record as the API answers it (GET /genesys/call-records) and the calls tab filters it:
 * the stored record (`CallRecordInput` of the Genesys client) with its instants as ISO strings.
 */
export const ZCallRecordSchema = z.object({
  conversationId: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** Whole seconds from start to end, rounded up; 0 while the call has not ended. */
  duration: z.number(),
  direction: z.string().nullable(),
  mediaType: z.string().nullable(),
  userId: z.string().nullable(),
  queueId: z.string().nullable(),
  wrapUpCode: z.string().nullable(),
  recordingId: z.string().nullable(),
});
export type TCallRecord = z.infer<typeof ZCallRecordSchema>;
/** Anything shaped like a call record (the calls tab's rows carry more). */
export type CallRecordLike = TCallRecord;

/** Whether a call's duration (seconds) falls in a filter range (spec 000 §5: 0-30, >30-60, >60-300, >300). */
export function matchesDuration(duration: number, filter: CallDurationFilter): boolean {
  switch (filter) {
    case 'all': return true;
    case '0-30': return duration >= 0 && duration <= 30;
    case '30-60': return duration > 30 && duration <= 60;
    case '60-300': return duration > 60 && duration <= 300;
    case '300+': return duration > 300;
  }
}

/**
 * The calls tab's filters and sort, applied to the loaded records: direction, duration range;
 * sort by startTime (newest first), duration (longest first) or direction (alphabetical).
 */
export function filterAndSortCalls<T extends CallRecordLike>(
  records: readonly T[],
  options: { direction: CallDirectionFilter; duration: CallDurationFilter; sort: CallSort },
): T[] {
  const filtered = records.filter(
    (record) =>
      (options.direction === 'all' || (record.direction ?? '').toLowerCase() === options.direction) &&
      matchesDuration(record.duration, options.duration),
  );
  const byStart = (a: T, b: T) => Date.parse(b.startTime) - Date.parse(a.startTime);
  const compare: Record<CallSort, (a: T, b: T) => number> = {
    startTime: byStart,
    duration: (a, b) => b.duration - a.duration || byStart(a, b),
    direction: (a, b) => (a.direction ?? '').localeCompare(b.direction ?? '') || byStart(a, b),
  };
  return [...filtered].sort(compare[options.sort]);
}

/** The calls summary: filtered calls, total seconds, total minutes (2 places), unique users. */
export function summarizeCalls(records: readonly CallRecordLike[]) {
  const totalSeconds = records.reduce((sum, record) => sum + record.duration, 0);
  return {
    calls: records.length,
    totalSeconds,
    totalMinutes: Math.round((totalSeconds / 60) * 100) / 100,
    uniqueUsers: new Set(records.map((record) => record.userId).filter(Boolean)).size,
  };
}

export const CALL_CSV_COLUMNS = [
  'Conversation ID',
  'Start Time',
  'End Time',
  'Duration (seconds)',
  'Duration (minutes)',
  'Direction',
  'Media Type',
  'User ID',
  'Queue ID',
  'Wrap-up Code',
  'Recording ID',
] as const;

function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV export of spec 000 §9 (header row plus one row per call, CRLF line ends). */
export function callRecordsCsv(records: readonly CallRecordLike[]): string {
  const rows = records.map((record) => [
    record.conversationId,
    record.startTime,
    record.endTime ?? '',
    record.duration,
    (Math.round((record.duration / 60) * 100) / 100).toFixed(2),
    record.direction ?? '',
    record.mediaType ?? '',
    record.userId ?? '',
    record.queueId ?? '',
    record.wrapUpCode ?? '',
    record.recordingId ?? '',
  ]);
  return [[...CALL_CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const callRecordsCsvFileName = (startDate: string, endDate: string): string => `call-records-${startDate}-to-${endDate}.csv`;
