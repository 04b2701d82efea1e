import { describe, expect, it } from 'vitest';
import { billedThroughText, lateCallsSentence, periodLabel } from './billing-coverage-text';

describe('billing coverage in words', () => {
  it('names a period with the dates as the app shows them', () => {
    expect(periodLabel({ start: '2026-10-01', end: '2026-10-31' })).toBe('10/01/2026 – 10/31/2026');
    expect(periodLabel({ start: '2026-12-15', end: '2027-01-14' })).toBe('12/15/2026 – 01/14/2027');
  });

  it('says how many late calls and minutes wait for the next invoice, with the noun agreeing', () => {
    expect(lateCallsSentence({ count: 3, minutes: 7.5 })).toBe(
      '3 late calls (7.5 min) will be billed on the next invoice',
    );
    expect(lateCallsSentence({ count: 1, minutes: 2 })).toBe('1 late call (2 min) will be billed on the next invoice');
    expect(lateCallsSentence({ count: 1200, minutes: 2345.6789 })).toBe(
      '1,200 late calls (2,345.68 min) will be billed on the next invoice',
    );
    expect(lateCallsSentence({ count: 0, minutes: 0 })).toBeNull();
  });

  it('gives the last day billed in full, or says there is none', () => {
    expect(billedThroughText('2026-09-30')).toBe('09/30/2026');
    expect(billedThroughText(null)).toBe('No period billed in full yet');
  });
});
