import { describe, expect, it } from 'vitest';
import { billedSecondsForCall } from './billed-seconds';
import { callDurationSeconds, rateUsage, usageMinutes, type InvoiceLine } from './rating';

// Expected values below are worked out by hand in the comments, never by calling production code.

describe('callDurationSeconds', () => {
  it('counts whole seconds, rounding a part second up', () => {
    expect(callDurationSeconds(new Date('2027-03-01T10:00:00.000Z'), new Date('2027-03-01T10:01:01.000Z'))).toBe(61);
    expect(callDurationSeconds(new Date('2027-03-01T10:00:00.000Z'), new Date('2027-03-01T10:01:00.200Z'))).toBe(61);
    expect(callDurationSeconds(new Date('2027-03-01T10:00:00.000Z'), new Date('2027-03-01T10:00:00.000Z'))).toBe(0);
  });
});

describe('billedSecondsForCall', () => {
  it.each([
    // [duration, increment, billed]
    [0, 60, 0],
    [1, 60, 60],
    [60, 60, 60],
    [61, 60, 120],
    [0, 6, 0],
    [5, 6, 6],
    [60, 6, 60],
    [61, 6, 66],
    [0, 1, 0],
    [61, 1, 61],
    [59.2, 1, 60], // a part second counts as a whole one
  ])('%i s at a %i s increment bills %i s', (duration, increment, billed) => {
    expect(billedSecondsForCall(duration, increment)).toBe(billed);
  });

  it('rejects negative durations and increments that are not whole positive seconds', () => {
    expect(() => billedSecondsForCall(-1, 60)).toThrow(RangeError);
    expect(() => billedSecondsForCall(10, 0)).toThrow(RangeError);
    expect(() => billedSecondsForCall(10, 1.5)).toThrow(RangeError);
  });
});

describe('usageMinutes', () => {
  it.each([
    [0, '0.0000'],
    [60, '1.0000'],
    [61, '1.0167'], // 1.01666… rounds up
    [66, '1.1000'],
    [120, '2.0000'],
    [1, '0.0167'], // 0.01666…
    [2, '0.0333'], // 0.03333… rounds down
    [3, '0.0500'],
    [90, '1.5000'],
    [3599, '59.9833'], // 59.98333…
    [7530, '125.5000'],
    [360_000_000, '6000000.0000'],
  ])('%i billed seconds are %s minutes', (seconds, minutes) => {
    expect(usageMinutes(seconds)).toBe(minutes);
  });

  it('rejects seconds that are not whole and non-negative', () => {
    expect(() => usageMinutes(-60)).toThrow(RangeError);
    expect(() => usageMinutes(1.5)).toThrow(RangeError);
  });
});

const line = (
  description: InvoiceLine['description'],
  quantity: string,
  unitPrice: string,
  amount: string,
  taxCode: string | null = null,
): InvoiceLine => ({ description, quantity, unitPrice, amount, taxCode });

describe('rateUsage', () => {
  it.each([
    {
      name: 'M = 0: one Phone usage line, U × r (61 s at 1 s: 1.0167 × 0.045 = 0.0457515 → 0.05)',
      input: { billedSeconds: 61, ratePerMinute: '0.0450', minimumMinutes: 0, overageRatePerMinute: '1' },
      usageMinutes: '1.0167',
      lines: [line('Phone usage', '1.0167', '0.0450', '0.05')],
      total: '0.05',
    },
    {
      name: 'M = 0, whole minutes: 120 × 0.05 = 6.00',
      input: { billedSeconds: 7200, ratePerMinute: '0.05', minimumMinutes: 0, overageRatePerMinute: '0.08' },
      usageMinutes: '120.0000',
      lines: [line('Phone usage', '120.0000', '0.0500', '6.00')],
      total: '6.00',
    },
    {
      name: 'U < M: the minimum alone, 100 × 0.05 = 5.00, never prorated',
      input: { billedSeconds: 3000, ratePerMinute: '0.05', minimumMinutes: 100, overageRatePerMinute: '0.08' },
      usageMinutes: '50.0000',
      lines: [line('Minimum commitment', '100.0000', '0.0500', '5.00')],
      total: '5.00',
    },
    {
      name: 'U = M: the minimum, no overage line',
      input: { billedSeconds: 6000, ratePerMinute: '0.05', minimumMinutes: 100, overageRatePerMinute: '0.08' },
      usageMinutes: '100.0000',
      lines: [line('Minimum commitment', '100.0000', '0.0500', '5.00')],
      total: '5.00',
    },
    {
      name: 'U > M: minimum 100 × 0.05 = 5.00 plus overage 25.5 × 0.08 = 2.04',
      input: { billedSeconds: 7530, ratePerMinute: '0.05', minimumMinutes: 100, overageRatePerMinute: '0.08' },
      usageMinutes: '125.5000',
      lines: [line('Minimum commitment', '100.0000', '0.0500', '5.00'), line('Overage', '25.5000', '0.0800', '2.04')],
      total: '7.04',
    },
    {
      name: 'U > M with a fractional overage: 101.0167 − 100 = 1.0167 × 0.15 = 0.152505 → 0.15',
      input: { billedSeconds: 6061, ratePerMinute: '0.10', minimumMinutes: 100, overageRatePerMinute: '0.15' },
      usageMinutes: '101.0167',
      lines: [line('Minimum commitment', '100.0000', '0.1000', '10.00'), line('Overage', '1.0167', '0.1500', '0.15')],
      total: '10.15',
    },
    {
      name: 'no usage but a minimum: the minimum is still invoiced, 50 × 0.10 = 5.00',
      input: { billedSeconds: 0, ratePerMinute: '0.10', minimumMinutes: 50, overageRatePerMinute: '0.20' },
      usageMinutes: '0.0000',
      lines: [line('Minimum commitment', '50.0000', '0.1000', '5.00')],
      total: '5.00',
    },
    {
      name: 'half-up: 1.5 × 0.03 = 0.045 → 0.05 (banker’s rounding would give 0.04)',
      input: { billedSeconds: 90, ratePerMinute: '0.03', minimumMinutes: 0, overageRatePerMinute: '1' },
      usageMinutes: '1.5000',
      lines: [line('Phone usage', '1.5000', '0.0300', '0.05')],
      total: '0.05',
    },
    {
      name: 'half-up where floats fail: 1 × 1.005 = 1.005 → 1.01',
      input: { billedSeconds: 60, ratePerMinute: '1.005', minimumMinutes: 0, overageRatePerMinute: '1' },
      usageMinutes: '1.0000',
      lines: [line('Phone usage', '1.0000', '1.0050', '1.01')],
      total: '1.01',
    },
    {
      name: 'the total is the sum of rounded lines: 1 × 0.005 → 0.01, twice, is 0.02',
      input: { billedSeconds: 120, ratePerMinute: '0.005', minimumMinutes: 1, overageRatePerMinute: '0.005' },
      usageMinutes: '2.0000',
      lines: [line('Minimum commitment', '1.0000', '0.0050', '0.01'), line('Overage', '1.0000', '0.0050', '0.01')],
      total: '0.02',
    },
    {
      name: 'rates given as numbers: 0.045 → 0.0450',
      input: { billedSeconds: 600, ratePerMinute: 0.045, minimumMinutes: 0, overageRatePerMinute: 1 },
      usageMinutes: '10.0000',
      lines: [line('Phone usage', '10.0000', '0.0450', '0.45')],
      total: '0.45',
    },
    {
      name: 'a rate finer than 4 places keeps its precision: 10 × 0.04567 = 0.4567 → 0.46',
      input: { billedSeconds: 600, ratePerMinute: '0.04567', minimumMinutes: 0, overageRatePerMinute: '1' },
      usageMinutes: '10.0000',
      lines: [line('Phone usage', '10.0000', '0.04567', '0.46')],
      total: '0.46',
    },
  ])('$name', ({ input, usageMinutes: expectedMinutes, lines, total }) => {
    expect(rateUsage(input)).toEqual({ usageMinutes: expectedMinutes, lines, total, shouldInvoice: true });
  });

  it('does not invoice without usage or a minimum', () => {
    expect(
      rateUsage({ billedSeconds: 0, ratePerMinute: '0.05', minimumMinutes: 0, overageRatePerMinute: '0.08' }),
    ).toEqual({ usageMinutes: '0.0000', lines: [], total: '0.00', shouldInvoice: false });
  });

  it.each([
    // Two 61 s calls at each increment, rated at 0.05 per minute.
    { increment: 60, billedSeconds: 240, minutes: '4.0000', amount: '0.20' }, // 120 + 120 s; 4 × 0.05
    { increment: 6, billedSeconds: 132, minutes: '2.2000', amount: '0.11' }, // 66 + 66 s; 2.2 × 0.05
    { increment: 1, billedSeconds: 122, minutes: '2.0333', amount: '0.10' }, // 61 + 61 s; 2.0333 × 0.05 = 0.101665
  ])(
    'rates two 61 s calls at a $increment s increment as $minutes min, $amount',
    ({ increment, billedSeconds, minutes, amount }) => {
      const total = billedSecondsForCall(61, increment) + billedSecondsForCall(61, increment);
      expect(total).toBe(billedSeconds);
      const result = rateUsage({
        billedSeconds: total,
        ratePerMinute: '0.05',
        minimumMinutes: 0,
        overageRatePerMinute: '1',
      });
      expect(result.usageMinutes).toBe(minutes);
      expect(result.lines).toEqual([line('Phone usage', minutes, '0.0500', amount)]);
      expect(result.total).toBe(amount);
    },
  );

  it('puts the profile’s tax code on every line', () => {
    const result = rateUsage({
      billedSeconds: 7530,
      ratePerMinute: '0.05',
      minimumMinutes: 100,
      overageRatePerMinute: '0.08',
      taxCode: 'TAX',
    });
    expect(result.lines.map((invoiceLine) => invoiceLine.taxCode)).toEqual(['TAX', 'TAX']);
  });

  it('leaves the tax code empty when the profile has none or a blank one', () => {
    const base = { billedSeconds: 60, ratePerMinute: '0.05', minimumMinutes: 0, overageRatePerMinute: '1' };
    expect(rateUsage(base).lines[0]?.taxCode).toBeNull();
    expect(rateUsage({ ...base, taxCode: null }).lines[0]?.taxCode).toBeNull();
    expect(rateUsage({ ...base, taxCode: '  ' }).lines[0]?.taxCode).toBeNull();
    expect(rateUsage({ ...base, taxCode: ' NON ' }).lines[0]?.taxCode).toBe('NON');
  });

  it('refuses negative rates and minimums that are not whole minutes', () => {
    const base = { billedSeconds: 60, ratePerMinute: '0.05', minimumMinutes: 0, overageRatePerMinute: '1' };
    expect(() => rateUsage({ ...base, ratePerMinute: '-0.05' })).toThrow(RangeError);
    expect(() => rateUsage({ ...base, overageRatePerMinute: -1 })).toThrow(RangeError);
    expect(() => rateUsage({ ...base, minimumMinutes: 1.5 })).toThrow(RangeError);
    expect(() => rateUsage({ ...base, ratePerMinute: 'five' })).toThrow(RangeError);
  });
});
