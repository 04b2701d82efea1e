// The oracle's money arithmetic, checked against amounts worked out by hand.
import { describe, expect, it } from 'vitest';
import { amountCents, billedSeconds, formatCents, lineCents, minimumInService, rateUnits, usageUnits } from './money';

const terms = (ratePerMinute: string, minimumMinutes: number, overageRatePerMinute: string) => ({
  ratePerMinute,
  minimumMinutes,
  overageRatePerMinute,
});
const minutes = (count: number) => BigInt(count) * 10_000n;

describe('oracle money', () => {
  it('bills each call its duration rounded up to the increment', () => {
    expect([
      billedSeconds(61, 60),
      billedSeconds(61, 6),
      billedSeconds(61, 1),
      billedSeconds(0, 60),
      billedSeconds(60, 60),
    ]).toEqual([120, 66, 61, 0, 60]);
  });

  it('counts usage in minutes to 4 places, half-up', () => {
    expect(usageUnits(61)).toBe(10_167n); // 1.01666… → 1.0167
    expect(usageUnits(1)).toBe(167n); // 0.01666… → 0.0167
    expect(usageUnits(90)).toBe(15_000n);
  });

  it('reads rates with up to 4 places and rounds each line half-up to the cent', () => {
    expect(rateUnits('0.0425')).toBe(425n);
    expect(rateUnits('1.25')).toBe(12_500n);
    expect(lineCents(10_167n, 425n)).toBe(4n); // 1.0167 × 0.0425 = 0.0432…
    expect(lineCents(minutes(10), 12_345n)).toBe(1235n); // 12.345 → 12.35
    expect(lineCents(5_000n, 1_000n)).toBe(5n); // 0.5 × 0.10 = 0.05
  });

  it('prices usage without a minimum at the rate', () => {
    expect(amountCents(305_000n, terms('0.10', 0, '0.08'))).toBe(305n); // 30.5 min × 0.10
  });

  it('prices a minimum and the overage above it, each line rounded', () => {
    expect(amountCents(minutes(130), terms('0.10', 100, '0.08'))).toBe(1240n); // 10.00 + 30 × 0.08
    expect(amountCents(minutes(40), terms('0.10', 100, '0.08'))).toBe(1000n); // the minimum alone
    expect(amountCents(0n, terms('0.10', 100, '0.08'))).toBe(1000n); // owed with no calls
    expect(amountCents(minutes(130), terms('0.10', 100, '0.10'))).not.toBe(
      amountCents(minutes(130), terms('0.10', 100, '0.08')),
    );
  });

  it('prorates a minimum by days in service, rounded up to a whole minute', () => {
    expect(minimumInService(100, 16, 31)).toBe(52); // 51.6… → 52
    expect(minimumInService(100, 31, 31)).toBe(100);
    expect(minimumInService(30, 1, 30)).toBe(1);
    expect(amountCents(0n, terms('0.10', 100, '0.08'), 52)).toBe(520n);
    expect(amountCents(minutes(60), terms('0.10', 100, '0.08'), 52)).toBe(520n + 64n); // 8 min over at 0.08
  });

  it('writes cents as money', () => {
    expect([formatCents(1240n), formatCents(5n), formatCents(-30n)]).toEqual(['12.40', '0.05', '-0.30']);
  });
});
