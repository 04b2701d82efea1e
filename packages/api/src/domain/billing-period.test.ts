import { describe, expect, it } from 'vitest';
import {
  billingPeriodsBetween,
  currentPeriod,
  latestPeriodEndedBefore,
  periodContaining,
  periodForScheduledRun,
  periodRuleHistoryAfterChange,
  type PeriodRule,
} from './billing-period';

const rule = (billingPeriodStart: number, billingPeriodEnd: number): PeriodRule => ({
  billingPeriodStart,
  billingPeriodEnd,
});

describe('periodContaining', () => {
  it.each([
    // start ≤ end: one month's days.
    [rule(1, 31), '2027-02-10', { start: '2027-02-01', end: '2027-02-28' }],
    [rule(1, 31), '2028-02-29', { start: '2028-02-01', end: '2028-02-29' }],
    [rule(1, 31), '2027-04-30', { start: '2027-04-01', end: '2027-04-30' }],
    [rule(16, 31), '2027-02-20', { start: '2027-02-16', end: '2027-02-28' }],
    [rule(1, 15), '2027-03-15', { start: '2027-03-01', end: '2027-03-15' }],
    // start > end: from day start of one month to day end of the next.
    [rule(15, 14), '2027-02-10', { start: '2027-01-15', end: '2027-02-14' }],
    [rule(15, 14), '2027-02-14', { start: '2027-01-15', end: '2027-02-14' }],
    [rule(15, 14), '2027-02-15', { start: '2027-02-15', end: '2027-03-14' }],
    [rule(15, 14), '2027-12-20', { start: '2027-12-15', end: '2028-01-14' }],
    // 31 and 30 mean the month's last day where the month is shorter.
    [rule(31, 30), '2027-02-01', { start: '2027-01-31', end: '2027-02-28' }],
    [rule(31, 30), '2027-03-01', { start: '2027-02-28', end: '2027-03-30' }],
    [rule(31, 30), '2027-03-31', { start: '2027-03-31', end: '2027-04-30' }],
    [rule(31, 30), '2028-03-01', { start: '2028-02-29', end: '2028-03-30' }],
  ])('%o on %s → %o', (periodRule, date, expected) => {
    expect(periodContaining(periodRule, date)).toEqual(expected);
  });

  it('gives a day shared by two clamped periods to the earlier one, which bills it first', () => {
    // Jan 31..Feb 28 (30 → Feb 28) and Feb 28 (31 → Feb 28)..Mar 30 both hold Feb 28.
    expect(periodContaining(rule(31, 30), '2027-02-28')).toEqual({ start: '2027-01-31', end: '2027-02-28' });
    // Mar 31..Apr 30 and Apr 30 (31 → Apr 30)..May 30 both hold Apr 30.
    expect(periodContaining(rule(31, 30), '2027-04-30')).toEqual({ start: '2027-03-31', end: '2027-04-30' });
  });

  it('is null on days the rule never bills', () => {
    expect(periodContaining(rule(1, 15), '2027-03-20')).toBeNull();
    expect(periodContaining(rule(16, 31), '2027-03-10')).toBeNull();
  });

  it('rejects day numbers outside 1-31', () => {
    expect(() => periodContaining(rule(0, 31), '2027-03-20')).toThrow(RangeError);
    expect(() => periodContaining(rule(1, 32), '2027-03-20')).toThrow(RangeError);
  });
});

describe('currentPeriod', () => {
  it('is the period containing today', () => {
    expect(currentPeriod(rule(1, 31), '2027-03-14')).toEqual({ start: '2027-03-01', end: '2027-03-31' });
    expect(currentPeriod(rule(26, 25), '2027-03-27')).toEqual({ start: '2027-03-26', end: '2027-04-25' });
  });

  it('falls back to the latest period on a day the rule leaves out', () => {
    expect(currentPeriod(rule(1, 15), '2027-03-20')).toEqual({ start: '2027-03-01', end: '2027-03-15' });
    expect(currentPeriod(rule(16, 31), '2027-03-10')).toEqual({ start: '2027-02-16', end: '2027-02-28' });
  });
});

describe('latestPeriodEndedBefore', () => {
  it.each([
    [rule(1, 31), '2027-03-01', { start: '2027-02-01', end: '2027-02-28' }],
    [rule(1, 31), '2027-03-31', { start: '2027-02-01', end: '2027-02-28' }],
    [rule(1, 31), '2027-04-01', { start: '2027-03-01', end: '2027-03-31' }],
    [rule(1, 31), '2028-01-01', { start: '2027-12-01', end: '2027-12-31' }],
    [rule(1, 31), '2028-03-01', { start: '2028-02-01', end: '2028-02-29' }],
    [rule(1, 15), '2027-03-15', { start: '2027-02-01', end: '2027-02-15' }],
    [rule(1, 15), '2027-03-16', { start: '2027-03-01', end: '2027-03-15' }],
    [rule(15, 14), '2027-03-14', { start: '2027-01-15', end: '2027-02-14' }],
    [rule(15, 14), '2027-03-15', { start: '2027-02-15', end: '2027-03-14' }],
    [rule(15, 14), '2027-01-10', { start: '2026-11-15', end: '2026-12-14' }],
    [rule(31, 30), '2027-03-01', { start: '2027-01-31', end: '2027-02-28' }],
    [rule(31, 30), '2027-04-01', { start: '2027-02-28', end: '2027-03-30' }],
    [rule(30, 29), '2027-03-01', { start: '2027-01-30', end: '2027-02-28' }],
    [rule(30, 29), '2027-04-01', { start: '2027-02-28', end: '2027-03-29' }],
  ])('%o before %s → %o', (periodRule, date, expected) => {
    expect(latestPeriodEndedBefore(periodRule, date)).toEqual(expected);
  });
});

describe('periodForScheduledRun', () => {
  it.each([
    // start ≤ end: a run on the 1st bills last month.
    [
      'calendar month, nothing invoiced yet',
      rule(1, 31),
      '2027-03-01',
      null,
      { start: '2027-02-01', end: '2027-02-28' },
    ],
    [
      'calendar month after the previous one',
      rule(1, 31),
      '2027-03-01',
      '2027-01-31',
      { start: '2027-02-01', end: '2027-02-28' },
    ],
    [
      'run on the last day bills the month before',
      rule(1, 31),
      '2027-03-31',
      '2027-01-31',
      { start: '2027-02-01', end: '2027-02-28' },
    ],
    [
      'after a manual run invoiced part of it',
      rule(1, 31),
      '2027-03-01',
      '2027-02-10',
      { start: '2027-02-11', end: '2027-02-28' },
    ],
    ['first half of the month', rule(1, 15), '2027-03-20', '2027-02-15', { start: '2027-03-01', end: '2027-03-15' }],
    // start > end.
    ['15th to 14th', rule(15, 14), '2027-03-15', '2027-02-14', { start: '2027-02-15', end: '2027-03-14' }],
    [
      '31st to 30th: Jan 31..Feb 28',
      rule(31, 30),
      '2027-03-01',
      '2027-01-30',
      { start: '2027-01-31', end: '2027-02-28' },
    ],
    [
      '31st to 30th after February, Feb 28 already invoiced',
      rule(31, 30),
      '2027-04-01',
      '2027-02-28',
      { start: '2027-03-01', end: '2027-03-30' },
    ],
    [
      '31st to 30th after February, nothing invoiced yet',
      rule(31, 30),
      '2027-04-01',
      null,
      { start: '2027-02-28', end: '2027-03-30' },
    ],
    [
      '31st to 30th in a leap year',
      rule(31, 30),
      '2028-03-01',
      '2028-01-30',
      { start: '2028-01-31', end: '2028-02-29' },
    ],
    [
      '31st to 30th after a leap February',
      rule(31, 30),
      '2028-04-01',
      '2028-02-29',
      { start: '2028-03-01', end: '2028-03-30' },
    ],
  ])('%s', (_case, periodRule, runDate, lastInvoicedDay, expected) => {
    expect(periodForScheduledRun(periodRule, runDate, lastInvoicedDay)).toEqual(expected);
  });

  it('is null when every day of the period is already invoiced', () => {
    expect(periodForScheduledRun(rule(1, 31), '2027-03-01', '2027-02-28')).toBeNull();
    expect(periodForScheduledRun(rule(1, 31), '2027-03-01', '2027-03-05')).toBeNull();
  });
});

describe('a period rule changed after billing (DESIGN.md §4: it takes effect after the last billed period)', () => {
  // 8th–7th until the period 01/08–02/07 was billed, then calendar months.
  const changed: PeriodRule = {
    ...rule(1, 31),
    periodRuleHistory: periodRuleHistoryAfterChange(rule(8, 7), '2025-02-07'),
  };

  it('keeps the old rule up to the end of the last billed period, the new one after it', () => {
    expect(changed.periodRuleHistory).toEqual([{ billingPeriodStart: 8, billingPeriodEnd: 7, until: '2025-02-08' }]);
    expect(periodContaining(changed, '2025-01-02')).toEqual({ start: '2024-12-08', end: '2025-01-07' });
    // The first period of the new rule starts where the old rule's last one ended.
    expect(periodContaining(changed, '2025-02-10')).toEqual({ start: '2025-02-08', end: '2025-02-28' });
    expect(periodContaining(changed, '2025-03-10')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
  });

  it("draws the unbilled days before the change in the old rule's periods, and not pieces of the new", () => {
    expect(billingPeriodsBetween(changed, '2024-12-27', '2024-12-27', '2025-03-31', [])).toEqual([
      { start: '2024-12-27', end: '2025-01-07', recorded: false },
      { start: '2025-01-08', end: '2025-02-07', recorded: false },
      { start: '2025-02-08', end: '2025-02-28', recorded: false },
      { start: '2025-03-01', end: '2025-03-31', recorded: false },
    ]);
  });

  it("never billed: the new rule covers every day; a second change keeps the first one's days", () => {
    expect(periodRuleHistoryAfterChange(rule(8, 7), null)).toEqual([]);
    // Calendar months until March was billed, then the 16th–15th.
    const twice = periodRuleHistoryAfterChange(changed, '2025-03-31');
    expect(twice).toEqual([
      { billingPeriodStart: 8, billingPeriodEnd: 7, until: '2025-02-08' },
      { billingPeriodStart: 1, billingPeriodEnd: 31, until: '2025-04-01' },
    ]);
    const third: PeriodRule = { ...rule(16, 15), periodRuleHistory: twice };
    expect(periodContaining(third, '2025-01-20')).toEqual({ start: '2025-01-08', end: '2025-02-07' });
    expect(periodContaining(third, '2025-03-20')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(periodContaining(third, '2025-04-03')).toEqual({ start: '2025-04-01', end: '2025-04-15' });
    // A change whose last billed period is before a later rule's start drops that rule's days.
    expect(periodRuleHistoryAfterChange(third, '2025-02-07')).toEqual([
      { billingPeriodStart: 8, billingPeriodEnd: 7, until: '2025-02-08' },
    ]);
  });
});
