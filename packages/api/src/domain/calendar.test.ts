import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateInZone,
  clampedDayOfMonth,
  compareDates,
  dayRangeToInstants,
  daysInMonth,
  daysInRange,
  isValidTimeZone,
  parseCalendarDate,
  startOfDayInZone,
  wallClockTimeInZone,
  zonedDateTimeToInstant,
} from './calendar';

const LOS_ANGELES = 'America/Los_Angeles';

describe('daysInMonth', () => {
  it.each([
    [2027, 1, 31],
    [2027, 2, 28],
    [2028, 2, 29],
    [1900, 2, 28],
    [2000, 2, 29],
    [2027, 4, 30],
    [2027, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('rejects month numbers outside 1-12', () => {
    expect(() => daysInMonth(2027, 0)).toThrow(RangeError);
    expect(() => daysInMonth(2027, 13)).toThrow(RangeError);
  });
});

describe('clampedDayOfMonth', () => {
  it.each([
    [2027, 2, 31, '2027-02-28'],
    [2028, 2, 31, '2028-02-29'],
    [2028, 2, 29, '2028-02-29'],
    [2027, 4, 31, '2027-04-30'],
    [2027, 3, 31, '2027-03-31'],
    [2027, 3, 15, '2027-03-15'],
  ])('day number in %i-%i: %i → %s', (year, month, dayNumber, expected) => {
    expect(clampedDayOfMonth(year, month, dayNumber)).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2027-02-28', 1, '2027-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-12-31', 1, '2028-01-01'],
    ['2027-03-01', -1, '2027-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2027-01-01', 365, '2028-01-01'],
    ['2028-01-01', 366, '2029-01-01'],
    ['2027-03-14', 0, '2027-03-14'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('is not thrown off by DST days (pure calendar arithmetic)', () => {
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14');
    expect(addDays('2027-11-07', 1)).toBe('2027-11-08');
  });
});

describe('compareDates and daysInRange', () => {
  it('orders calendar days', () => {
    expect(compareDates('2027-01-31', '2027-02-01')).toBe(-1);
    expect(compareDates('2027-02-01', '2027-02-01')).toBe(0);
    expect(compareDates('2028-01-01', '2027-12-31')).toBe(1);
    expect(['2027-03-01', '2026-12-31', '2027-02-28'].sort(compareDates)).toEqual([
      '2026-12-31',
      '2027-02-28',
      '2027-03-01',
    ]);
  });

  it('counts days inclusively', () => {
    expect(daysInRange('2027-02-01', '2027-02-28')).toBe(28);
    expect(daysInRange('2027-03-14', '2027-03-14')).toBe(1);
    expect(daysInRange('2027-01-31', '2027-03-30')).toBe(59);
  });
});

describe('parseCalendarDate', () => {
  it('splits a valid date', () => {
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it.each(['2027-02-29', '2027-13-01', '2027-00-10', '2027-2-1', '2027-02-01T00:00', ''])('rejects %j', (text) => {
    expect(() => parseCalendarDate(text)).toThrow(RangeError);
  });
});

describe('calendarDateInZone', () => {
  it.each([
    ['2027-01-01T07:59:59Z', LOS_ANGELES, '2026-12-31'],
    ['2027-01-01T08:00:00Z', LOS_ANGELES, '2027-01-01'],
    ['2027-07-01T06:59:59Z', LOS_ANGELES, '2027-06-30'],
    ['2027-07-01T07:00:00Z', LOS_ANGELES, '2027-07-01'],
    ['2027-01-01T15:00:00Z', 'Asia/Tokyo', '2027-01-02'],
    ['2027-01-01T23:59:59Z', 'UTC', '2027-01-01'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(calendarDateInZone(new Date(instant), zone)).toBe(expected);
  });

  it('reads midnight as 00:00', () => {
    expect(wallClockTimeInZone(new Date('2027-01-01T08:00:00Z'), LOS_ANGELES)).toBe('00:00');
  });
});

describe('zonedDateTimeToInstant', () => {
  it.each([
    // Ordinary days: PST is UTC−8, PDT is UTC−7.
    ['2027-01-15', '02:00', LOS_ANGELES, '2027-01-15T10:00:00.000Z'],
    ['2027-07-01', '02:00', LOS_ANGELES, '2027-07-01T09:00:00.000Z'],
    ['2027-01-15', '00:00', LOS_ANGELES, '2027-01-15T08:00:00.000Z'],
    ['2027-01-15', '23:59', LOS_ANGELES, '2027-01-16T07:59:00.000Z'],
    // Spring forward, 2027-03-14: 02:00 PST jumps to 03:00 PDT, so 02:00-02:59 do not exist.
    ['2027-03-14', '01:59', LOS_ANGELES, '2027-03-14T09:59:00.000Z'],
    ['2027-03-14', '02:00', LOS_ANGELES, '2027-03-14T10:00:00.000Z'],
    ['2027-03-14', '02:30', LOS_ANGELES, '2027-03-14T10:00:00.000Z'],
    ['2027-03-14', '02:59', LOS_ANGELES, '2027-03-14T10:00:00.000Z'],
    ['2027-03-14', '03:00', LOS_ANGELES, '2027-03-14T10:00:00.000Z'],
    ['2027-03-14', '03:01', LOS_ANGELES, '2027-03-14T10:01:00.000Z'],
    // Fall back, 2027-11-07: 02:00 PDT returns to 01:00 PST, so 01:00-01:59 happen twice; first wins.
    ['2027-11-07', '00:59', LOS_ANGELES, '2027-11-07T07:59:00.000Z'],
    ['2027-11-07', '01:00', LOS_ANGELES, '2027-11-07T08:00:00.000Z'],
    ['2027-11-07', '01:30', LOS_ANGELES, '2027-11-07T08:30:00.000Z'],
    ['2027-11-07', '01:59', LOS_ANGELES, '2027-11-07T08:59:00.000Z'],
    ['2027-11-07', '02:00', LOS_ANGELES, '2027-11-07T10:00:00.000Z'],
    // Europe: spring forward at 01:00 GMT → 02:00 BST; fall back at 02:00 BST → 01:00 GMT.
    ['2027-03-28', '01:30', 'Europe/London', '2027-03-28T01:00:00.000Z'],
    ['2027-10-31', '01:30', 'Europe/London', '2027-10-31T00:30:00.000Z'],
    // Zones with half-hour offsets and no DST, and UTC itself.
    ['2027-06-01', '12:00', 'Asia/Kolkata', '2027-06-01T06:30:00.000Z'],
    ['2027-06-01', '12:00', 'UTC', '2027-06-01T12:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedDateTimeToInstant(date, time, zone).toISOString()).toBe(expected);
  });

  it('rejects malformed times and dates', () => {
    expect(() => zonedDateTimeToInstant('2027-01-15', '24:00', LOS_ANGELES)).toThrow(RangeError);
    expect(() => zonedDateTimeToInstant('2027-01-15', '2:00', LOS_ANGELES)).toThrow(RangeError);
    expect(() => zonedDateTimeToInstant('2027-02-30', '02:00', LOS_ANGELES)).toThrow(RangeError);
  });

  it('rejects an unknown timezone', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => zonedDateTimeToInstant('2027-01-15', '02:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('startOfDayInZone', () => {
  it.each([
    ['2027-03-14', LOS_ANGELES, '2027-03-14T08:00:00.000Z'],
    ['2027-03-15', LOS_ANGELES, '2027-03-15T07:00:00.000Z'],
    ['2027-11-07', LOS_ANGELES, '2027-11-07T07:00:00.000Z'],
    ['2027-11-08', LOS_ANGELES, '2027-11-08T08:00:00.000Z'],
    // Chile springs forward at midnight (00:00 −04 → 01:00 −03): the day starts at 01:00.
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z'],
  ])('%s in %s starts at %s', (date, zone, expected) => {
    expect(startOfDayInZone(date, zone).toISOString()).toBe(expected);
  });
});

describe('dayRangeToInstants', () => {
  it('turns inclusive days into a half-open instant range', () => {
    const february = dayRangeToInstants('2027-02-01', '2027-02-28', LOS_ANGELES);
    expect(february.from.toISOString()).toBe('2027-02-01T08:00:00.000Z');
    expect(february.toExclusive.toISOString()).toBe('2027-03-01T08:00:00.000Z');
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25', () => {
    const short = dayRangeToInstants('2027-03-14', '2027-03-14', LOS_ANGELES);
    expect(short.from.toISOString()).toBe('2027-03-14T08:00:00.000Z');
    expect(short.toExclusive.toISOString()).toBe('2027-03-15T07:00:00.000Z');
    const long = dayRangeToInstants('2027-11-07', '2027-11-07', LOS_ANGELES);
    expect(long.from.toISOString()).toBe('2027-11-07T07:00:00.000Z');
    expect(long.toExclusive.toISOString()).toBe('2027-11-08T08:00:00.000Z');
  });

  it('makes consecutive ranges meet without gap or overlap', () => {
    const march = dayRangeToInstants('2027-03-01', '2027-03-31', LOS_ANGELES);
    const april = dayRangeToInstants('2027-04-01', '2027-04-30', LOS_ANGELES);
    expect(march.toExclusive.toISOString()).toBe(april.from.toISOString());
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => dayRangeToInstants('2027-02-02', '2027-02-01', LOS_ANGELES)).toThrow(RangeError);
  });
});
