/**
 * The last, pure step of rating: once the calls in each box are counted, what each period of a
 * customer owes (chargeForPeriod), its lines, and whether the customer is invoiced, settled,
 * skipped or failed.
 */
import {
  billingStartDateOf,
  compareDates,
  daysInRange,
  daysInService,
  displayDateRange,
  periodContaining,
  proratedMinimum,
  subtractDayRanges,
} from '../domain';
import { chargeForPeriod, type ChargeLine, type PeriodCharge, type PeriodTerms } from '../domain/period-charge';
import { addUsage, chargeForPlanPeriod, planInService } from '../domain/plan-period-charge';
import type { ChargeUsage, RatePlan } from '../domain/rate-plan';
import { addDecimals, formatDecimal, parseDecimal, subtractDecimals } from '../domain/decimal';
import { usageMinutes, AMOUNT_PLACES } from '../domain/rating';
import { NOT_LINKED_TO_QBO } from './billing-messages';
import {
  type CustomerDraft,
  type CustomerRating,
  type PeriodScope,
  type PlannedBox,
  type PlannedPeriod,
  type ProfileRow,
  type RatingRequest,
} from './rating-plan';

/**
 * Days of a new period in service (DESIGN.md §4, periods in service), out of its days: a period cut
 * by the billing start date counts the rule's whole period; days before the billing start and days
 * the profile was inactive are out of service. Null when the period was in service every day.
 */
function inService(profile: ProfileRow, scope: PeriodScope): { days: number; of: number } | null {
  const billingStart = billingStartDateOf(profile, scope.timeZone);
  const rulePeriod = scope.period.start === billingStart ? periodContaining(profile, scope.period.end) : null;
  const whole = rulePeriod && compareDates(rulePeriod.start, scope.period.start) < 0 ? rulePeriod : scope.period;
  const of = daysInRange(whole.start, whole.end);
  const days = daysInService(scope.period, billingStart, profile.activity, scope.timeZone);
  return days < of ? { days, of } : null;
}

/**
 * Each draft rated from the boxes counted for it (`plannedBoxes` keyed "customerIndex:scopeIndex").
 * `requireQboCustomer`: a customer to invoice without a QuickBooks customer fails. `ratePlans`
 * (same keys): the rate plan in force for a period not yet recorded (none: the three fields).
 */
export function rateDrafts(
  drafts: CustomerDraft[],
  plannedBoxes: Map<string, PlannedBox[]>,
  request: Pick<RatingRequest, 'start' | 'end'>,
  options: { requireQboCustomer: boolean; ratePlans?: Map<string, RatePlan | null> },
): CustomerRating[] {
  return drafts.map((draft, customerIndex) => {
    const base = {
      customerId: draft.customer.customerId,
      profileId: draft.customer.profileId,
      periods: [] as PlannedPeriod[],
      lines: [] as ChargeLine[],
      amount: '0.00',
      creditLines: [] as ChargeLine[],
      creditAmount: '0.00',
      calls: 0,
      billedSeconds: 0,
      billedMinutes: usageMinutes(0),
      queueUsage: [] as CustomerRating['queueUsage'],
      span: null,
      qboCustomerId: draft.profile?.qboCustomerId?.trim() || null,
    };
    if (draft.outcome) return Object.assign(base, { outcome: draft.outcome, reason: draft.reason });
    const profile = draft.profile!;
    const periods: PlannedPeriod[] = draft.scopes.map((scope, scopeIndex) => {
      const periodBoxes = plannedBoxes.get(`${customerIndex}:${scopeIndex}`) ?? [];
      const calls = periodBoxes.reduce((sum, box) => sum + box.calls, 0);
      const billedSeconds = periodBoxes.reduce((sum, box) => sum + box.billedSeconds, 0);
      // A period only settled so far (no invoice fixed its terms) rates like a new one, with today's terms.
      const fixed = scope.recorded?.termsFixed ? scope.recorded : null;
      const service = fixed ? null : inService(profile, scope);
      const planInForce = fixed ? null : (options.ratePlans?.get(`${customerIndex}:${scopeIndex}`) ?? null);
      const minimumMinutes = service
        ? proratedMinimum(profile.minimumMinutes, service.days, service.of)
        : profile.minimumMinutes;
      // Under a contract with a minimum, minutes beyond what the period owes as minimum are overage
      // (amount(U) with the prorated M). A period never in service owes no minimum, so every minute
      // is overage: stored as no minimum at the overage rate, since M = 0 alone prices minutes at r
      // (which would bill a period with no day in service more than one with a day).
      const allOverage = profile.minimumMinutes > 0 && minimumMinutes === 0;
      const terms: PeriodTerms = fixed?.terms ?? {
        ratePerMinute: allOverage ? profile.overageRatePerMinute : profile.ratePerMinute,
        minimumMinutes,
        overageRatePerMinute: profile.overageRatePerMinute,
        ratePlan: planInForce ? planInService(planInForce, service) : null,
      };
      const billedBefore = scope.recorded?.billedBefore ?? false;
      const newDays = scope.requested ? subtractDayRanges(scope.requested, scope.recorded?.covered ?? []) : [];
      const chargeUsage = terms.ratePlan
        ? periodBoxes.reduce<ChargeUsage[]>((sum, box) => addUsage(sum, box.charges ?? []), [])
        : null;
      const charge: PeriodCharge = terms.ratePlan
        ? chargeForPlanPeriod({
            period: { start: scope.period.start, end: scope.period.end },
            plan: terms.ratePlan,
            taxCode: profile.taxCode,
            billedBefore,
            usageBefore: scope.recorded?.chargeUsageBefore ?? [],
            invoicedBefore: scope.recorded?.invoicedBefore ?? '0',
            usageNew: chargeUsage ?? [],
            newDays: newDays.length ? { start: newDays[0]!.start, end: newDays[newDays.length - 1]!.end } : null,
            rebilling: scope.recorded?.releasedBefore ?? false,
            prorated:
              service && service.days < service.of && planInForce !== null && Number(planInForce.minimumCharge) > 0
                ? service
                : null,
          })
        : chargeForPeriod({
            period: { start: scope.period.start, end: scope.period.end },
            terms,
            taxCode: profile.taxCode,
            billedBefore,
            billedSecondsBefore: scope.recorded?.billedSecondsBefore ?? 0,
            invoicedBefore: scope.recorded?.invoicedBefore ?? '0',
            newSeconds: billedSeconds,
            newDays: newDays.length ? { start: newDays[0]!.start, end: newDays[newDays.length - 1]!.end } : null,
            rebilling: scope.recorded?.releasedBefore ?? false,
            prorated: service && service.days < service.of && profile.minimumMinutes > 0 ? service : null,
          });
      return {
        periodId: scope.recorded?.id ?? null,
        start: scope.period.start,
        end: scope.period.end,
        startsAt: scope.bounds.from,
        endsAt: scope.bounds.to,
        timeZone: scope.timeZone,
        terms,
        fixesTerms: scope.recorded !== null && !fixed,
        requested: newDays.length || !billedBefore ? scope.requested : null,
        billedBefore,
        invoicedBefore: scope.recorded?.invoicedBefore ?? '0.00',
        billedSecondsBefore: scope.recorded?.billedSecondsBefore ?? 0,
        boxes: periodBoxes,
        calls,
        billedSeconds,
        chargeUsage,
        charge,
      };
    });
    // A period the invoice changes nothing of (no new days, no new calls) stays out of it.
    // An over-invoiced period is touched by its credit; one under-invoiced since a release (the
    // released invoice held its minimum, not only calls) by what it still owes.
    const owedAgain = (period: PlannedPeriod, index: number) =>
      Boolean(draft.scopes[index]!.recorded?.releasedBefore) && parseDecimal(period.charge.amount).coefficient > 0n;
    const touched = periods.filter(
      (period, index) =>
        period.boxes.length > 0 ||
        period.requested !== null ||
        period.charge.kind === 'CREDIT' ||
        owedAgain(period, index),
    );
    const isCredit = (period: PlannedPeriod) => period.charge.kind === 'CREDIT';
    const total = (list: PlannedPeriod[]) =>
      list.reduce((sum, period) => addDecimals(sum, period.charge.amount), parseDecimal(0n));
    const lines = touched.filter((period) => !isCredit(period)).flatMap((period) => period.charge.lines);
    const creditLines = touched.filter(isCredit).flatMap((period) => period.charge.lines);
    const amount = formatDecimal(total(touched.filter((period) => !isCredit(period))), AMOUNT_PLACES);
    const creditAmount = formatDecimal(subtractDecimals(0n, total(touched.filter(isCredit))), AMOUNT_PLACES);
    const calls = touched.reduce((sum, period) => sum + period.calls, 0);
    const billedSeconds = touched.reduce((sum, period) => sum + period.billedSeconds, 0);
    const perQueue = new Map<string, { calls: number; billedSeconds: number }>();
    for (const box of touched.flatMap((period) => period.boxes)) {
      const entry = perQueue.get(box.queueName) ?? { calls: 0, billedSeconds: 0 };
      entry.calls += box.calls;
      entry.billedSeconds += box.billedSeconds;
      perQueue.set(box.queueName, entry);
    }
    // Object.assign rather than spreads on this path, here and below: V8 copies a spread of this
    // many properties the slow way (microseconds each, for every customer of a job).
    const rated = Object.assign(base, {
      periods: touched,
      lines,
      amount,
      creditLines,
      creditAmount,
      calls,
      billedSeconds,
      billedMinutes: usageMinutes(billedSeconds),
      queueUsage: [...perQueue.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([queueName, usage]) => ({
          queueName,
          calls: usage.calls,
          billedMinutes: usageMinutes(usage.billedSeconds),
        })),
      span: touched.length ? { start: touched[0]!.start, end: touched[touched.length - 1]!.end } : null,
    });
    if (touched.length === 0) {
      const invoices = [...new Set(draft.scopes.flatMap((scope) => scope.recorded?.docNumbers ?? []))];
      const range = displayDateRange(request.start, request.end);
      return Object.assign(rated, {
        outcome: 'SKIP' as const,
        reason: `Already invoiced: every call of ${range} is billed${invoices.length ? ` (invoice ${invoices.join(', ')})` : ''}`,
      });
    }
    const hasCredit = parseDecimal(creditAmount).coefficient !== 0n;
    if (parseDecimal(amount).coefficient === 0n && !hasCredit) {
      const reason =
        calls > 0
          ? 'Nothing more to invoice: these calls are within the minimum commitment already invoiced'
          : 'No usage and no minimum commitment: nothing to invoice';
      return Object.assign(rated, { outcome: 'SETTLEMENT' as const, reason });
    }
    if (options.requireQboCustomer && !rated.qboCustomerId)
      return Object.assign(rated, { outcome: 'FAIL' as const, reason: NOT_LINKED_TO_QBO });
    return Object.assign(rated, { outcome: 'INVOICE' as const, reason: null as string | null });
  });
}
