// The oracle's calendar, checked against days and instants worked out by hand from the tz database.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  firstDayNamedIn,
  instantOf,
  labelOf,
  nextBillInstant,
  rulePeriodHolding,
  startOfDay,
} from './calendar';

const LA = 'America/Los_Angeles';
const at = (iso: string) => Date.parse(iso);

describe('oracle calendar', () => {
  it('names the day an instant falls on in a zone', () => {
    expect(dayIn(at('2025-03-01T07:59:59Z'), LA)).toBe('2025-02-28'); // 23:59:59 PST
    expect(dayIn(at('2025-03-01T08:00:00Z'), LA)).toBe('2025-03-01');
    expect(dayIn(at('2025-10-01T04:30:00Z'), 'America/New_York')).toBe('2025-10-01'); // 00:30 EDT
    expect(dayIn(at('2025-10-01T04:30:00Z'), LA)).toBe('2025-09-30'); // 21:30 PDT
  });

  it('finds where a day begins, across daylight-saving changes', () => {
    expect(new Date(startOfDay('2025-03-09', LA)).toISOString()).toBe('2025-03-09T08:00:00.000Z'); // PST until 02:00
    expect(new Date(startOfDay('2025-03-10', LA)).toISOString()).toBe('2025-03-10T07:00:00.000Z'); // PDT
    const auckland = (day: string) => new Date(startOfDay(day, 'Pacific/Auckland')).toISOString();
    expect(auckland('2025-04-06')).toBe('2025-04-05T11:00:00.000Z'); // NZDT, +13
    expect(auckland('2025-04-07')).toBe('2025-04-06T12:00:00.000Z'); // NZST, +12
  });

  it('runs a skipped wall time at the first minute after the gap, a repeated one at its first occurrence', () => {
    expect(new Date(instantOf('2027-03-14', '02:30', LA)).toISOString()).toBe('2027-03-14T10:00:00.000Z'); // 03:00 PDT
    expect(new Date(instantOf('2025-11-02', '01:30', LA)).toISOString()).toBe('2025-11-02T08:30:00.000Z'); // 01:30 PDT
    expect(new Date(instantOf('2025-06-15', '02:00', LA)).toISOString()).toBe('2025-06-15T09:00:00.000Z');
  });

  it('holds every day in exactly one period of a rule, clamping day numbers to the month', () => {
    expect(rulePeriodHolding({ start: 1, end: 31 }, '2025-02-14')).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(rulePeriodHolding({ start: 16, end: 15 }, '2025-03-10')).toEqual({ start: '2025-02-16', end: '2025-03-15' });
    expect(rulePeriodHolding({ start: 16, end: 15 }, '2025-03-16')).toEqual({ start: '2025-03-16', end: '2025-04-15' });
    expect(rulePeriodHolding({ start: 1, end: 15 }, '2025-03-20')).toBeNull(); // a rule that leaves days out
    for (let day = '2025-01-01'; day <= '2025-12-31'; day = addDays(day, 1)) {
      const period = rulePeriodHolding({ start: 8, end: 7 }, day)!;
      expect(period.start <= day && day <= period.end).toBe(true);
    }
  });

  it('bills on the bill day clamped to the month, at the bill time in the zone', () => {
    const schedule = { billDate: 31, billTime: '02:00' };
    expect(new Date(nextBillInstant(schedule, at('2027-02-01T00:00:00Z'), LA)).toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    // Just after a run, the next is a month later.
    expect(
      new Date(nextBillInstant({ billDate: 1, billTime: '02:00' }, at('2025-04-01T09:00:00Z'), LA)).toISOString(),
    ).toBe('2025-05-01T09:00:00.000Z');
  });

  it('reads and writes the days invoice lines name', () => {
    expect(labelOf({ start: '2025-03-01', end: '2025-03-31' })).toBe('03/01/2025–03/31/2025');
    expect(labelOf({ start: '2025-03-05', end: '2025-03-05' })).toBe('03/05/2025');
    expect(firstDayNamedIn('Late usage, 03/01/2025–03/31/2025')).toBe('2025-03-01');
    expect(firstDayNamedIn('Minimum commitment, prorated 16 of 31 days, 03/16/2025–03/31/2025')).toBe('2025-03-16');
    expect(firstDayNamedIn('Phone usage')).toBeNull();
  });
});
