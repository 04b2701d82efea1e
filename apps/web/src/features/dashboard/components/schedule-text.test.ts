import { describe, expect, it } from 'vitest';
import { describeBillDay, describePeriod } from './schedule-text';

describe('schedule descriptions', () => {
  it('describes schedules and periods', () => {
    expect(describeBillDay({ billDate: 1, billTime: '02:00' })).toBe('Monthly on the 1st at 02:00');
    expect(describeBillDay({ billDate: 22, billTime: '06:30' })).toBe('Monthly on the 22nd at 06:30');
    expect(describeBillDay({ billDate: 13, billTime: '00:00' })).toBe('Monthly on the 13th at 00:00');
    expect(describePeriod({ billingPeriodStart: 1, billingPeriodEnd: 31 })).toBe('Days 1–31 of the month');
    expect(describePeriod({ billingPeriodStart: 16, billingPeriodEnd: 15 })).toBe('Day 16 to day 15 of the next month');
  });
});
