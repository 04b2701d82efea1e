import { describe, expect, it } from 'vitest';
import {
  callRecordsCsvFileName,
  ZCallAnalyticsRequestSchema,
  ZCallDateRangeSchema,
  ZCallRecordsExportRequestSchema,
  ZCallRecordsRequestSchema,
} from './genesys';

describe('date range validation', () => {
  it('accepts a real range up to 366 days and names what is wrong otherwise', () => {
    expect(ZCallDateRangeSchema.safeParse({ startDate: '2026-01-01', endDate: '2027-01-01' }).success).toBe(true);
    const message = (input: unknown) => ZCallDateRangeSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ startDate: '2026-01-01', endDate: '2027-01-02' })).toBe('Date range cannot exceed 366 days');
    expect(message({ startDate: '2026-02-02', endDate: '2026-02-01' })).toBe(
      'End date must be on or after the start date',
    );
    expect(message({ startDate: '2026-02-30', endDate: '2026-03-01' })).toBe(
      'Start date must be a date in YYYY-MM-DD format',
    );
    expect(message({ startDate: '', endDate: '2026-03-01' })).toBe('Start date is required');
    expect(ZCallRecordsRequestSchema.parse({ startDate: '2026-11-01', endDate: '2026-11-02' })).toMatchObject({
      page: 1,
      limit: 25,
      direction: 'all',
      duration: 'all',
      sort: 'startTime',
    });
    expect(callRecordsCsvFileName('2026-11-01', '2026-11-25')).toBe('call-records-2026-11-01-to-2026-11-25.csv');
  });
});

describe('media type, direction and export columns', () => {
  const range = { startDate: '2026-11-01', endDate: '2026-11-02' };
  const message = (
    schema: typeof ZCallAnalyticsRequestSchema | typeof ZCallRecordsExportRequestSchema,
    input: unknown,
  ) => schema.safeParse(input).error?.issues[0]?.message;

  it("defaults to every interaction and the specification's columns, as the screen did before", () => {
    expect(ZCallRecordsRequestSchema.parse(range)).toMatchObject({ mediaType: 'all', direction: 'all' });
    expect(ZCallAnalyticsRequestSchema.parse(range)).toEqual({ ...range, mediaType: 'all', direction: 'all' });
    expect(ZCallRecordsExportRequestSchema.parse(range)).toMatchObject({
      mediaType: 'all',
      direction: 'all',
      columns: 'standard',
    });
  });

  it('takes every media type Genesys reports, and refuses others with the list', () => {
    for (const mediaType of ['voice', 'callback', 'chat', 'email', 'message', 'cobrowse', 'video']) {
      expect(ZCallAnalyticsRequestSchema.parse({ ...range, mediaType }).mediaType).toBe(mediaType);
    }
    expect(message(ZCallAnalyticsRequestSchema, { ...range, mediaType: 'Voice' })).toMatch(
      /^Media type must be all or one of voice, callback, chat, email, message/,
    );
    expect(message(ZCallAnalyticsRequestSchema, { ...range, direction: 'both' })).toBe(
      'Direction must be all, inbound or outbound',
    );
    expect(message(ZCallRecordsExportRequestSchema, { ...range, columns: 'metrics' })).toBe(
      'Columns must be standard or with-metrics',
    );
  });

  it('names the file "with metrics" when the metrics are in it', () => {
    expect(callRecordsCsvFileName('2026-11-01', '2026-11-25', 'with-metrics')).toBe(
      'call-records-with-metrics-2026-11-01-to-2026-11-25.csv',
    );
    expect(callRecordsCsvFileName('2026-11-01', '2026-11-25', 'standard')).toBe(
      'call-records-2026-11-01-to-2026-11-25.csv',
    );
  });
});
