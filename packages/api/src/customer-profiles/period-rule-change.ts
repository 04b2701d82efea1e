/**
 * A profile's period rule changing (DESIGN.md §4, "Periods are instants"): like a timezone change, the
 * new rule takes effect after the last billed period. Days before it keep the periods of the rule they
 * were in, so a period that ended unbilled under the old rule is billed as that period (with its
 * minimum, prorated as that period would be) and not as pieces of the new rule's periods, each owing
 * a minimum of its own.
 */
import type { CustomerProfile, Prisma } from '@phone-billing/db';
import { calendarFromDate } from '../domain/calendar';
import { periodRuleHistoryAfterChange, type EarlierPeriodRule, type PeriodRule } from '../domain/billing-period';

/** The profile's earlier rules after this save; undefined when its rule does not change. */
export async function periodRuleHistoryOnSave(
  tx: Prisma.TransactionClient,
  existing: CustomerProfile | null,
  next: PeriodRule,
): Promise<EarlierPeriodRule[] | undefined> {
  if (!existing) return undefined;
  if (existing.billingPeriodStart === next.billingPeriodStart && existing.billingPeriodEnd === next.billingPeriodEnd)
    return undefined;
  const last = await tx.billingPeriod.aggregate({ where: { profileId: existing.id }, _max: { periodEnd: true } });
  const lastBilledEnd = last._max.periodEnd ? calendarFromDate(last._max.periodEnd) : null;
  return periodRuleHistoryAfterChange(existing, lastBilledEnd);
}
