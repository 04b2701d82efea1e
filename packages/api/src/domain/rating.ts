import {
  addDecimals,
  compareDecimals,
  divideRoundHalfUp,
  formatDecimal,
  multiplyRoundHalfUp,
  parseDecimal,
  subtractDecimals,
  type Decimal,
  type DecimalInput,
} from './decimal';

/** Decimal places of usage minutes and invoice quantities. */
export const QUANTITY_PLACES = 4;
/** Decimal places of line amounts and totals: cents. */
export const AMOUNT_PLACES = 2;
/** Decimal places rates are stored with (Decimal(12, 4)); unit prices are written with at least these. */
const RATE_PLACES = 4;

export type InvoiceLineDescription = 'Phone usage' | 'Minimum commitment' | 'Overage';

export type InvoiceLine = {
  description: InvoiceLineDescription;
  /** Minutes, 4 decimal places. */
  quantity: string;
  /** Per-minute price, at least 4 decimal places. */
  unitPrice: string;
  /** quantity × unitPrice rounded half-up to cents, as QuickBooks requires (fault 6070 otherwise). */
  amount: string;
  taxCode: string | null;
};

export type RatingInput = {
  /** Sum of every call's billed seconds (billedSecondsForCall in billed-seconds.ts). */
  billedSeconds: number;
  ratePerMinute: DecimalInput;
  /** Minimum commitment in whole minutes; 0 for none. */
  minimumMinutes: number;
  overageRatePerMinute: DecimalInput;
  taxCode?: string | null;
};

export type RatingResult = {
  /** U: billed seconds / 60, 4 decimal places. */
  usageMinutes: string;
  lines: InvoiceLine[];
  /** Sum of the line amounts, 2 decimal places. */
  total: string;
  /** False when there is neither usage nor a minimum: the customer is skipped, not invoiced. */
  shouldInvoice: boolean;
};

function assertWholeNonNegative(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${value}`);
}

/** Whole seconds from a call's start to its end, rounded up; 0 if the end is not after the start. */
export function callDurationSeconds(start: Date, end: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - start.getTime()) / 1000));
}

function usageMinutesDecimal(totalBilledSeconds: number): Decimal {
  assertWholeNonNegative('totalBilledSeconds', totalBilledSeconds);
  return divideRoundHalfUp(BigInt(totalBilledSeconds), 60n, QUANTITY_PLACES);
}

/** U = billed seconds / 60 rounded half-up to 4 places, as text ('1.0167' for 61 s). */
export function usageMinutes(totalBilledSeconds: number): string {
  return formatDecimal(usageMinutesDecimal(totalBilledSeconds), QUANTITY_PLACES);
}

function nonNegativeRate(name: string, value: DecimalInput): Decimal {
  const rate = parseDecimal(value);
  if (rate.coefficient < 0n) throw new RangeError(`${name} must be ≥ 0, got ${formatDecimal(rate, rate.scale)}`);
  return rate;
}

function invoiceLine(
  description: InvoiceLineDescription,
  quantity: Decimal,
  unitPrice: Decimal,
  taxCode: string | null,
): InvoiceLine {
  const quantityText = formatDecimal(quantity, QUANTITY_PLACES);
  // Never round the price: Amount must equal the Qty × UnitPrice that QuickBooks recomputes.
  const unitPriceText = formatDecimal(unitPrice, Math.max(RATE_PLACES, unitPrice.scale));
  const amount = multiplyRoundHalfUp(quantityText, unitPriceText, AMOUNT_PLACES);
  return { description, quantity: quantityText, unitPrice: unitPriceText, amount, taxCode };
}

/**
 * Rates one customer's usage for one period (DESIGN.md §4, Rating). With U usage minutes,
 * minimum M, rate r and overage rate o:
 * - M = 0: one "Phone usage" line, U × r (none when U = 0, and then no invoice);
 * - M > 0: a "Minimum commitment" line, M × r, applied once and never prorated, plus an
 *   "Overage" line, (U − M) × o, when U > M.
 * Every line carries the profile's tax code; the total is the sum of the rounded line amounts.
 *
 * @example rateUsage({ billedSeconds: 7530, ratePerMinute: '0.05', minimumMinutes: 100, overageRatePerMinute: '0.08' })
 *   // usageMinutes '125.5000'; lines: Minimum commitment 100.0000 × 0.0500 = 5.00,
 *   // Overage 25.5000 × 0.0800 = 2.04; total '7.04'
 */
export function rateUsage(input: RatingInput): RatingResult {
  assertWholeNonNegative('minimumMinutes', input.minimumMinutes);
  const usage = usageMinutesDecimal(input.billedSeconds);
  const rate = nonNegativeRate('ratePerMinute', input.ratePerMinute);
  const overageRate = nonNegativeRate('overageRatePerMinute', input.overageRatePerMinute);
  const taxCode = input.taxCode?.trim() ? input.taxCode.trim() : null;
  const minimum = parseDecimal(BigInt(input.minimumMinutes));

  const lines: InvoiceLine[] = [];
  if (input.minimumMinutes === 0) {
    if (usage.coefficient > 0n) lines.push(invoiceLine('Phone usage', usage, rate, taxCode));
  } else {
    lines.push(invoiceLine('Minimum commitment', minimum, rate, taxCode));
    if (compareDecimals(usage, minimum) > 0) {
      lines.push(invoiceLine('Overage', subtractDecimals(usage, minimum), overageRate, taxCode));
    }
  }

  const total = lines.reduce<Decimal>((sum, line) => addDecimals(sum, line.amount), parseDecimal(0n));
  return {
    usageMinutes: formatDecimal(usage, QUANTITY_PLACES),
    lines,
    total: formatDecimal(total, AMOUNT_PLACES),
    shouldInvoice: lines.length > 0,
  };
}
