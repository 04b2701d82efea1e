/**
 * A profile's statistics (spec 001 "Customer statistics modal", DESIGN.md §4): its current
 * billing period up to today in the company timezone, from the stored call records, rated with
 * the profile's own rules.
 */
import { Prisma, type CustomerProfile, type Database } from '@phone-billing/db';
import type { AppServices } from '../services';
import { calendarDateInZone, compareDates, dayRangeToInstants, type CalendarDate } from '../domain/calendar';
import { currentPeriod } from '../domain/billing-period';
import { rateUsage, usageMinutes } from '../domain/rating';
import { billedSecondsSql } from '../domain/billed-seconds';
import { billableCallSql } from '../domain/billable-interactions';
import { getOrganizationSettings } from '../settings/organization-settings';
import { getProfile } from './profiles';
import { QBO_PROFILE_FIELDS } from '../shared/customer-profile';

export type QueueUsage = { calls: number; minutes: number; amount: number };

export type ProfileStats = {
  totalCalls: number;
  /** Billed minutes (each call rounded up to the billing increment), as rated. */
  totalMinutes: number;
  /** The period so far rated with the profile's rules (minimum, overage), in dollars. */
  totalAmount: number;
  /** Mean talk time per call in minutes (2 places); 0 without calls. */
  averageCallDuration: number;
  lastCallDate: string | null;
  queueUsage: Record<string, QueueUsage>;
  qboMetadata: Record<string, string | null>;
  period: { start: CalendarDate; end: CalendarDate };
};

/** The QuickBooks fields the statistics modal shows (null when empty: the UI says 'Not set'). */
export function statsQboMetadata(profile: CustomerProfile): Record<string, string | null> {
  const fields = ['qboCustomerId', ...QBO_PROFILE_FIELDS] as const;
  return Object.fromEntries(fields.map((field) => [field, profile[field]?.trim() ? profile[field]!.trim() : null]));
}

/**
 * Splits `totalCents` over queues in proportion to their billed seconds (largest remainder, so
 * the parts add up to the total exactly). With no minimum this is each queue's minutes × rate;
 * with a minimum commitment each queue carries its share of the minimum and the overage.
 */
export function splitAmount(totalCents: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (weightSum <= 0 || totalCents <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (totalCents * weight) / weightSum);
  const parts = exact.map(Math.floor);
  let remaining = totalCents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (remaining <= 0) break;
    parts[index]! += 1;
    remaining--;
  }
  return parts;
}

type QueueRow = { queueName: string; calls: bigint; seconds: bigint; billedSeconds: bigint; lastCall: Date | null };

/**
 * Per-queue sums of the calls in [from, toExclusive) a run would bill on the given queue names:
 * billable voice calls, each rounded up to the increment, by the rules billing uses.
 */
async function queueTotals(
  db: Database,
  queueNames: string[],
  from: Date,
  toExclusive: Date,
  incrementSeconds: number,
) {
  if (queueNames.length === 0) return [];
  return db.$queryRaw<QueueRow[]>`
    SELECT q."name" AS "queueName",
           COUNT(*)::bigint AS "calls",
           COALESCE(SUM(c."duration"), 0)::bigint AS "seconds",
           COALESCE(SUM(${Prisma.raw(billedSecondsSql('c."duration"', incrementSeconds))}), 0)::bigint AS "billedSeconds",
           MAX(c."startTime") AS "lastCall"
      FROM "call_records" c
      JOIN "genesys_queues" q ON q."id" = c."queueId"
     WHERE ${Prisma.raw(billableCallSql('c'))}
       AND q."name" = ANY(${queueNames}::text[])
       AND c."startTime" >= ${from}
       AND c."startTime" < ${toExclusive}
     GROUP BY q."name"
     ORDER BY q."name"`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function profileStats(
  services: Pick<AppServices, 'db' | 'integrations' | 'logger'>,
  id: string,
  now: Date = new Date(),
): Promise<ProfileStats> {
  const { db } = services;
  const profile = await getProfile(db, id);
  const settings = await getOrganizationSettings(db);
  const today = calendarDateInZone(now, settings.timezone);
  const period = currentPeriod(profile, today);
  const end = compareDates(period.end, today) < 0 ? period.end : today;

  const genesys = services.integrations.genesys;
  if (genesys) {
    try {
      await genesys.ensureCallRecords({ startDate: period.start, endDate: end });
    } catch (error) {
      // Stored calls still answer; the Genesys screen reports the connection problem.
      services.logger.warn({ err: error, profileId: id }, 'Could not pull call records for customer statistics');
    }
  }

  const { from, toExclusive } = dayRangeToInstants(period.start, end, settings.timezone);
  const increment = settings.billingIncrementSeconds;
  const rows = await queueTotals(db, profile.genesysQueueNames, from, toExclusive, increment);

  const totalCalls = rows.reduce((sum, row) => sum + Number(row.calls), 0);
  const totalSeconds = rows.reduce((sum, row) => sum + Number(row.seconds), 0);
  const totalBilled = rows.reduce((sum, row) => sum + Number(row.billedSeconds), 0);
  const rating = rateUsage({
    billedSeconds: totalBilled,
    ratePerMinute: profile.ratePerMinute.toString(),
    minimumMinutes: profile.minimumMinutes,
    overageRatePerMinute: profile.overageRatePerMinute.toString(),
    taxCode: profile.taxCode,
  });
  const totalCents = Math.round(Number(rating.total) * 100);
  const shares = splitAmount(
    totalCents,
    rows.map((row) => Number(row.billedSeconds)),
  );
  const lastCall = rows.reduce<Date | null>(
    (latest, row) => (row.lastCall && (!latest || row.lastCall > latest) ? row.lastCall : latest),
    null,
  );

  return {
    totalCalls,
    totalMinutes: Number(rating.usageMinutes),
    totalAmount: Number(rating.total),
    averageCallDuration: totalCalls > 0 ? round2(totalSeconds / totalCalls / 60) : 0,
    lastCallDate: lastCall ? lastCall.toISOString() : null,
    queueUsage: Object.fromEntries(
      rows.map((row, index) => [
        row.queueName,
        {
          calls: Number(row.calls),
          minutes: Number(usageMinutes(Number(row.billedSeconds))),
          amount: shares[index]! / 100,
        },
      ]),
    ),
    qboMetadata: statsQboMetadata(profile),
    period: { start: period.start, end },
  };
}
