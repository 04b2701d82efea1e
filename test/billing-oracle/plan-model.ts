// The oracle's model of rate plans (DESIGN.md §4 "Rate plans"), from the design's words alone:
// which charges price an interaction, how many units it bills, and what a period owes under a plan,
// in integer cents. Like money.ts it imports nothing of the product (lint enforces it).
//
// Where the words leave room, every reading is accepted (periodCentsUnderPlan returns them all):
// - tiers with included units: the tiers grade the units left after the included ones, or all the
//   period's units with the included ones free first;
// - the business-hours band of a period re-rated after a timezone change: the zone the period was
//   billed in, or the company's zone now (the caller asks for both);
// - a minimum charge prorated by days in service: to the cent half-up or up.
// Read one way only: "the first matching charge" is the first matching charge not marked additional
// (an additional charge is "on top of" the one that prices the interaction); a period fee is owed
// once per period with any day in service, whole (only the minimum is prorated).
import { offsetMinutesAt } from './calendar';
import { billedSeconds, divideHalfUp, lineCents, rateUnits, usageUnits } from './money';

export const PLAN_MEDIA = ['voice', 'callback', 'chat', 'email', 'message'] as const;
export type PlanMedia = (typeof PLAN_MEDIA)[number];

export type PlanCharge = {
  name: string;
  media: PlanMedia[];
  direction: 'any' | 'inbound' | 'outbound';
  timeBand: 'any' | 'business' | 'afterHours';
  unit: 'minute' | 'interaction' | 'period';
  basis: 'duration' | 'handleTime';
  firstIncrementSeconds: number;
  incrementSeconds: number;
  /** Decimal text with at most 4 places; absent when the charge has tiers. */
  price?: string;
  tiers?: Array<{ upTo: number | null; price: string }>;
  includedUnits: number;
  additional: boolean;
};

/** Weekdays 1 (Monday) .. 7 (Sunday); from/to 'HH:MM' in the company timezone. */
export type BusinessHours = { days: number[]; from: string; to: string };

export type Plan = { charges: PlanCharge[]; minimumCharge: string; businessHours: BusinessHours };

/** One interaction as Genesys reported it. */
export type PlanInteraction = {
  mediaType: string;
  direction: 'inbound' | 'outbound';
  startMs: number;
  durationSeconds: number;
  talkSeconds: number;
  holdSeconds: number;
  acwSeconds: number;
};

/** The interaction's start on the company's wall clock: ISO weekday and 'HH:MM'. */
export function wallClockOf(ms: number, zone: string): { weekday: number; time: string } {
  const wall = new Date(ms + offsetMinutesAt(ms, zone) * 60_000);
  const weekday = wall.getUTCDay() === 0 ? 7 : wall.getUTCDay();
  const time = `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
  return { weekday, time };
}

/** Whether a band holds an interaction: its start is on one of the days and from <= time < to. */
export function inBusinessHours(hours: BusinessHours, startMs: number, zone: string): boolean {
  const { weekday, time } = wallClockOf(startMs, zone);
  return hours.days.includes(weekday) && hours.from <= time && time < hours.to;
}

function counts(charge: PlanCharge, hours: BusinessHours, interaction: PlanInteraction, zone: string): boolean {
  if (charge.unit === 'period') return false;
  if (!(charge.media as string[]).includes(interaction.mediaType)) return false;
  if (charge.direction !== 'any' && charge.direction !== interaction.direction) return false;
  if (charge.timeBand === 'any') return true;
  return inBusinessHours(hours, interaction.startMs, zone) === (charge.timeBand === 'business');
}

/** Indexes of the charges pricing an interaction: the first matching one not additional, and every matching additional one. */
export function chargesPricing(plan: Plan, interaction: PlanInteraction, zone: string): number[] {
  const matching = plan.charges.flatMap((charge, index) =>
    counts(charge, plan.businessHours, interaction, zone) ? [index] : [],
  );
  const first = matching.find((index) => !plan.charges[index]!.additional);
  return matching.filter((index) => index === first || plan.charges[index]!.additional);
}

/** Seconds a minute charge bills: rounded up to the first increment, then to the next ones (0 s bills 0). */
export function incrementedSeconds(seconds: number, first: number, next: number): number {
  if (seconds <= 0) return 0;
  if (seconds <= first) return first;
  return first + billedSeconds(seconds - first, next);
}

function basisSeconds(charge: PlanCharge, interaction: PlanInteraction): number {
  return charge.basis === 'handleTime'
    ? interaction.talkSeconds + interaction.holdSeconds + interaction.acwSeconds
    : interaction.durationSeconds;
}

/** Whether an interaction adds anything a charge counts (an interaction, or a billed second). */
export function planBills(plan: Plan, interaction: PlanInteraction, zone: string): boolean {
  return chargesPricing(plan, interaction, zone).some((index) => {
    const charge = plan.charges[index]!;
    if (charge.unit === 'interaction') return true;
    return (
      incrementedSeconds(basisSeconds(charge, interaction), charge.firstIncrementSeconds, charge.incrementSeconds) > 0
    );
  });
}

/**
 * Each charge's units for a period's interactions, in ten-thousandths: minutes (billed seconds / 60
 * to 4 places, half-up, of the charge's summed billed seconds) or interactions (× 10,000).
 */
export function unitsPerCharge(plan: Plan, interactions: PlanInteraction[], zone: string): bigint[] {
  const seconds = plan.charges.map(() => 0);
  const count = plan.charges.map(() => 0);
  for (const interaction of interactions) {
    for (const index of chargesPricing(plan, interaction, zone)) {
      const charge = plan.charges[index]!;
      count[index]! += 1;
      seconds[index]! += incrementedSeconds(
        basisSeconds(charge, interaction),
        charge.firstIncrementSeconds,
        charge.incrementSeconds,
      );
    }
  }
  return plan.charges.map((charge, index) =>
    charge.unit === 'minute' ? usageUnits(seconds[index]!) : BigInt(count[index]!) * 10_000n,
  );
}

const WHOLE = 10_000n;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** Cents of graduated tiers over units [from, to) (ten-thousandths), one line per tier used, each rounded. */
function tierCents(tiers: NonNullable<PlanCharge['tiers']>, from: bigint, to: bigint): bigint {
  let cents = 0n;
  let lower = 0n;
  for (const tier of tiers) {
    const upper = tier.upTo === null ? to : BigInt(tier.upTo) * WHOLE;
    const quantity = min(upper, to) - max(lower, from);
    if (quantity > 0n) cents += lineCents(quantity, rateUnits(tier.price));
    if (tier.upTo === null || upper >= to) break;
    lower = upper;
  }
  return cents;
}

/** What one usage charge bills for its units, under each reading of tiers with included units. */
export function chargeCents(charge: PlanCharge, units: bigint): Set<bigint> {
  const included = BigInt(charge.includedUnits) * WHOLE;
  const billable = max(0n, units - included);
  if (billable === 0n) return new Set([0n]);
  if (charge.price !== undefined) return new Set([lineCents(billable, rateUnits(charge.price))]);
  const tiers = charge.tiers ?? [];
  return new Set([tierCents(tiers, 0n, billable), tierCents(tiers, min(included, units), units)]);
}

/** Every sum of one pick from each set. */
function sums(sets: Array<Set<bigint>>): Set<bigint> {
  let totals = new Set([0n]);
  for (const set of sets) {
    const next = new Set<bigint>();
    for (const total of totals) for (const value of set) next.add(total + value);
    totals = next;
  }
  return totals;
}

/**
 * What a period owes under a plan, in cents, for the interactions billed in it: its charges' lines,
 * its period fees, and a top-up to the minimum charge (prorated by days in service when the period
 * was not in service every day; nothing at all when it was in service no day).
 */
export function periodCentsUnderPlan(
  plan: Plan,
  interactions: PlanInteraction[],
  zone: string,
  service: { days: number; of: number },
): Set<bigint> {
  const units = unitsPerCharge(plan, interactions, zone);
  const perCharge = plan.charges.map((charge, index) => {
    if (charge.unit === 'period') return new Set([service.days > 0 ? lineCents(WHOLE, rateUnits(charge.price!)) : 0n]);
    return chargeCents(charge, units[index]!);
  });
  const minimum = rateUnits(plan.minimumCharge); // ten-thousandths of a dollar
  const minimums =
    service.days === 0
      ? [0n]
      : service.days >= service.of
        ? [divideHalfUp(minimum, 100n)]
        : [
            divideHalfUp(minimum * BigInt(service.days), BigInt(service.of) * 100n),
            (minimum * BigInt(service.days) + BigInt(service.of) * 100n - 1n) / (BigInt(service.of) * 100n),
          ];
  const owed = new Set<bigint>();
  for (const subtotal of sums(perCharge)) for (const floor of minimums) owed.add(max(subtotal, floor));
  return owed;
}
