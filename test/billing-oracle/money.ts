// The oracle's own money arithmetic (DESIGN.md §4 "Rating", "The minimum belongs to the period",
// "Periods in service"), in whole integers: seconds, ten-thousandths of a minute, ten-thousandths
// of a dollar per minute, cents. Nothing here comes from packages/api/src/domain.

import type { Plan } from './plan-model';

/**
 * Terms of a period as the profile holds them: rates are decimal text with up to 4 places. With a
 * rate plan (plan-model.ts) the plan prices the period and the three fields are not read.
 */
export type Terms = { ratePerMinute: string; minimumMinutes: number; overageRatePerMinute: string; plan?: Plan };

/** A rate such as '0.0425' in ten-thousandths of a dollar per minute (425n). */
export function rateUnits(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`not a rate with at most 4 places: ${rate}`);
  return BigInt(match[1]!) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** numerator / denominator rounded half-up (both ≥ 0). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Seconds a call bills: its duration rounded up to the billing increment (a 0-second call bills 0). */
export function billedSeconds(durationSeconds: number, incrementSeconds: number): number {
  return Math.ceil(durationSeconds / incrementSeconds) * incrementSeconds;
}

/** U for a period: billed seconds / 60 to 4 places, half-up, in ten-thousandths of a minute. */
export function usageUnits(totalBilledSeconds: number): bigint {
  return divideHalfUp(BigInt(totalBilledSeconds) * 10_000n, 60n);
}

/** One line's amount in cents: quantity (ten-thousandths of a minute) × price (ten-thousandths of a dollar), half-up. */
export function lineCents(quantityUnits: bigint, priceUnits: bigint): bigint {
  return divideHalfUp(quantityUnits * priceUnits, 1_000_000n);
}

/**
 * The minimum a period owes, in whole minutes: the whole minimum when every day of the period is in
 * service, else prorated by days in service, rounded up to a whole minute.
 */
export function minimumInService(minimumMinutes: number, daysInService: number, daysInPeriod: number): number {
  if (daysInService >= daysInPeriod) return minimumMinutes;
  return Math.ceil((minimumMinutes * daysInService) / daysInPeriod);
}

/**
 * amount(U) in cents: U × r with no minimum; otherwise the minimum line M × r plus the overage line
 * (U − M) × o when U exceeds M, each line rounded to the cent. `minimumMinutes` is the minimum this
 * period owes (prorated when it is not wholly in service); `hasMinimum` says whether the contract has
 * one at all (a prorated minimum of 0 minutes still prices usage as overage).
 */
export function amountCents(usage: bigint, terms: Terms, minimumMinutes = terms.minimumMinutes): bigint {
  const rate = rateUnits(terms.ratePerMinute);
  if (terms.minimumMinutes === 0) return lineCents(usage, rate);
  const minimum = BigInt(minimumMinutes) * 10_000n;
  const overage = usage > minimum ? lineCents(usage - minimum, rateUnits(terms.overageRatePerMinute)) : 0n;
  return lineCents(minimum, rate) + overage;
}

export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/** QuickBooks amounts (numbers with at most 2 places) in cents. */
export function centsOf(amount: number): bigint {
  return BigInt(Math.round(amount * 100));
}
