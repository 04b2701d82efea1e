import { describe, expect, it } from 'vitest';
import {
  formatCallLength,
  formatDuration,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatRate,
  plural,
} from './format';

describe('number formatting', () => {
  it('groups thousands and keeps at most the asked decimals', () => {
    expect(formatNumber(10000)).toBe('10,000');
    expect(formatNumber('3314.0000')).toBe('3,314');
    expect(formatNumber(2.345, 2)).toBe('2.35');
  });

  it('shows minutes with at most two decimals and grouping', () => {
    expect(formatMinutes(118.52)).toBe('118.52 min');
    expect(formatMinutes('3314.0000')).toBe('3,314 min');
    expect(formatMinutes(10000)).toBe('10,000 min');
    expect(formatMinutes('8.3333')).toBe('8.33 min');
  });

  it('formats money from decimal text in the company currency', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('12.95', 'EUR')).toBe('€12.95');
  });

  it("keeps a rate's significant places", () => {
    expect(formatRate('0.0500')).toBe('$0.05');
    expect(formatRate('0.0125')).toBe('$0.0125');
    expect(formatRate('1.0000')).toBe('$1.00');
  });

  it('agrees the noun with the count', () => {
    expect(plural(1, 'customer')).toBe('1 customer');
    expect(plural(0, 'customer')).toBe('0 customers');
    expect(plural(1200, 'call')).toBe('1,200 calls');
    expect(plural(2, 'queue is', 'queues are')).toBe('2 queues are');
  });

  it('formats token lifetimes and call lengths', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('Expired');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(3000)).toBe('50 min');
    expect(formatDuration(7260)).toBe('2 h 1 min');
    expect(formatDuration(90_000)).toBe('1 d 1 h');
    expect(formatCallLength(90)).toBe('1m 30s');
    expect(formatCallLength(45)).toBe('45s');
  });
});
