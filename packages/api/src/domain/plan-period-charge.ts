/**
 * What one invoice bills for one period under a rate plan (DESIGN.md §4 "Rate plans"; the plain
 * terms' counterpart is period-charge.ts). Over every invoice that touches a period, the lines add
 * up to what the plan prices for all its interactions: the first invoice bills the period's lines
 * (pricePlanPeriod); a later one bills the difference, charge by charge, when the minimum charge
 * does not absorb it, otherwise as one line; more invoiced than owed is a credit line.
 */
import { displayDateRange, type CalendarDate } from './calendar';
import {
  addDecimals,
  compareDecimals,
  divideRoundHalfUp,
  formatDecimal,
  multiplyDecimals,
  multiplyRoundHalfUp,
  parseDecimal,
  subtractDecimals,
  type Decimal,
  type DecimalInput,
} from './decimal';
import type { ChargeKind, ChargeLine, PeriodCharge } from './period-charge';
import { pricePlanPeriod, type ChargeUsage, type PlanLine, type RatePlan } from './rate-plan';
import { AMOUNT_PLACES, QUANTITY_PLACES, usageMinutes } from './rating';

export type PlanPeriodChargeInput = {
  period: { start: CalendarDate; end: CalendarDate };
  plan: RatePlan;
  taxCode: string | null;
  billedBefore: boolean;
  usageBefore: ReadonlyArray<ChargeUsage | undefined>;
  invoicedBefore: DecimalInput;
  usageNew: ReadonlyArray<ChargeUsage | undefined>;
  newDays: { start: CalendarDate; end: CalendarDate } | null;
  rebilling?: boolean;
  /** The first invoice of a period in service part of its days: the top-up line says so (the plan's minimum is already prorated). */
  prorated?: { days: number; of: number } | null;
};

/**
 * The plan for a period in service `share.days` of its `share.of` days (DESIGN.md §4 "Periods in
 * service"): its minimum charge prorated (half-up to cents). A period in service no day owes
 * nothing, so its period fees are priced 0 too (pricePlanPeriod gives them no line); this plan is
 * the period's stored terms, so a later invoice (late usage) does not bill the fee either.
 */
export function planInService(plan: RatePlan, share: { days: number; of: number } | null): RatePlan {
  if (!share || share.days >= share.of) return plan;
  if (share.days === 0)
    return {
      ...plan,
      charges: plan.charges.map((charge) => (charge.unit === 'period' ? { ...charge, price: '0' } : charge)),
      minimumCharge: '0.00',
    };
  const minimum = divideRoundHalfUp(
    multiplyDecimals(plan.minimumCharge, BigInt(share.days)),
    BigInt(share.of),
    AMOUNT_PLACES,
  );
  return { ...plan, minimumCharge: formatDecimal(minimum, AMOUNT_PLACES) };
}

/** Usage added up charge by charge. */
export function addUsage(
  a: ReadonlyArray<ChargeUsage | undefined>,
  b: ReadonlyArray<ChargeUsage | undefined>,
): ChargeUsage[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, index) => ({
    interactions: (a[index]?.interactions ?? 0) + (b[index]?.interactions ?? 0),
    billedSeconds: (a[index]?.billedSeconds ?? 0) + (b[index]?.billedSeconds ?? 0),
  }));
}

const totalOf = (lines: PlanLine[]) =>
  lines.reduce<Decimal>((sum, line) => addDecimals(sum, line.amount), parseDecimal(0n));

/** Amount per charge index ('top-up' for the minimum's line). */
function amountsByCharge(lines: PlanLine[]): Map<number | 'top-up', Decimal> {
  const byCharge = new Map<number | 'top-up', Decimal>();
  for (const line of lines) {
    const key = line.chargeIndex ?? 'top-up';
    byCharge.set(key, addDecimals(byCharge.get(key) ?? parseDecimal(0n), line.amount));
  }
  return byCharge;
}

export function chargeForPlanPeriod(input: PlanPeriodChargeInput): PeriodCharge {
  const periodLabel = displayDateRange(input.period.start, input.period.end);
  const base = {
    taxCode: input.taxCode?.trim() ? input.taxCode.trim() : null,
    periodStart: input.period.start,
    periodEnd: input.period.end,
  };
  const line = (
    planLine: Pick<PlanLine, 'description' | 'quantity' | 'unitPrice' | 'amount'> & { chargeIndex?: number | null },
    kind: ChargeKind,
  ): ChargeLine => {
    const itemName =
      planLine.chargeIndex === undefined || planLine.chargeIndex === null
        ? null
        : (input.plan.charges[planLine.chargeIndex]?.qboItemName ?? null);
    return {
      description: planLine.description,
      quantity: planLine.quantity,
      unitPrice: planLine.unitPrice,
      amount: planLine.amount,
      ...base,
      kind,
      ...(itemName ? { itemName } : {}),
    };
  };

  if (!input.billedBefore) {
    const first = pricePlanPeriod(input.plan, input.usageNew, input.period);
    const prorated =
      input.prorated && input.prorated.days < input.prorated.of
        ? `, prorated ${input.prorated.days} of ${input.prorated.of} days`
        : '';
    return {
      amount: first.total,
      kind: 'FIRST',
      lines: first.lines.map((planLine) =>
        line(
          {
            ...planLine,
            description:
              planLine.chargeIndex === null && prorated
                ? planLine.description.replace('top-up,', `top-up${prorated},`)
                : planLine.description,
          },
          'FIRST',
        ),
      ),
    };
  }

  const all = addUsage(input.usageBefore, input.usageNew);
  const after = pricePlanPeriod(input.plan, all, input.period);
  const before = pricePlanPeriod(input.plan, input.usageBefore, input.period);
  const difference = subtractDecimals(after.total, input.invoicedBefore);
  if (compareDecimals(difference, 0n) < 0) {
    const credit = formatDecimal(subtractDecimals(input.invoicedBefore, after.total), AMOUNT_PLACES);
    return {
      amount: formatDecimal(difference, AMOUNT_PLACES),
      kind: 'CREDIT',
      lines: [
        line({ description: `Credit, ${periodLabel}`, quantity: '1', unitPrice: credit, amount: credit }, 'CREDIT'),
      ],
    };
  }
  const kind: ChargeKind = input.newDays ? 'REST' : 'LATE';
  const what =
    kind === 'REST'
      ? `usage ${displayDateRange(input.newDays!.start, input.newDays!.end)}`
      : `${input.rebilling ? 're-billed usage' : 'late usage'}, ${periodLabel}`;
  const differenceText = formatDecimal(difference, AMOUNT_PLACES);
  const newUnits = (index: number) => {
    const charge = input.plan.charges[index]!;
    const usage = input.usageNew[index];
    if (!usage || charge.unit === 'period') return null;
    if (charge.unit === 'interaction') return usage.interactions > 0 ? String(usage.interactions) : null;
    const added = subtractDecimals(
      usageMinutes(all[index]!.billedSeconds),
      usageMinutes(input.usageBefore[index]?.billedSeconds ?? 0),
    );
    return added.coefficient > 0n ? formatDecimal(added, QUANTITY_PLACES) : null;
  };

  // Charge by charge, when every charge's part grows and the lines before are what was invoiced.
  const afterByCharge = amountsByCharge(after.lines);
  const beforeByCharge = amountsByCharge(before.lines);
  const keys = [...new Set([...afterByCharge.keys(), ...beforeByCharge.keys()])];
  const parts = keys.map((key) => ({
    key,
    amount: subtractDecimals(afterByCharge.get(key) ?? 0n, beforeByCharge.get(key) ?? 0n),
  }));
  const perCharge =
    compareDecimals(totalOf(before.lines), input.invoicedBefore) === 0 &&
    parts.every((part) => compareDecimals(part.amount, 0n) >= 0);
  const lines: ChargeLine[] = [];
  if (perCharge) {
    for (const part of parts.sort((a, b) => (a.key === 'top-up' ? 1 : b.key === 'top-up' ? -1 : a.key - b.key))) {
      const amount = formatDecimal(part.amount, AMOUNT_PLACES);
      if (part.key === 'top-up') {
        if (part.amount.coefficient > 0n)
          lines.push(
            line({ description: `Minimum commitment top-up, ${what}`, quantity: '1', unitPrice: amount, amount }, kind),
          );
        continue;
      }
      const units = newUnits(part.key);
      if (part.amount.coefficient === 0n && units === null) continue;
      const name = input.plan.charges[part.key]!.name;
      const lastPrice = after.lines.filter((planLine) => planLine.chargeIndex === part.key).at(-1)?.unitPrice;
      if (
        units !== null &&
        lastPrice !== undefined &&
        multiplyRoundHalfUp(units, lastPrice, AMOUNT_PLACES) === amount
      ) {
        lines.push(
          line(
            { description: `${name}, ${what}`, quantity: units, unitPrice: lastPrice, amount, chargeIndex: part.key },
            kind,
          ),
        );
      } else if (part.amount.coefficient > 0n) {
        lines.push(
          line(
            { description: `${name}, ${what}`, quantity: '1', unitPrice: amount, amount, chargeIndex: part.key },
            kind,
          ),
        );
      } else {
        lines.push(
          line(
            {
              description: `${name}, ${what}, within what was invoiced`,
              quantity: units!,
              unitPrice: '0.0000',
              amount: '0.00',
              chargeIndex: part.key,
            },
            kind,
          ),
        );
      }
    }
  } else if (difference.coefficient > 0n) {
    const description =
      kind === 'REST'
        ? `Usage, ${displayDateRange(input.newDays!.start, input.newDays!.end)}`
        : `${input.rebilling ? 'Re-billed usage' : 'Late usage'}, ${periodLabel}`;
    lines.push(line({ description, quantity: '1', unitPrice: differenceText, amount: differenceText }, kind));
  } else {
    input.plan.charges.forEach((charge, index) => {
      const units = newUnits(index);
      if (units !== null)
        lines.push(
          line(
            {
              description: `${charge.name}, ${what}, within the minimum charge`,
              quantity: units,
              unitPrice: '0.0000',
              amount: '0.00',
              chargeIndex: index,
            },
            kind,
          ),
        );
    });
  }
  return { amount: differenceText, kind, lines };
}
