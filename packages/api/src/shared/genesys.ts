/**
 * Genesys Cloud screen and REST inputs shared by the web app and the server (spec 000 §2, §5, §9;
 * spec/API.md). Browser-safe: zod only.
 */
import { z } from 'zod';
import { DATE_FIELD_META, DATE_PATTERN, isRealCalendarDate } from './calendar-date';

/** The longest range the call-record and analytics endpoints accept, in days (inclusive). */
export const MAX_CALL_RANGE_DAYS = 366;
export const CALL_PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_CALL_PAGE_SIZE = 25;
export const DEFAULT_DIRECTORY_PAGE_SIZE = 20;

/** Milliseconds at UTC midnight of a real 'YYYY-MM-DD' date, else null (2026-02-30 is not one). */
function utcMidnight(value: string): number | null {
  if (!DATE_PATTERN.test(value) || !isRealCalendarDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
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
    .regex(DATE_PATTERN, `${label} must be a date in YYYY-MM-DD format`)
    // One message for both: a malformed date is not reported twice.
    .refine((value) => !DATE_PATTERN.test(value) || isRealCalendarDate(value), {
      message: `${label} must be a date in YYYY-MM-DD format`,
    })
    .meta(DATE_FIELD_META);

const rangeFields = {
  startDate: calendarDate('Start date'),
  endDate: calendarDate('End date'),
};

function checkRange(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (utcMidnight(value.startDate) === null || utcMidnight(value.endDate) === null) return;
  const days = inclusiveDayCount(value.startDate, value.endDate);
  if (days < 1)
    ctx.addIssue({ code: 'custom', message: 'End date must be on or after the start date', path: ['endDate'] });
  else if (days > MAX_CALL_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      message: `Date range cannot exceed ${MAX_CALL_RANGE_DAYS} days`,
      path: ['endDate'],
    });
  }
}

/** Start and end dates of the Genesys screen's date range (and of GET /genesys/analytics). */
export const ZCallDateRangeSchema = z.object(rangeFields).superRefine(checkRange);
export type TCallDateRange = z.infer<typeof ZCallDateRangeSchema>;

const pageField = z
  .number()
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(1_000_000)
  .default(1);
const limitField = (fallback: number, max: number) =>
  z
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit cannot exceed ${max}`)
    .default(fallback);

// ------------------------------------------------------------------ the calls tab's filters

/** Every media type the Genesys details query reports (reference/external-apis.md A4); all are kept. */
export const GENESYS_MEDIA_TYPES = [
  'voice',
  'callback',
  'chat',
  'email',
  'message',
  'cobrowse',
  'internalmessage',
  'screenmonitoring',
  'screenshare',
  'unknown',
  'video',
] as const;
export const CALL_MEDIA_TYPE_FILTERS = ['all', ...GENESYS_MEDIA_TYPES] as const;
export type CallMediaTypeFilter = (typeof CALL_MEDIA_TYPE_FILTERS)[number];
/** The media types the screen offers (contact centres' channels); REST takes any of GENESYS_MEDIA_TYPES. */
export const CALL_MEDIA_TYPE_OPTIONS: ReadonlyArray<{ value: CallMediaTypeFilter; label: string }> = [
  { value: 'all', label: 'All media types' },
  { value: 'voice', label: 'Voice' },
  { value: 'callback', label: 'Callback' },
  { value: 'chat', label: 'Chat' },
  { value: 'email', label: 'E-mail' },
  { value: 'message', label: 'Message' },
];
/** Billed calls are voice calls (migration 20261126_billing_claims): the screen counts them beside each total. */
export const VOICE_MEDIA_TYPE = 'voice';

export const CALL_DIRECTION_FILTERS = ['all', 'inbound', 'outbound'] as const;
export type CallDirectionFilter = (typeof CALL_DIRECTION_FILTERS)[number];
export const CALL_DURATION_FILTER_VALUES = ['all', '0-30', '30-60', '60-300', '300+'] as const;
export type CallDurationFilter = (typeof CALL_DURATION_FILTER_VALUES)[number];
export const CALL_SORTS = ['startTime', 'duration', 'direction'] as const;
export type CallSort = (typeof CALL_SORTS)[number];

export const CALL_DURATION_FILTERS: ReadonlyArray<{ value: CallDurationFilter; label: string }> = [
  { value: 'all', label: 'All durations' },
  { value: '0-30', label: '0-30 seconds' },
  { value: '30-60', label: '30-60 seconds' },
  { value: '60-300', label: '1-5 minutes' },
  { value: '300+', label: 'Over 5 minutes' },
];

/**
 * A call record as the API answers it (GET /genesys/call-records): the stored record
 * (`CallRecordInput` of the Genesys client) with its instants as ISO strings, and the names of
 * its user and queue beside their ids.
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
  /** Genesys tTalk, tHeld, tAcw and tHandle in whole seconds; null for calls stored before they were kept. */
  talkSeconds: z.number().nullable(),
  holdSeconds: z.number().nullable(),
  acwSeconds: z.number().nullable(),
  handleSeconds: z.number().nullable(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
});
export type TCallRecord = z.infer<typeof ZCallRecordSchema>;

/**
 * The calls tab's summary of every call of the range that matches the filters; `voiceCalls` is
 * how many of them are voice calls, the only kind billed, so a clerk can match it to invoices.
 */
export const ZCallSummarySchema = z.object({
  calls: z.number(),
  voiceCalls: z.number(),
  totalSeconds: z.number(),
  totalMinutes: z.number(),
  uniqueUsers: z.number(),
});

/**
 * The calls tab's filters and sort (spec 000 §5), applied by the server over the whole range:
 * direction; duration 0-30 s, over 30 to 60 s, over 60 to 300 s, over 300 s; sort by start time
 * (newest first), duration (longest first) or direction (A-Z).
 */
const interactionFilterFields = {
  mediaType: z
    .enum(CALL_MEDIA_TYPE_FILTERS, { error: `Media type must be all or one of ${GENESYS_MEDIA_TYPES.join(', ')}` })
    .default('all')
    .describe('Only interactions of this Genesys media type (default all)'),
  direction: z
    .enum(CALL_DIRECTION_FILTERS, { error: 'Direction must be all, inbound or outbound' })
    .default('all')
    .describe('Only inbound or only outbound interactions (default all)'),
};
const callFilterFields = {
  ...interactionFilterFields,
  duration: z
    .enum(CALL_DURATION_FILTER_VALUES, { error: 'Duration must be all, 0-30, 30-60, 60-300 or 300+' })
    .default('all'),
  sort: z.enum(CALL_SORTS, { error: 'Sort must be startTime, duration or direction' }).default('startTime'),
};

/** GET /genesys/call-records. */
export const ZCallRecordsRequestSchema = z
  .object({ ...rangeFields, ...callFilterFields, page: pageField, limit: limitField(DEFAULT_CALL_PAGE_SIZE, 1000) })
  .superRefine(checkRange);
export type TCallRecordsQuery = z.input<typeof ZCallRecordsRequestSchema>;

export const CALL_EXPORT_COLUMNS = ['standard', 'with-metrics'] as const;
export type CallExportColumns = (typeof CALL_EXPORT_COLUMNS)[number];

/** GET /genesys/call-records/export: every matching call of the range as CSV. */
export const ZCallRecordsExportRequestSchema = z
  .object({
    ...rangeFields,
    ...callFilterFields,
    columns: z
      .enum(CALL_EXPORT_COLUMNS, { error: 'Columns must be standard or with-metrics' })
      .default('standard')
      .describe(
        "standard: the specification's columns; with-metrics: also talk, hold, after-call-work and handle seconds",
      ),
  })
  .superRefine(checkRange);
export type TCallRecordsExport = z.input<typeof ZCallRecordsExportRequestSchema>;

/** GET /genesys/analytics: a range's figures over the interactions that match the filters. */
export const ZCallAnalyticsRequestSchema = z
  .object({ ...rangeFields, ...interactionFilterFields })
  .superRefine(checkRange);
export type TCallAnalyticsQuery = z.input<typeof ZCallAnalyticsRequestSchema>;

/** GET /genesys/users and /genesys/queues. */
export const ZGenesysDirectoryRequestSchema = z.object({
  page: pageField,
  limit: limitField(DEFAULT_DIRECTORY_PAGE_SIZE, 500),
});

export const callRecordsCsvFileName = (
  startDate: string,
  endDate: string,
  columns: CallExportColumns = 'standard',
): string => `call-records-${columns === 'with-metrics' ? 'with-metrics-' : ''}${startDate}-to-${endDate}.csv`;
