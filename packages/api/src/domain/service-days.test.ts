import { describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone, compareDates } from './calendar';
import { daysInService, proratedMinimum, type ActivityChange } from './service-days';

const october = { start: '2026-10-01', end: '2026-10-31' };
const at = (iso: string, isActive: boolean) => ({ at: new Date(iso), isActive });

describe('days in service', () => {
  it('counts the days from the billing start date', () => {
    expect(daysInService(october, '2026-10-16', [], 'UTC')).toBe(16);
    expect(daysInService(october, '2026-09-01', [], 'UTC')).toBe(31);
  });

  it('leaves out the days the profile was inactive all day; the days it changes count', () => {
    const history = [
      at('2026-01-01T00:00:00Z', true),
      at('2026-10-10T12:00:00Z', false),
      at('2026-10-20T12:00:00Z', true),
    ];
    // Active Oct 1-10 (10 days), inactive 11-19, back on the 20th: 10 + 12.
    expect(daysInService(october, '2026-01-01', history, 'UTC')).toBe(22);
    expect(
      daysInService(
        { start: '2026-11-01', end: '2026-11-30' },
        '2026-01-01',
        [at('2026-10-10T12:00:00Z', false)],
        'UTC',
      ),
    ).toBe(0);
  });

  it('reads the change days in the company timezone', () => {
    // 02:00 UTC on October 11 is still October 10 in Los Angeles.
    expect(daysInService(october, '2026-01-01', [at('2026-10-11T02:00:00Z', false)], 'America/Los_Angeles')).toBe(10);
    expect(daysInService(october, '2026-01-01', [at('2026-10-11T02:00:00Z', false)], 'UTC')).toBe(11);
  });

  it('reads a change made just before the period by the zone: late on the last day before it is before every day', () => {
    // 05:00 UTC on October 1 is 22:00 on September 30 in Los Angeles: inactive all of October there.
    expect(daysInService(october, '2026-01-01', [at('2026-10-01T05:00:00Z', false)], 'America/Los_Angeles')).toBe(0);
    // In UTC it is October 1: that day counts (active at a moment of it).
    expect(daysInService(october, '2026-01-01', [at('2026-10-01T05:00:00Z', false)], 'UTC')).toBe(1);
    // 05:00 UTC on November 1 is still October 31 in Los Angeles: reactivated that day, it counts.
    const away = [at('2026-09-01T00:00:00Z', false), at('2026-11-01T05:00:00Z', true)];
    expect(daysInService(october, '2026-01-01', away, 'America/Los_Angeles')).toBe(1);
    expect(daysInService(october, '2026-01-01', away, 'UTC')).toBe(0);
  });

  it('agrees day by day with the rule read literally, over many histories', () => {
    // The rule as DESIGN.md words it, one day at a time: what the faster count must equal.
    const literal = (
      period: { start: string; end: string },
      billingStart: string,
      activity: ActivityChange[],
      timeZone: string,
    ) => {
      const changes = activity.map((change) => ({
        day: calendarDateInZone(change.at, timeZone),
        isActive: change.isActive,
      }));
      let days = 0;
      for (let day = period.start; compareDates(day, period.end) <= 0; day = addDays(day, 1)) {
        if (compareDates(day, billingStart) < 0) continue;
        const before = changes.filter((change) => compareDates(change.day, day) < 0);
        const activeBefore = before.length === 0 ? true : before[before.length - 1]!.isActive;
        if (activeBefore || changes.some((change) => change.day === day && change.isActive)) days += 1;
      }
      return days;
    };
    let seed = 7;
    const next = (bound: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % bound;
    for (let round = 0; round < 300; round += 1) {
      const timeZone = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Pacific/Auckland'][next(4)]!;
      let instant = Date.parse('2026-09-20T00:00:00Z') + next(20) * 3_600_000;
      const activity = Array.from({ length: next(5) }, () => ({
        at: new Date((instant += next(15 * 24) * 3_600_000 + next(3_600_000))),
        isActive: next(2) === 0,
      }));
      const period = { start: addDays('2026-09-25', next(10)), end: addDays('2026-09-28', next(25)) };
      const billingStart = addDays('2026-09-20', next(30));
      expect(
        daysInService(period, billingStart, activity, timeZone),
        JSON.stringify({ period, billingStart, activity, timeZone }),
      ).toBe(literal(period, billingStart, activity, timeZone));
    }
  });
});

describe('prorated minimum', () => {
  it('is whole minutes, rounded up; the whole minimum in full service', () => {
    expect(proratedMinimum(100, 16, 31)).toBe(52);
    expect(proratedMinimum(31, 16, 31)).toBe(16);
    expect(proratedMinimum(100, 0, 30)).toBe(0);
    expect(proratedMinimum(100, 30, 30)).toBe(100);
  });
});
