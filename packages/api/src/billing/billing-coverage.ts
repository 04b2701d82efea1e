/**
 * Billing coverage of a profile (GET /customer-profiles/{id}/billing-coverage, the statistics
 * modal's "Billing coverage"): which periods are billed and by which invoices, which ended ones
 * are not, and the calls that arrived after their period was billed.
 */
import type { Database } from '@phone-billing/db';
import {
  addDays,
  billingPeriodsBetween,
  calendarDateInZone,
  compareDates,
  coversDays,
  mergeDayRanges,
  subtractDayRanges,
  usageMinutes,
  type DayRange,
} from '../domain';
import { notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { BillingCoverageView } from '../shared/billing';
import { listUnownedCalls } from '../unowned-calls/unowned-calls';
import { billingStartDateOf, loadProfiles, loadRecordedPeriods, type RecordedPeriod } from './rate-customers';
import { periodBounds, windowInstants, type PeriodScope } from './rating-plan';
import { countNotInPlan } from './not-in-plan';
import { unbilledCalls, type UnbilledWindow } from './unbilled-calls';

type Window = UnbilledWindow;

/** The profile's coverage as of `today` (company timezone). */
export async function billingCoverage(db: Database, profileId: string, now = new Date()): Promise<BillingCoverageView> {
  const profile = (await loadProfiles(db, [profileId])).get(profileId);
  if (!profile) throw notFound('Customer profile');
  const settings = await getOrganizationSettings(db);
  const timeZone = settings.timezone;
  const today = calendarDateInZone(now, timeZone);
  const billingStart = billingStartDateOf(profile, timeZone);
  const recorded: RecordedPeriod[] = (await loadRecordedPeriods(db, [profileId])).get(profileId) ?? [];
  const billed = recorded.filter((period) => period.billedBefore);

  const invoices = await db.$queryRaw<
    Array<{
      periodId: string;
      qboInvoiceId: string | null;
      docNumber: string;
      jobId: string | null;
      billingJobId: string;
      state: string;
      kind: string;
      qboStatus: string | null;
      amount: string;
    }>
  >`
    SELECT pl."periodId"::text AS "periodId", l."qboInvoiceId", l."docNumber", j."jobId", l."billingJobId"::text AS "billingJobId", l.state, l.kind, l."qboStatus", pl.amount::text AS amount
    FROM invoice_period_lines pl
    JOIN invoice_ledger l ON l.id = pl."ledgerId"
    LEFT JOIN billing_jobs j ON j.id = l."billingJobId"
    JOIN billing_periods bp ON bp.id = pl."periodId"
    WHERE bp."profileId" = ${profileId}::uuid
    ORDER BY l."createdAt"`;

  const yesterday = addDays(today, -1);
  const ended =
    compareDates(billingStart, yesterday) <= 0
      ? billingPeriodsBetween(profile, billingStart, billingStart, yesterday, recorded).filter(
          (period) => compareDates(period.end, today) < 0,
        )
      : [];
  const unbilled = ended.filter((period) => {
    const record = recorded.find((candidate) => candidate.start === period.start);
    return !record || !coversDays(record.covered, period);
  });

  // Calls waiting: in the days the unbilled periods still miss, and (late) in days already billed,
  // each period read as the instants it covers (its own zone once recorded).
  const windows: Window[] = [];
  const push = (scope: Pick<PeriodScope, 'period' | 'bounds' | 'timeZone'>, days: DayRange, key: string) => {
    const instants = windowInstants(scope, days);
    if (instants) windows.push({ ...instants, key });
  };
  const scopeOf = (period: DayRange, record: RecordedPeriod | undefined) =>
    record
      ? {
          period: { ...period, recorded: true },
          bounds: { from: record.startsAt, to: record.endsAt },
          timeZone: record.timeZone,
        }
      : { period: { ...period, recorded: false }, bounds: periodBounds(period, recorded, timeZone), timeZone };
  for (const period of unbilled) {
    const record = recorded.find((candidate) => candidate.start === period.start);
    for (const [index, days] of subtractDayRanges(period, record?.covered ?? []).entries())
      push(scopeOf(period, record), days, `unbilled:${period.start}:${index}`);
  }
  for (const period of billed) {
    for (const [index, days] of mergeDayRanges(period.covered).entries()) {
      const clipped = compareDates(days.start, billingStart) < 0 ? { start: billingStart, end: days.end } : days;
      if (compareDates(clipped.start, clipped.end) <= 0)
        push(scopeOf(period, period), clipped, `late:${period.start}:${index}`);
    }
  }
  const [waiting, notInPlan] = await Promise.all([
    unbilledCalls(db, profile.genesysQueueNames, windows, settings.billingIncrementSeconds),
    countNotInPlan(db, billed, settings.billingIncrementSeconds),
  ]);
  const sum = (prefix: string) => {
    let calls = 0;
    let billedSeconds = 0;
    for (const [key, value] of waiting) {
      if (!key.startsWith(prefix)) continue;
      calls += value.calls;
      billedSeconds += value.billedSeconds;
    }
    return { calls, billedSeconds };
  };

  const fullyBilled = recorded.filter((period) => period.billedBefore && coversDays(period.covered, period));
  const live = (state: string) => state !== 'RELEASED';
  return {
    billingStartDate: billingStart,
    billedThrough: fullyBilled.length ? fullyBilled[fullyBilled.length - 1]!.end : null,
    periods: billed.map((period) => ({
      start: period.start,
      end: period.end,
      calls: period.billedCallsBefore,
      billedMinutes: Number(usageMinutes(period.billedSecondsBefore)),
      amountInvoiced: Number(period.invoicedBefore),
      fullyBilled: coversDays(period.covered, period),
      notInPlan: notInPlan.get(period.id) ?? 0,
      lateCalls: (() => {
        const counts = sum(`late:${period.start}:`);
        return { count: counts.calls, minutes: Number(usageMinutes(counts.billedSeconds)) };
      })(),
      invoices: invoices
        .filter((invoice) => invoice.periodId === period.id && live(invoice.state))
        .map((invoice) => ({
          qboInvoiceId: invoice.qboInvoiceId,
          docNumber: invoice.docNumber,
          jobId: invoice.jobId,
          billingJobId: invoice.billingJobId,
          kind: invoice.kind,
          state: invoice.state,
          qboStatus: invoice.qboStatus,
          amount: Number(invoice.amount),
        })),
    })),
    unbilledPeriods: unbilled.map((period) => {
      const counts = sum(`unbilled:${period.start}:`);
      return {
        start: period.start,
        end: period.end,
        calls: counts.calls,
        billedMinutes: Number(usageMinutes(counts.billedSeconds)),
      };
    }),
    lateCalls: (() => {
      const counts = sum('late:');
      return { count: counts.calls, minutes: Number(usageMinutes(counts.billedSeconds)) };
    })(),
    unownedCalls: (await listUnownedCalls(db, { queueNames: profile.genesysQueueNames })).queues,
  };
}
