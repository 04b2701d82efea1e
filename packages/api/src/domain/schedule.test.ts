import { describe, expect, it } from 'vitest';
import { describeSchedule, nextRunAfter } from './schedule';

const LOS_ANGELES = 'America/Los_Angeles';

function runsAfter(schedule: { billDate: number; billTime: string }, start: string, count: number, zone = LOS_ANGELES) {
  const runs: string[] = [];
  let after = new Date(start);
  for (let index = 0; index < count; index += 1) {
    after = nextRunAfter(schedule, after, zone);
    runs.push(after.toISOString());
  }
  return runs;
}

describe('nextRunAfter in America/Los_Angeles', () => {
  it('runs bill day 31 on each month’s last day: Jan 31, Feb 28, Mar 31', () => {
    expect(runsAfter({ billDate: 31, billTime: '02:00' }, '2027-01-15T00:00:00Z', 3)).toEqual([
      '2027-01-31T10:00:00.000Z', // 02:00 PST
      '2027-02-28T10:00:00.000Z', // 02:00 PST
      '2027-03-31T09:00:00.000Z', // 02:00 PDT
    ]);
  });

  it('runs bill day 29 on Feb 29 in a leap year and Feb 28 otherwise', () => {
    expect(runsAfter({ billDate: 29, billTime: '02:00' }, '2028-02-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T10:00:00.000Z',
      '2028-03-29T09:00:00.000Z',
    ]);
    expect(runsAfter({ billDate: 29, billTime: '02:00' }, '2027-02-01T00:00:00Z', 1)).toEqual([
      '2027-02-28T10:00:00.000Z',
    ]);
  });

  it('runs a bill time in the spring-forward gap at the first minute after it', () => {
    // 2027-03-14 02:30 does not exist: 03:00 PDT.
    expect(runsAfter({ billDate: 14, billTime: '02:30' }, '2027-03-01T00:00:00Z', 2)).toEqual([
      '2027-03-14T10:00:00.000Z',
      '2027-04-14T09:30:00.000Z',
    ]);
  });

  it('runs a bill time in the fall-back hour once, at its first occurrence', () => {
    // 2027-11-07 01:30 happens at 08:30Z (PDT) and again at 09:30Z (PST): only the first counts.
    expect(runsAfter({ billDate: 7, billTime: '01:30' }, '2027-11-01T00:00:00Z', 2)).toEqual([
      '2027-11-07T08:30:00.000Z',
      '2027-12-07T09:30:00.000Z',
    ]);
  });

  it('is strictly after the given instant', () => {
    const schedule = { billDate: 1, billTime: '02:00' };
    expect(nextRunAfter(schedule, new Date('2027-01-01T09:59:59Z'), LOS_ANGELES).toISOString()).toBe(
      '2027-01-01T10:00:00.000Z',
    );
    expect(nextRunAfter(schedule, new Date('2027-01-01T10:00:00Z'), LOS_ANGELES).toISOString()).toBe(
      '2027-02-01T10:00:00.000Z',
    );
  });

  it('reads the month in the company timezone, not in UTC', () => {
    // 2027-02-01T05:00Z is still Jan 31, 21:00 in Los Angeles: January's 23:00 run is yet to come.
    expect(
      nextRunAfter({ billDate: 31, billTime: '23:00' }, new Date('2027-02-01T05:00:00Z'), LOS_ANGELES).toISOString(),
    ).toBe('2027-02-01T07:00:00.000Z');
  });

  it('crosses into the next year', () => {
    expect(
      nextRunAfter({ billDate: 1, billTime: '02:00' }, new Date('2027-12-15T00:00:00Z'), LOS_ANGELES).toISOString(),
    ).toBe('2028-01-01T10:00:00.000Z');
  });
});

describe('nextRunAfter in other zones', () => {
  it('uses the zone it is given', () => {
    expect(runsAfter({ billDate: 31, billTime: '02:00' }, '2027-01-15T00:00:00Z', 2, 'UTC')).toEqual([
      '2027-01-31T02:00:00.000Z',
      '2027-02-28T02:00:00.000Z',
    ]);
    expect(runsAfter({ billDate: 15, billTime: '02:00' }, '2027-01-01T00:00:00Z', 1, 'America/New_York')).toEqual([
      '2027-01-15T07:00:00.000Z',
    ]);
  });
});

describe('schedule validation and description', () => {
  it('rejects bill days outside 1-31 and malformed times', () => {
    const after = new Date('2027-01-01T00:00:00Z');
    expect(() => nextRunAfter({ billDate: 0, billTime: '02:00' }, after, LOS_ANGELES)).toThrow(RangeError);
    expect(() => nextRunAfter({ billDate: 32, billTime: '02:00' }, after, LOS_ANGELES)).toThrow(RangeError);
    expect(() => nextRunAfter({ billDate: 1, billTime: '2am' }, after, LOS_ANGELES)).toThrow(RangeError);
  });

  it('describes the schedule, noting clamping for late days', () => {
    expect(describeSchedule({ billDate: 15, billTime: '02:00' })).toBe('Monthly on day 15 at 02:00');
    expect(describeSchedule({ billDate: 31, billTime: '23:30' })).toBe(
      'Monthly on day 31 (the last day in shorter months) at 23:30',
    );
  });
});
