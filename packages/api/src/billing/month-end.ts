/**
 * The Month end screen (issue 24; GET /month-end): for one calendar month, each customer's state
 * (billed, not billed, failed, late usage waiting, voided, period not ended) with its amount,
 * the calls nobody is billed for, and the pre-flight of billing what is missing. Billing rules are
 * not re-derived here: periods, what is billed and what waits come from billing coverage
 * (billing-coverage.ts), amounts from the rating rule (domain/rating.ts), warnings from preflight.ts.
 */
import type { AppServices } from '../services';
import {
  addDays,
  billingPeriodsBetween,
  calendarDateInZone,
  compareDates,
  dayRangeToInstants,
  daysInMonth,
  formatCalendarDate,
  rateUsage,
  type CalendarDate,
} from '../domain';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { TBillMissing, TMonthEnd, TMonthEndCustomer, TMonthEndState } from '../shared/month-end';
import { MONTH_END_STATES } from '../shared/month-end';
import type { BillingCoverageView } from '../shared/billing';
import { billingCoverage } from './billing-coverage';
import { listUnownedCalls } from '../unowned-calls/unowned-calls';
import { billingPreflight } from './preflight';
import { billingStartDateOf, loadRecordedPeriods } from './rate-customers';
import { startManualJob } from './start-job';
import type { AuditActor } from '../auth/audit';

/** First and last day of 'YYYY-MM'. */
export function monthRange(month: string): { start: CalendarDate; end: CalendarDate } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    start: formatCalendarDate({ year, month: monthNumber, day: 1 }),
    end: formatCalendarDate({ year, month: monthNumber, day: daysInMonth(year, monthNumber) }),
  };
}

type ProfileForMonth = {
  id: string;
  qboDisplayName: string;
  ratePerMinute: { toString(): string };
  minimumMinutes: number;
  overageRatePerMinute: { toString(): string };
  genesysQueueNames: string[];
  billingPeriodStart: number;
  billingPeriodEnd: number;
  billingStartDate: Date | null;
  createdAt: Date;
  isActive: boolean;
  archivedAt: Date | null;
};

const cents = (value: number) => Math.round(value * 100) / 100;
const overlaps = (period: { start: string; end: string }, range: { start: string; end: string }) =>
  compareDates(period.start, range.end) <= 0 && compareDates(period.end, range.start) >= 0;

/**
 * What a period that is not billed in full still owes at the profile's current terms: amount(U)
 * of all its calls (minimum included) less what its invoices already bill. An estimate: the run
 * itself fixes the terms and prorates.
 */
function missingFor(
  profile: ProfileForMonth,
  billedMinutes: number,
  unbilledMinutes: number,
  invoiced: number,
): number {
  const seconds = Math.round((billedMinutes + unbilledMinutes) * 60);
  const rating = rateUsage({
    billedSeconds: seconds,
    ratePerMinute: profile.ratePerMinute.toString(),
    minimumMinutes: profile.minimumMinutes,
    overageRatePerMinute: profile.overageRatePerMinute.toString(),
  });
  return Math.max(0, cents(Number(rating.total) - invoiced));
}

/** One customer's month, from its coverage. Null when none of its periods touches the month. */
function customerMonth(
  profile: ProfileForMonth,
  coverage: BillingCoverageView,
  periods: Array<{ start: CalendarDate; end: CalendarDate }>,
  range: { start: CalendarDate; end: CalendarDate },
  today: CalendarDate,
  failure: string | null,
): TMonthEndCustomer | null {
  if (periods.length === 0) return null;
  const billed = coverage.periods.filter((period) => overlaps(period, range));
  const unbilled = coverage.unbilledPeriods.filter((period) => overlaps(period, range));
  const invoices = billed.flatMap((period) => period.invoices.filter((invoice) => invoice.kind === 'INVOICE'));
  const live = invoices.filter((invoice) => !invoice.qboStatus || invoice.qboStatus === 'active');
  const billedAmount = cents(live.reduce((sum, invoice) => sum + invoice.amount, 0));
  let missingAmount = 0;
  for (const period of unbilled) {
    const record = billed.find((candidate) => candidate.start === period.start);
    missingAmount += missingFor(profile, record?.billedMinutes ?? 0, period.billedMinutes, record?.amountInvoiced ?? 0);
  }
  missingAmount = cents(missingAmount);
  const lateCalls = billed.reduce(
    (sum, period) => ({ count: sum.count + period.lateCalls.count, minutes: sum.minutes + period.lateCalls.minutes }),
    { count: 0, minutes: 0 },
  );
  const voided = invoices.some((invoice) => invoice.qboStatus === 'voided' || invoice.qboStatus === 'deleted');
  const waiting = periods.some((period) => compareDates(period.end, today) >= 0);

  let state: TMonthEndState = 'BILLED';
  if (voided) state = 'VOIDED';
  else if (unbilled.length > 0 && failure) state = 'FAILED';
  else if (unbilled.length > 0) state = 'NOT_BILLED';
  else if (lateCalls.count > 0) state = 'LATE_USAGE_WAITING';
  else if (waiting && billed.length === 0) state = 'NOT_DUE';

  const overageRate = Number(profile.overageRatePerMinute.toString());
  const lateAmount = lateCalls.count > 0 ? cents(lateCalls.minutes * overageRate) : 0;
  let amount = missingAmount;
  if (state === 'BILLED' || state === 'VOIDED') amount = billedAmount;
  else if (state === 'LATE_USAGE_WAITING') amount = lateAmount;
  return {
    customerProfileId: profile.id,
    customerName: profile.qboDisplayName,
    state,
    amount,
    billedAmount,
    missingAmount,
    lateCalls: { count: lateCalls.count, minutes: Math.round(lateCalls.minutes * 10_000) / 10_000 },
    failure: state === 'FAILED' ? failure : null,
    periods: periods.map((period) => {
      const open = unbilled.find((candidate) => candidate.start === period.start);
      const done = billed.find((candidate) => candidate.start === period.start);
      const running = compareDates(period.end, today) >= 0;
      const status = open ? 'NOT_BILLED' : done ? 'BILLED' : running ? 'NOT_DUE' : 'BILLED';
      const calls = (open?.calls ?? 0) + (done?.calls ?? 0);
      const minutes = (open?.billedMinutes ?? 0) + (done?.billedMinutes ?? 0);
      return { start: period.start, end: period.end, status, calls, minutes };
    }),
    invoices: onePerInvoice(invoices).map((invoice) => ({
      docNumber: invoice.docNumber,
      qboInvoiceId: invoice.qboInvoiceId,
      jobId: invoice.jobId,
      amount: invoice.amount,
      qboStatus: invoice.qboStatus === 'active' ? null : (invoice.qboStatus?.toUpperCase() ?? null),
    })),
  };
}

/**
 * One entry per invoice: coverage lists an invoice under each period it bills (with that period's
 * share), so an invoice over two periods of the month would show twice; its shares are added up.
 */
function onePerInvoice<T extends { docNumber: string; amount: number }>(invoices: T[]): T[] {
  const byDocNumber = new Map<string, T>();
  for (const invoice of invoices) {
    const seen = byDocNumber.get(invoice.docNumber);
    byDocNumber.set(invoice.docNumber, seen ? { ...seen, amount: cents(seen.amount + invoice.amount) } : invoice);
  }
  return [...byDocNumber.values()];
}

/** The last real (not dry) attempt for each profile over days of the range, when it failed: its reason. */
type MonthRange = { start: CalendarDate; end: CalendarDate };

async function lastFailures(services: AppServices, range: MonthRange): Promise<Map<string, string>> {
  const rows = await services.db.$queryRaw<Array<{ profileId: string; status: string; error: string | null }>>`
    SELECT DISTINCT ON (c."profileId") c."profileId"::text AS "profileId", c.status::text AS status, c.error
      FROM billing_job_customers c JOIN billing_jobs j ON j.id = c."billingJobId"
     WHERE j.type <> 'DRY_RUN' AND c."profileId" IS NOT NULL
       AND c."periodStart" <= ${range.end}::date AND c."periodEnd" >= ${range.start}::date
     ORDER BY c."profileId", c."updatedAt" DESC`;
  const failed = rows.filter((row) => row.status === 'FAILED');
  return new Map(failed.map((row) => [row.profileId, row.error ?? 'The last attempt failed']));
}

/** The month's unowned calls (unowned-calls.ts decides which calls nobody bills), per queue. */
async function monthUnowned(services: AppServices, range: MonthRange, timeZone: string): Promise<TMonthEnd['unowned']> {
  const startedWithin = dayRangeToInstants(range.start, range.end, timeZone);
  const unowned = await listUnownedCalls(services.db, { startedWithin });
  return {
    calls: unowned.totals.calls,
    minutes: unowned.totals.minutes,
    queues: unowned.queues.map((queue) => ({
      name: queue.queueName,
      calls: queue.calls,
      minutes: queue.minutes,
      reason: queue.reasonText,
    })),
  };
}

/** GET /month-end: the month's billing, customer by customer, worst first. */
export async function monthEndView(services: AppServices, month: string, now = new Date()): Promise<TMonthEnd> {
  const { db } = services;
  const range = monthRange(month);
  const { timezone } = await getOrganizationSettings(db);
  const today = calendarDateInZone(now, timezone);
  const profiles: ProfileForMonth[] = await db.customerProfile.findMany({
    where: {
      OR: [
        { isActive: true, archivedAt: null },
        {
          billingPeriods: {
            some: {
              periodStart: { lte: new Date(`${range.end}T00:00:00Z`) },
              periodEnd: { gte: new Date(`${range.start}T00:00:00Z`) },
            },
          },
        },
      ],
    },
    select: {
      id: true,
      qboDisplayName: true,
      ratePerMinute: true,
      minimumMinutes: true,
      overageRatePerMinute: true,
      genesysQueueNames: true,
      billingPeriodStart: true,
      billingPeriodEnd: true,
      periodRuleHistory: true,
      billingStartDate: true,
      createdAt: true,
      isActive: true,
      archivedAt: true,
    },
    orderBy: { qboDisplayName: 'asc' },
  });
  const recorded = await loadRecordedPeriods(
    db,
    profiles.map((profile) => profile.id),
  );
  const failures = await lastFailures(services, range);
  const customers: TMonthEndCustomer[] = [];
  for (const profile of profiles) {
    const billingStart = billingStartDateOf(profile, timezone);
    const own = recorded.get(profile.id) ?? [];
    const periods = billingPeriodsBetween(profile, billingStart, range.start, range.end, own);
    const coverage = await billingCoverage(db, profile.id, now);
    const customer = customerMonth(profile, coverage, periods, range, today, failures.get(profile.id) ?? null);
    if (customer) customers.push(customer);
  }
  const rank = (customer: TMonthEndCustomer) => MONTH_END_STATES.indexOf(customer.state);
  customers.sort((a, b) => rank(a) - rank(b) || a.customerName.localeCompare(b.customerName));

  // Only active profiles are billed: a run over an archived profile's queues bills their new holder.
  const missing = missingRuns(
    customers,
    profiles.filter((profile) => profile.isActive && !profile.archivedAt),
    today,
  );
  const warnings: TMonthEnd['warnings'] = [];
  for (const run of missing) {
    const runInput = {
      billingPeriodStart: run.start,
      billingPeriodEnd: run.end,
      isDryRun: false,
      selectedQueues: run.queues,
    };
    const check = await billingPreflight(services, runInput, now);
    for (const warning of check.warnings) {
      const seen = warnings.some((known) => known.code === warning.code && known.message === warning.message);
      if (!seen) warnings.push(warning);
    }
  }
  return {
    month,
    ...range,
    customers,
    unowned: await monthUnowned(services, range, timezone),
    warnings,
    totals: {
      billed: cents(customers.reduce((sum, customer) => sum + customer.billedAmount, 0)),
      missing: cents(customers.reduce((sum, customer) => sum + customer.missingAmount, 0)),
    },
  };
}

export type MissingRun = { start: CalendarDate; end: CalendarDate; queues: string[]; customers: string[] };

/**
 * The runs that bill exactly the missing periods: per customer, from its first to its last ended
 * period not billed in full; customers with the same days share a run (over their queues).
 */
export function missingRuns(
  customers: TMonthEndCustomer[],
  profiles: Array<{ id: string; genesysQueueNames: string[] }>,
  today: CalendarDate,
): MissingRun[] {
  const runs = new Map<string, MissingRun>();
  const yesterday = addDays(today, -1);
  for (const customer of customers) {
    const open = customer.periods.filter(
      (period) => period.status === 'NOT_BILLED' && compareDates(period.end, yesterday) <= 0,
    );
    if (open.length === 0) continue;
    const profile = profiles.find((candidate) => candidate.id === customer.customerProfileId);
    if (!profile || profile.genesysQueueNames.length === 0) continue;
    const start = open[0]!.start;
    const end = open[open.length - 1]!.end;
    const key = `${start}..${end}`;
    const run = runs.get(key) ?? { start, end, queues: [], customers: [] };
    for (const queue of profile.genesysQueueNames) if (!run.queues.includes(queue)) run.queues.push(queue);
    run.customers.push(customer.customerName);
    runs.set(key, run);
  }
  return [...runs.values()];
}

/**
 * "Bill what is missing": starts a run (real or dry) for each range of missing periods that
 * monthEndView finds, over exactly the customers it names. Nothing missing: no job.
 */
export async function billMissing(
  services: AppServices,
  input: { month: string; isDryRun: boolean },
  actor: AuditActor | null,
  now = new Date(),
): Promise<TBillMissing> {
  const view = await monthEndView(services, input.month, now);
  const profiles = await services.db.customerProfile.findMany({
    where: {
      id: { in: view.customers.map((customer) => customer.customerProfileId) },
      isActive: true,
      archivedAt: null,
    },
    select: { id: true, genesysQueueNames: true },
  });
  const { timezone } = await getOrganizationSettings(services.db);
  const jobs: TBillMissing['jobs'] = [];
  for (const run of missingRuns(view.customers, profiles, calendarDateInZone(now, timezone))) {
    const job = await startManualJob(
      services,
      {
        billingPeriodStart: run.start,
        billingPeriodEnd: run.end,
        isDryRun: input.isDryRun,
        selectedQueues: run.queues,
      },
      actor,
      now,
    );
    jobs.push({ id: job.id, jobId: job.jobId, start: run.start, end: run.end, customers: run.customers });
  }
  return { jobs };
}
