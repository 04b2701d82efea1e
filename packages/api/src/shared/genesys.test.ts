import { describe, expect, it } from 'vitest';
import {
  callRecordsCsv,
  callRecordsCsvFileName,
  filterAndSortCalls,
  matchesDuration,
  summarizeCalls,
  ZCallDateRangeSchema,
  ZCallRecordsQuerySchema,
  type CallRecordLike,
} from './genesys';

const call = (id: string, startTime: string, duration: number, direction: string | null, userId: string | null = null): CallRecordLike => ({
  conversationId: id,
  startTime,
  endTime: null,
  duration,
  direction,
  mediaType: 'voice',
  userId,
  queueId: null,
  wrapUpCode: null,
  recordingId: null,
});

const calls = [
  call('a', '2026-11-01T10:00:00.000Z', 30, 'inbound', 'u1'),
  call('b', '2026-11-01T12:00:00.000Z', 31, 'outbound', 'u2'),
  call('c', '2026-11-01T11:00:00.000Z', 60, 'inbound', 'u1'),
  call('d', '2026-11-01T09:00:00.000Z', 301, 'inbound', null),
  call('e', '2026-11-01T08:00:00.000Z', 300, 'outbound', 'u3'),
];

describe('calls tab rules (spec 000 §5)', () => {
  it('puts durations in the four ranges with inclusive upper bounds', () => {
    expect([0, 30, 31, 60, 61, 300, 301].map((seconds) => ['0-30', '30-60', '60-300', '300+'].find((range) => matchesDuration(seconds, range as never)))).toEqual(
      ['0-30', '0-30', '30-60', '30-60', '60-300', '60-300', '300+'],
    );
  });

  it('filters by direction and duration and sorts newest first, longest first or by direction', () => {
    const ids = (list: CallRecordLike[]) => list.map((record) => record.conversationId);
    expect(ids(filterAndSortCalls(calls, { direction: 'all', duration: 'all', sort: 'startTime' }))).toEqual(['b', 'c', 'a', 'd', 'e']);
    expect(ids(filterAndSortCalls(calls, { direction: 'inbound', duration: 'all', sort: 'startTime' }))).toEqual(['c', 'a', 'd']);
    expect(ids(filterAndSortCalls(calls, { direction: 'all', duration: '30-60', sort: 'duration' }))).toEqual(['c', 'b']);
    expect(ids(filterAndSortCalls(calls, { direction: 'all', duration: 'all', sort: 'duration' }))).toEqual(['d', 'e', 'c', 'b', 'a']);
    expect(ids(filterAndSortCalls(calls, { direction: 'all', duration: 'all', sort: 'direction' }))).toEqual(['c', 'a', 'd', 'b', 'e']);
  });

  it('summarises filtered calls: count, seconds, minutes and unique users', () => {
    expect(summarizeCalls(calls)).toEqual({ calls: 5, totalSeconds: 722, totalMinutes: 12.03, uniqueUsers: 3 });
  });
});

describe('CSV export (spec 000 §9)', () => {
  it('has the exact columns, one row per call, and quotes what needs quoting', () => {
    const text = callRecordsCsv([{ ...calls[0]!, wrapUpCode: 'Sale, "big"' }, calls[3]!]);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Conversation ID,Start Time,End Time,Duration (seconds),Duration (minutes),Direction,Media Type,User ID,Queue ID,Wrap-up Code,Recording ID');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('a,2026-11-01T10:00:00.000Z,,30,0.50,inbound,voice,u1,,"Sale, ""big""",');
    expect(lines[2]).toBe('d,2026-11-01T09:00:00.000Z,,301,5.02,inbound,voice,,,,');
    expect(callRecordsCsvFileName('2026-11-01', '2026-11-25')).toBe('call-records-2026-11-01-to-2026-11-25.csv');
  });
});

describe('date range validation', () => {
  it('accepts a real range up to 366 days and names what is wrong otherwise', () => {
    expect(ZCallDateRangeSchema.safeParse({ startDate: '2026-01-01', endDate: '2027-01-01' }).success).toBe(true);
    const message = (input: unknown) => ZCallDateRangeSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ startDate: '2026-01-01', endDate: '2027-01-02' })).toBe('Date range cannot exceed 366 days');
    expect(message({ startDate: '2026-02-02', endDate: '2026-02-01' })).toBe('End date must be on or after the start date');
    expect(message({ startDate: '2026-02-30', endDate: '2026-03-01' })).toBe('Start date must be a date in YYYY-MM-DD format');
    expect(message({ startDate: '', endDate: '2026-03-01' })).toBe('Start date is required');
    expect(ZCallRecordsQuerySchema.parse({ startDate: '2026-11-01', endDate: '2026-11-02' })).toMatchObject({ page: 1, limit: 25 });
  });
});
