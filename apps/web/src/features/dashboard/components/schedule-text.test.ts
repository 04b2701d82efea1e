import { describe, expect, it } from 'vitest';
import { describeBillDay, describePeriod, formatDuration, formatMinutes, formatMoney, formatRate } from './format';

describe('dashboard formatting', () => {
  it('formats money from decimal text in the company currency', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('12.95', 'EUR')).toBe('€12.95');
  });

  it('keeps a rate\'s significant places', () => {
    expect(formatRate('0.0500')).toBe('$0.05');
    expect(formatRate('0.0125')).toBe('$0.0125');
    expect(formatRate('1.0000')).toBe('$1.00');
  });

  it('formats minutes and token lifetimes', () => {
    expect(formatMinutes(118.52)).toBe('118.52 min');
    expect(formatMinutes(1234)).toBe('1,234 min');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('Expired');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(3000)).toBe('50 min');
    expect(formatDuration(7260)).toBe('2 h 1 min');
    expect(formatDuration(90_000)).toBe('1 d 1 h');
  });

  it('describes schedules and periods', () => {
    expect(describeBillDay({ billDate: 1, billTime: '02:00' })).toBe('Monthly on the 1st at 02:00');
    expect(describeBillDay({ billDate: 22, billTime: '06:30' })).toBe('Monthly on the 22nd at 06:30');
    expect(describeBillDay({ billDate: 13, billTime: '00:00' })).toBe('Monthly on the 13th at 00:00');
    expect(describePeriod({ billingPeriodStart: 1, billingPeriodEnd: 31 })).toBe('Days 1–31 of the month');
    expect(describePeriod({ billingPeriodStart: 16, billingPeriodEnd: 15 })).toBe('Day 16 to day 15 of the next month');
  });
});
