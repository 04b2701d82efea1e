/**
 * Quotes (DESIGN.md §4 "Rate plans"): what a plan — the profile's, or one proposed — would have
 * billed over past days, period by period, beside what those periods were actually invoiced.
 * Bills, reserves and records nothing: it counts every billable interaction of the profile's queues
 * in those days (invoiced or not) with the same SQL rating uses, and prices each whole period
 * (its period fees and minimum included) with the same rules.
 */
import type { Database } from '@phone-billing/db';
import { AppError, notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import {
  billingPeriodsBetween,
  calendarDateInZone,
  compareDates,
  daysInRange,
  intersectDayRanges,
  startOfDayInZone,
  addDays,
  type CalendarDate,
} from '../domain';
import { addDecimals, formatDecimal, parseDecimal } from '../domain/decimal';
import { addUsage } from '../domain/plan-period-charge';
import { planFromProfileFields, pricePlanPeriod, type ChargeUsage, type RatePlan } from '../domain/rate-plan';
import type { TQuote, TRatePlan } from '../shared/rate-plan';
import { loadRatePlanVersions, planInForce, storedPlan } from '../rate-plans/profile-rate-plan';
import { countPlanUsageInBoxes } from './plan-usage-queries';
import { loadQueueIds, loadRecordedPeriods } from './rating-queries';

/** A quote covers at most this many days, as a manual run does. */
export const MAX_QUOTE_DAYS = 366;

export async function quoteRatePlan(
  db: Database,
  input: { customerProfileId: string; ratePlan?: TRatePlan; startDate: CalendarDate; endDate: CalendarDate },
  now = new Date(),
): Promise<TQuote> {
  const profile = await db.customerProfile.findUnique({ where: { id: input.customerProfileId } });
  if (!profile) throw notFound('Customer profile');
  const settings = await getOrganizationSettings(db);
  const timeZone = settings.timezone;
  const today = calendarDateInZone(now, timeZone);
  if (compareDates(input.endDate, today) >= 0) {
    throw new AppError('BAD_REQUEST', `A quote covers past days: the end date must be before today (${timeZone})`, [
      { msg: `A quote covers past days: the end date must be before today (${timeZone})`, path: 'endDate' },
    ]);
  }
  if (daysInRange(input.startDate, input.endDate) > MAX_QUOTE_DAYS) {
    throw new AppError('BAD_REQUEST', `A quote can span at most ${MAX_QUOTE_DAYS} days`, [
      { msg: `A quote can span at most ${MAX_QUOTE_DAYS} days`, path: 'startDate' },
    ]);
  }

  const recorded = (await loadRecordedPeriods(db, [profile.id])).get(profile.id) ?? [];
  const versions = (await loadRatePlanVersions(db, [profile.id])).get(profile.id) ?? [];
  const proposed: RatePlan | null = input.ratePlan ? storedPlan(input.ratePlan) : null;
  const fieldsPlan = planFromProfileFields(
    {
      ratePerMinute: profile.ratePerMinute.toString(),
      minimumMinutes: profile.minimumMinutes,
      overageRatePerMinute: profile.overageRatePerMinute.toString(),
    },
    settings.billingIncrementSeconds,
  );
  const periods = billingPeriodsBetween(profile, input.startDate, input.startDate, input.endDate, recorded);
  const queueIds = [...(await loadQueueIds(db, profile.genesysQueueNames)).values()].flat();

  // A proposed plan prices every period; otherwise each period's own terms: those its first invoice
  // fixed, else the plan in force on its first day, else the spec's fields.
  const planFor = (recordedPeriod: (typeof recorded)[number] | null, start: CalendarDate): RatePlan => {
    if (proposed) return proposed;
    if (recordedPeriod)
      return (
        recordedPeriod.terms.ratePlan ?? planFromProfileFields(recordedPeriod.terms, settings.billingIncrementSeconds)
      );
    return planInForce(versions, start) ?? fieldsPlan;
  };
  const quoted: TQuote['periods'] = [];
  let total = parseDecimal(0n);
  for (const period of periods) {
    const recordedPeriod = recorded.find((candidate) => candidate.start === period.start) ?? null;
    const plan = planFor(recordedPeriod, period.start);
    const days = intersectDayRanges(period, { start: input.startDate, end: input.endDate })!;
    const from = startOfDayInZone(days.start, timeZone).getTime();
    const to = startOfDayInZone(addDays(days.end, 1), timeZone).getTime();
    const boxes = queueIds.map((queueId) => ({
      queueId,
      startFrom: from,
      startTo: to,
      seqFrom: 0,
      seqTo: Number.MAX_SAFE_INTEGER,
    }));
    const counted = await countPlanUsageInBoxes(db, boxes, plan, timeZone);
    let usage: ChargeUsage[] = [];
    let notInPlan = 0;
    for (const count of counted.values()) {
      usage = addUsage(usage, count.charges);
      notInPlan += count.notInPlan;
    }
    const priced = pricePlanPeriod(plan, usage, period);
    total = addDecimals(total, priced.total);
    quoted.push({
      start: period.start,
      end: period.end,
      lines: priced.lines.map(({ description, quantity, unitPrice, amount }) => ({
        description,
        quantity,
        unitPrice,
        amount,
      })),
      amount: priced.total,
      notInPlan,
      invoiced: recordedPeriod?.billedBefore ? recordedPeriod.invoicedBefore : null,
    });
  }
  return { periods: quoted, amount: formatDecimal(total, 2) };
}
