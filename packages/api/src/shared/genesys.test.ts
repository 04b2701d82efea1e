import { describe, expect, it } from 'vitest';
import { callRecordsCsvFileName, ZCallDateRangeSchema, ZCallRecordsQuerySchema } from './genesys';

describe('date range validation', () => {
  it('accepts a real range up to 366 days and names what is wrong otherwise', () => {
    expect(ZCallDateRangeSchema.safeParse({ startDate: '2026-01-01', endDate: '2027-01-01' }).success).toBe(true);
    const message = (input: unknown) => ZCallDateRangeSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ startDate: '2026-01-01', endDate: '2027-01-02' })).toBe('Date range cannot exceed 366 days');
    expect(message({ startDate: '2026-02-02', endDate: '2026-02-01' })).toBe('End date must be on or after the start date');
    expect(message({ startDate: '2026-02-30', endDate: '2026-03-01' })).toBe('Start date must be a date in YYYY-MM-DD format');
    expect(message({ startDate: '', endDate: '2026-03-01' })).toBe('Start date is required');
    expect(ZCallRecordsQuerySchema.parse({ startDate: '2026-11-01', endDate: '2026-11-02' })).toMatchObject({ page: 1, limit: 25, direction: 'all', duration: 'all', sort: 'startTime' });
    expect(callRecordsCsvFileName('2026-11-01', '2026-11-25')).toBe('call-records-2026-11-01-to-2026-11-25.csv');
  });
});
