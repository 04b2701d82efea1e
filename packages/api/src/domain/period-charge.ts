import { displayDateRange, type CalendarDate } from './calendar';
import {
  compareDecimals,
  formatDecimal,
  multiplyRoundHalfUp,
  parseDecimal,
  subtractDecimals,
  type DecimalInput,
} from './decimal';
import { AMOUNT_PLACES, QUANTITY_PLACES, rateUsage, usageMinutes } from './rating';
import type { RatePlan } from './rate-plan';

/**
 * The terms a period is billed under: fixed when the period is first billed. With `ratePlan` set
 * the period is billed by that plan (plan-period-charge.ts), otherwise by the three fields.
 */
export type PeriodTerms = {
  ratePerMinute: DecimalInput;
  minimumMinutes: number;
  overageRatePerMinute: DecimalInput;
  ratePlan?: RatePlan | null;
};

/** How an invoice line relates to its period. */
export type ChargeKind = 'FIRST' | 'REST' | 'LATE' | 'CREDIT';

/** One invoice line, labelled with its period (what QuickBooks receives, and Job Details shows). */
export type ChargeLine = {
  description: string;
  /** Minutes (4 places), or 1 for a difference that no per-minute price reproduces to the cent. */
  quantity: string;
  unitPrice: string;
  /** quantity × unitPrice rounded half-up to cents, as QuickBooks checks (fault 6070). */
  amount: string;
  taxCode: string | null;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  kind: ChargeKind;
  /** A rate plan charge's QuickBooks item (created when missing, found by name otherwise); absent: the app's usage item. */
  itemName?: string | null;
};

export type PeriodChargeInput = {
  period: { start: CalendarDate; end: CalendarDate };
  terms: PeriodTerms;
  taxCode: string | null;
  /** Whether live invoices already bill this period, and what they bill. */
  billedBefore: boolean;
  billedSecondsBefore: number;
  invoicedBefore: DecimalInput;
  /** Billed seconds of the calls this invoice adds to the period. */
  newSeconds: number;
  /** Days of the period this invoice bills for the first time; null when it only adds late calls. */
  newDays: { start: CalendarDate; end: CalendarDate } | null;
  /** An invoice of the period was released: what it adds is "Re-billed usage" rather than "Late usage". */
  rebilling?: boolean;
  /**
   * The minimum in the terms is prorated: the period was in service `days` of its `of` days (prorated
   * to 0 minutes, the terms hold no minimum at the overage rate: its usage line says "Overage").
   */
  prorated?: { days: number; of: number } | null;
};

export type PeriodCharge = {
  /** What this invoice bills for the period; negative for a credit (kind CREDIT, its line's amount is the credit). */
  amount: string;
  lines: ChargeLine[];
  kind: ChargeKind;
};

/**
 * What one invoice bills for one period (DESIGN.md §4: the minimum belongs to the period). Over
 * every invoice that touches a period, the lines add up to amount(U) of all its billed calls:
 * - the first invoice of a period bills amount(U₁): "Phone usage" (no minimum), or "Minimum
 *   commitment" and, above it, "Overage";
 * - a later one bills amount(U₁ + U₂) − what was invoiced before, as one line: "Usage, <days>" when
 *   it bills days of the period for the first time (the rest of a split period), "Late usage,
 *   <period>" when it only adds calls that arrived after the period was billed.
 * A difference is priced per minute when the marginal rate reproduces it to the cent, otherwise as
 * one unit at the difference. When the period's live invoices already bill more than amount(U),
 * the difference is a credit (kind CREDIT), never a negative invoice line.
 *
 * @example chargeForPeriod({ period: { start: '2026-10-01', end: '2026-10-31' }, terms: { ratePerMinute: '0.10', minimumMinutes: 100, overageRatePerMinute: '0.08' },
 *   taxCode: null, billedBefore: true, billedSecondsBefore: 50 * 60, invoicedBefore: '10.00', newSeconds: 80 * 60, newDays: { start: '2026-10-11', end: '2026-10-31' } })
 *   // amount '2.40': one line "Usage, 10/11/2026–10/31/2026", 30.0000 min × 0.0800 (the overage above the minimum)
 */
export function chargeForPeriod(input: PeriodChargeInput): PeriodCharge {
  const periodLabel = displayDateRange(input.period.start, input.period.end);
  const rating = (seconds: number) =>
    rateUsage({
      billedSeconds: seconds,
      ratePerMinute: input.terms.ratePerMinute,
      minimumMinutes: input.terms.minimumMinutes,
      overageRatePerMinute: input.terms.overageRatePerMinute,
      taxCode: input.taxCode,
    });
  const base = {
    taxCode: input.taxCode?.trim() ? input.taxCode.trim() : null,
    periodStart: input.period.start,
    periodEnd: input.period.end,
  };

  if (!input.billedBefore) {
    const first = rating(input.newSeconds);
    return {
      amount: first.total,
      kind: 'FIRST',
      lines: first.lines.map((line) => {
        const prorated =
          line.description === 'Minimum commitment' && input.prorated
            ? `, prorated ${input.prorated.days} of ${input.prorated.of} days`
            : '';
        // A contract's minimum prorated to nothing (no day in service): its minutes are all overage.
        const name =
          line.description === 'Phone usage' && input.prorated
            ? `Overage, in service ${input.prorated.days} of ${input.prorated.of} days`
            : line.description;
        // Object.assign, not two spreads: V8 copies those the slow way, and a job rates thousands of lines.
        return Object.assign({}, line, base, {
          description: `${name}${prorated}, ${periodLabel}`,
          kind: 'FIRST' as const,
        });
      }),
    };
  }

  const after = rating(input.billedSecondsBefore + input.newSeconds);
  const rawDifference = subtractDecimals(after.total, input.invoicedBefore);
  if (compareDecimals(rawDifference, 0n) < 0) {
    // Its live invoices bill more than amount(U) of its live calls (a release, then a move or an
    // archive): the difference goes back as a credit memo line, never as a negative invoice line.
    const credit = formatDecimal(subtractDecimals(input.invoicedBefore, after.total), AMOUNT_PLACES);
    const line = {
      ...base,
      description: `Credit, ${periodLabel}`,
      quantity: '1',
      unitPrice: credit,
      amount: credit,
      kind: 'CREDIT' as const,
    };
    return { amount: formatDecimal(rawDifference, AMOUNT_PLACES), kind: 'CREDIT', lines: [line] };
  }
  const difference = compareDecimals(rawDifference, 0n) > 0 ? formatDecimal(rawDifference, AMOUNT_PLACES) : '0.00';
  const kind: ChargeKind = input.newDays ? 'REST' : 'LATE';
  if (input.newSeconds === 0 && compareDecimals(difference, 0n) === 0) return { amount: '0.00', kind, lines: [] };

  const addedMinutes = formatDecimal(
    subtractDecimals(
      usageMinutes(input.billedSecondsBefore + input.newSeconds),
      usageMinutes(input.billedSecondsBefore),
    ),
    QUANTITY_PLACES,
  );
  const minimum = BigInt(input.terms.minimumMinutes);
  const minutesBefore = parseDecimal(usageMinutes(input.billedSecondsBefore));
  const marginalRate =
    input.terms.minimumMinutes === 0
      ? input.terms.ratePerMinute
      : compareDecimals(minutesBefore, minimum) >= 0
        ? input.terms.overageRatePerMinute
        : null;
  const description =
    kind === 'REST'
      ? `Usage, ${displayDateRange(input.newDays!.start, input.newDays!.end)}`
      : `${input.rebilling ? 'Re-billed usage' : 'Late usage'}, ${periodLabel}`;

  let quantity = addedMinutes;
  let unitPrice: string;
  if (compareDecimals(difference, 0n) === 0) {
    // Within a minimum already invoiced: the minutes are shown, at no charge.
    unitPrice = '0.0000';
  } else if (marginalRate !== null && multiplyRoundHalfUp(addedMinutes, marginalRate, AMOUNT_PLACES) === difference) {
    const rate = parseDecimal(marginalRate);
    unitPrice = formatDecimal(rate, Math.max(4, rate.scale));
  } else {
    quantity = '1';
    unitPrice = difference;
  }
  return {
    amount: difference,
    kind,
    lines: [
      {
        ...base,
        description,
        quantity,
        unitPrice,
        amount: multiplyRoundHalfUp(quantity, unitPrice, AMOUNT_PLACES),
        kind,
      },
    ],
  };
}
