/**
 * Rate plans (DESIGN.md §4 "Rate plans"): which charge prices an interaction, how many units it
 * bills, and what a period's usage per charge costs, line by line. Pure; the SQL that sums usage
 * per charge in one pass is built from the same rules in rate-plan-sql.ts.
 */
import { displayDateRange, type CalendarDate } from './calendar';
import {
  addDecimals,
  compareDecimals,
  formatDecimal,
  multiplyRoundHalfUp,
  parseDecimal,
  subtractDecimals,
  type Decimal,
} from './decimal';
import { AMOUNT_PLACES, QUANTITY_PLACES, rateUsage, usageMinutes } from './rating';
import type { PeriodTerms } from './period-charge';
import { billedSecondsFor } from './billed-seconds';

export type ChargeUnit = 'minute' | 'interaction' | 'period';

export type RateCharge = {
  name: string;
  media: string[];
  direction: 'any' | 'inbound' | 'outbound';
  timeBand: 'any' | 'business' | 'afterHours';
  unit: ChargeUnit;
  basis: 'duration' | 'handleTime';
  firstIncrementSeconds: number;
  incrementSeconds: number;
  price?: string;
  tiers?: Array<{ upTo: number | null; price: string }>;
  includedUnits: number;
  additional: boolean;
  qboItemName: string | null;
};

export type BusinessHours = { days: number[]; from: string; to: string };

export type RatePlan = {
  charges: RateCharge[];
  minimumCharge: string;
  businessHours: BusinessHours;
  /** 'profileFields': the plan the spec's three fields mean, billed with today's lines (rateUsage). */
  source: 'profileFields' | 'plan';
};

/** One interaction as rating sees it. `localDay` is the ISO weekday (1 = Monday) and `localTime` 'HH:MM:SS' of its start in the company timezone. */
export type RatedInteraction = {
  mediaType: string;
  direction: string | null;
  durationSeconds: number;
  talkSeconds: number | null;
  holdSeconds: number | null;
  acwSeconds: number | null;
  localDay: number;
  localTime: string;
};

/** What a period's interactions add up to for one charge. */
export type ChargeUsage = { interactions: number; billedSeconds: number };

/** The spec's fields as a plan: one voice charge, tiers [{M, r}, {null, o}], a minimum of M × r, at the company's increment. */
export function planFromProfileFields(terms: PeriodTerms, incrementSeconds: number): RatePlan {
  const rate = formatDecimal(parseDecimal(terms.ratePerMinute), 4);
  const overage = formatDecimal(parseDecimal(terms.overageRatePerMinute), 4);
  const minimum = terms.minimumMinutes;
  return {
    charges: [
      {
        name: 'Phone usage',
        media: ['voice'],
        direction: 'any',
        timeBand: 'any',
        unit: 'minute',
        basis: 'duration',
        firstIncrementSeconds: incrementSeconds,
        incrementSeconds,
        ...(minimum > 0
          ? {
              tiers: [
                { upTo: minimum, price: rate },
                { upTo: null, price: overage },
              ],
            }
          : { price: rate }),
        includedUnits: 0,
        additional: false,
        qboItemName: null,
      },
    ],
    minimumCharge: multiplyRoundHalfUp(minimum, rate, AMOUNT_PLACES),
    businessHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
    source: 'profileFields',
  };
}

/** Whether an interaction starting at this local day and time is inside the business hours (from <= time < to). */
export function inBusinessHours(hours: BusinessHours, localDay: number, localTime: string): boolean {
  const time = localTime.slice(0, 5);
  return hours.days.includes(localDay) && time >= hours.from && time < hours.to;
}

/** Whether a charge counts an interaction (period fees count none). */
export function chargeMatches(charge: RateCharge, hours: BusinessHours, interaction: RatedInteraction): boolean {
  if (charge.unit === 'period') return false;
  if (!charge.media.includes(interaction.mediaType)) return false;
  if (charge.direction !== 'any' && interaction.direction !== charge.direction) return false;
  if (charge.timeBand === 'any') return true;
  const business = inBusinessHours(hours, interaction.localDay, interaction.localTime);
  return charge.timeBand === 'business' ? business : !business;
}

/** The charges pricing an interaction: the first matching one in plan order, plus every matching `additional` one. Empty: not in plan. */
export function chargesFor(plan: RatePlan, interaction: RatedInteraction): number[] {
  const primary = plan.charges.findIndex(
    (charge) => !charge.additional && chargeMatches(charge, plan.businessHours, interaction),
  );
  return plan.charges.flatMap((charge, index) =>
    index === primary || (charge.additional && chargeMatches(charge, plan.businessHours, interaction)) ? [index] : [],
  );
}

/** The seconds a minute charge's basis gives for an interaction. */
export function basisSeconds(charge: RateCharge, interaction: RatedInteraction): number {
  if (charge.basis === 'handleTime')
    return (interaction.talkSeconds ?? 0) + (interaction.holdSeconds ?? 0) + (interaction.acwSeconds ?? 0);
  return interaction.durationSeconds;
}

/** Adds one interaction to per-charge usage (the reference the SQL is tested against). */
export function addInteraction(plan: RatePlan, usage: ChargeUsage[], interaction: RatedInteraction): boolean {
  const charges = chargesFor(plan, interaction);
  for (const index of charges) {
    const charge = plan.charges[index]!;
    const entry = usage[index] ?? { interactions: 0, billedSeconds: 0 };
    entry.interactions += 1;
    if (charge.unit === 'minute') entry.billedSeconds += billedSecondsFor(charge, basisSeconds(charge, interaction));
    usage[index] = entry;
  }
  return charges.length > 0;
}

export type PlanLine = {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  chargeIndex: number | null;
};

export type PlanPeriodPrice = { lines: PlanLine[]; total: string };

const unitLabel = (charge: RateCharge) =>
  charge.unit === 'minute' ? 'min' : charge.unit === 'interaction' ? 'interactions' : 'periods';

/** A line whose Amount is Qty × UnitPrice to the cent, as QuickBooks checks it; the quantity is already formatted. */
function planLine(description: string, quantityText: string, unitPrice: string, chargeIndex: number | null): PlanLine {
  const price = parseDecimal(unitPrice);
  const priceText = formatDecimal(price, Math.max(4, price.scale));
  return {
    description,
    quantity: quantityText,
    unitPrice: priceText,
    amount: multiplyRoundHalfUp(quantityText, priceText, AMOUNT_PLACES),
    chargeIndex,
  };
}

/** The lines one usage charge gives for a period: included units (at no charge), then one per price or tier used. */
function chargeLines(charge: RateCharge, chargeIndex: number, usage: ChargeUsage, periodLabel: string): PlanLine[] {
  const units =
    charge.unit === 'minute'
      ? parseDecimal(usageMinutes(usage.billedSeconds))
      : parseDecimal(BigInt(usage.interactions));
  if (units.coefficient === 0n) return [];
  const quantityPlaces = charge.unit === 'minute' ? QUANTITY_PLACES : 0;
  const fmt = (value: Decimal) => formatDecimal(value, quantityPlaces);
  const lines: PlanLine[] = [];
  const included = parseDecimal(BigInt(charge.includedUnits));
  let billable = units;
  if (charge.includedUnits > 0) {
    const used = compareDecimals(units, included) < 0 ? units : included;
    lines.push(planLine(`${charge.name}, included ${unitLabel(charge)}, ${periodLabel}`, fmt(used), '0', chargeIndex));
    billable = compareDecimals(units, included) > 0 ? subtractDecimals(units, included) : parseDecimal(0n);
  }
  if (billable.coefficient === 0n) return lines;
  if (charge.price !== undefined) {
    lines.push(planLine(`${charge.name}, ${periodLabel}`, fmt(billable), charge.price, chargeIndex));
    return lines;
  }
  let lower = 0;
  for (const [index, tier] of (charge.tiers ?? []).entries()) {
    if (compareDecimals(billable, BigInt(lower)) <= 0) break;
    const upper =
      tier.upTo === null || compareDecimals(billable, BigInt(tier.upTo)) < 0
        ? billable
        : parseDecimal(BigInt(tier.upTo));
    const range =
      tier.upTo === null
        ? `above ${lower.toLocaleString('en-US')} ${unitLabel(charge)}`
        : `${lower.toLocaleString('en-US')}–${tier.upTo.toLocaleString('en-US')} ${unitLabel(charge)}`;
    lines.push(
      planLine(
        `${charge.name}, tier ${index + 1} (${range}), ${periodLabel}`,
        fmt(subtractDecimals(upper, BigInt(lower))),
        tier.price,
        chargeIndex,
      ),
    );
    if (tier.upTo === null) break;
    lower = tier.upTo;
  }
  return lines;
}

/**
 * What a period owes under a plan for its usage per charge (`usage[i]` for `plan.charges[i]`):
 * one line per charge (per tier used, and its included units), one per period fee, and a
 * "Minimum commitment top-up" line when the lines total less than the minimum charge. A plan of
 * the spec's fields bills exactly today's lines ("Phone usage", or "Minimum commitment" and
 * "Overage": rateUsage). A period in service part of its days has its minimum prorated first (planInService).
 */
export function pricePlanPeriod(
  plan: RatePlan,
  usage: ReadonlyArray<ChargeUsage | undefined>,
  period: { start: CalendarDate; end: CalendarDate },
): PlanPeriodPrice {
  const periodLabel = displayDateRange(period.start, period.end);
  if (plan.source === 'profileFields') {
    const charge = plan.charges[0]!;
    const tiers = charge.tiers;
    const rated = rateUsage({
      billedSeconds: usage[0]?.billedSeconds ?? 0,
      ratePerMinute: tiers ? tiers[0]!.price : charge.price!,
      minimumMinutes: tiers ? tiers[0]!.upTo! : 0,
      overageRatePerMinute: tiers ? tiers[1]!.price : charge.price!,
    });
    const lines = rated.lines.map((line) => ({
      ...line,
      description: `${line.description}, ${periodLabel}`,
      chargeIndex: 0,
    }));
    return { lines: lines.map(({ taxCode: _taxCode, ...line }) => line), total: rated.total };
  }
  const lines: PlanLine[] = [];
  plan.charges.forEach((charge, index) => {
    if (charge.unit === 'period') {
      // A fee of 0 bills nothing and gets no line, as a charge with no usage (a period in service no day: planInService).
      const price = charge.price ?? '0';
      if (parseDecimal(price).coefficient !== 0n)
        lines.push(planLine(`${charge.name}, ${periodLabel}`, '1', price, index));
    } else
      lines.push(...chargeLines(charge, index, usage[index] ?? { interactions: 0, billedSeconds: 0 }, periodLabel));
  });
  const sum = (list: PlanLine[]) =>
    list.reduce<Decimal>((total, line) => addDecimals(total, line.amount), parseDecimal(0n));
  const subtotal = sum(lines);
  if (compareDecimals(subtotal, plan.minimumCharge) < 0) {
    const topUp = formatDecimal(subtractDecimals(plan.minimumCharge, subtotal), AMOUNT_PLACES);
    lines.push(planLine(`Minimum commitment top-up, ${periodLabel}`, '1', topUp, null));
  }
  return { lines, total: formatDecimal(sum(lines), AMOUNT_PLACES) };
}
