import type { Database } from '@phone-billing/db';
import { addDays, compareDates } from '../domain/calendar';
import { addDecimals, formatDecimal, parseDecimal } from '../domain/decimal';
import { rateUsage } from '../domain/rating';
import type { GenesysService } from '../integrations';
import type { DashboardOverview, DashboardUsageDay } from '../shared/dashboard';
import { currentMonthInZone } from './month';
import type { RequestCache } from '../request-cache';
import { readSettingsForRequest } from '../settings/organization-settings';
import { readMonthUsage } from './month-usage';

/** Talk seconds as minutes with 2 places (a number: it is a figure for people, not money). */
export function secondsToMinutes(seconds: number): number {
  return Math.round((seconds / 60) * 100) / 100;
}

type QueueRow = { id: string; name: string };
type ProfileRow = {
  genesysQueueNames: string[];
  ratePerMinute: string;
  minimumMinutes: number;
  overageRatePerMinute: string;
};

type SummaryRow = {
  total: number;
  successful: number;
  failed: number;
  invoices: number;
  revenue: string;
  queues: unknown;
  profiles: unknown;
};

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** No queues stored yet: ask Genesys once, never waiting long for it. */
async function queuesFromGenesys(genesys: GenesysService | undefined): Promise<QueueRow[]> {
  if (!genesys) return [];
  return Promise.race([
    genesys
      .listQueues()
      .then((queues) => queues.map(({ id, name }) => ({ id, name })))
      .catch(() => []),
    new Promise<QueueRow[]>((resolve) => setTimeout(() => resolve([]), 2000).unref?.()),
  ]);
}

/**
 * GET /dashboard/overview. Billing figures cover all jobs; revenue and invoices are the invoices
 * QuickBooks created (invoice ledger entries in state CREATED, so dry runs and failures never
 * count); usage is this calendar month in the company timezone, and its amount the month so far
 * rated with each active profile's rules (calls attributed by queue: call_records.queueId →
 * genesys_queues.name ∈ profile.genesysQueueNames).
 */
export async function dashboardOverview(
  db: Database,
  options: { now?: Date; genesys?: GenesysService; cache?: RequestCache } = {},
): Promise<DashboardOverview> {
  const now = options.now ?? new Date();
  const settings = await readSettingsForRequest(db, options.cache);
  const timeZone = settings.timezone;
  const increment = settings.billingIncrementSeconds > 0 ? settings.billingIncrementSeconds : 60;
  const month = currentMonthInZone(now, timeZone);

  // Two statements side by side: this month's usage, and everything else in one round trip.
  const [usage, summaryRows] = await Promise.all([
    readMonthUsage(db, month, timeZone, increment),
    db.$queryRaw<SummaryRow[]>`
      SELECT jobs.total, jobs.successful, jobs.failed, ledger.invoices, ledger.revenue,
             (SELECT COALESCE(json_agg(json_build_object('id', id, 'name', name)), '[]'::json) FROM genesys_queues) AS queues,
             (SELECT COALESCE(json_agg(json_build_object(
                        'genesysQueueNames', "genesysQueueNames",
                        'ratePerMinute', "ratePerMinute"::text,
                        'minimumMinutes', "minimumMinutes",
                        'overageRatePerMinute', "overageRatePerMinute"::text)), '[]'::json)
                FROM customer_profiles WHERE "isActive") AS profiles
        FROM (SELECT count(*)::int AS total,
                     count(*) FILTER (WHERE status = 'COMPLETED')::int AS successful,
                     count(*) FILTER (WHERE status = 'FAILED')::int AS failed
                FROM billing_jobs) AS jobs,
             (SELECT count(*)::int AS invoices, COALESCE(sum(amount), 0)::text AS revenue
                FROM invoice_ledger WHERE state = 'CREATED') AS ledger`,
  ]);
  const summary = summaryRows[0]!;
  const profiles = parseJson<ProfileRow[]>(summary.profiles);
  let queues = parseJson<QueueRow[]>(summary.queues);
  if (queues.length === 0) queues = await queuesFromGenesys(options.genesys);

  const { byDay, billedSecondsByQueueId: billedByQueueId } = usage;
  let totalCalls = 0;
  let totalSeconds = 0;
  for (const day of byDay.values()) {
    totalCalls += day.calls;
    totalSeconds += day.seconds;
  }

  const billedByQueueName = new Map<string, number>();
  for (const queue of queues) {
    billedByQueueName.set(queue.name, (billedByQueueName.get(queue.name) ?? 0) + (billedByQueueId.get(queue.id) ?? 0));
  }

  let estimated = parseDecimal(0n);
  for (const profile of profiles) {
    const names = new Set(profile.genesysQueueNames);
    let billedSeconds = 0;
    for (const name of names) billedSeconds += billedByQueueName.get(name) ?? 0;
    const rated = rateUsage({
      billedSeconds,
      ratePerMinute: profile.ratePerMinute,
      minimumMinutes: profile.minimumMinutes,
      overageRatePerMinute: profile.overageRatePerMinute,
    });
    estimated = addDecimals(estimated, rated.total);
  }

  // Every day of the month so far, zeros included, so the chart has no gaps.
  const days: DashboardUsageDay[] = [];
  const lastDay = compareDates(month.today, month.end) < 0 ? month.today : month.end;
  for (let day = month.start, index = 0; compareDates(day, lastDay) <= 0; day = addDays(day, 1), index++) {
    const usage = byDay.get(index) ?? { calls: 0, seconds: 0 };
    days.push({ date: day, calls: usage.calls, minutes: secondsToMinutes(usage.seconds) });
  }

  const jobs = summary;
  const ledger = summary;
  return {
    queues: { total: queues.length },
    billing: {
      totalRevenue: formatDecimal(ledger.revenue, 2),
      totalJobs: jobs.total,
      successfulJobs: jobs.successful,
      failedJobs: jobs.failed,
      totalInvoices: ledger.invoices,
    },
    usage: {
      totalMinutes: secondsToMinutes(totalSeconds),
      totalCalls,
      totalAmount: formatDecimal(estimated, 2),
      month: month.month,
      periodStart: month.start,
      periodEnd: month.end,
      byDay: days,
    },
    config: { timezone: timeZone, currency: settings.currency },
  };
}
