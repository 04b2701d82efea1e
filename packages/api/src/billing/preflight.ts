/**
 * Pre-flight of a billing run (issue 24; POST /billing/preflight, the Run dialog): before anything
 * runs, what will fail or surprise. It reads the same things the run reads (the kill switch, the
 * QuickBooks connection, the profiles holding the selected queues, their periods as
 * billingPeriodsBetween draws them and what the ledger already holds) and bills nothing.
 */
import type { AppServices } from '../services';
import { billingPeriodsBetween, calendarDateInZone, compareDates, coversDays, type CalendarDate } from '../domain';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { TBillingPreflight, TPreflightWarning } from '../shared/billing-preflight';
import { readKillSwitch } from './kill-switch';
import { countWhatRunWouldBill } from './preflight-counts';
import { loadRatePlanVersions, planInForce } from '../rate-plans/profile-rate-plan';
import type { RatePlan } from '../domain/rate-plan';
import { billingStartDateOf, loadRecordedPeriods } from './rate-customers';
import { manualRangeProblem } from './start-job';

export type PreflightInput = {
  billingPeriodStart: string;
  billingPeriodEnd: string;
  isDryRun: boolean;
  selectedQueues: string[];
};

/** 1 → "1st", 2 → "2nd", 16 → "16th": how a clerk says a day of the month. */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', as every screen writes a date. */
export function usDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const countWord = (count: number) => COUNT_WORDS[count] ?? String(count);
const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

async function quickBooksConnected(services: AppServices): Promise<boolean> {
  const qbo = services.integrations.qbo;
  if (!qbo) return false;
  return qbo.status().then(
    (status) => status.connected,
    () => false,
  );
}

/**
 * What a period cut by the range still bills in full, by the terms in force (DESIGN.md §4 "Rate
 * plans"): a plan's minimum charge or its period fees, else the spec's minimum minutes.
 */
function periodCutConsequence(plan: RatePlan | null, minimumMinutes: number, periods: number): string {
  const each = periods === 1 ? 'it' : 'each';
  if (plan ? Number(plan.minimumCharge) > 0 : minimumMinutes > 0) return `bills a minimum for ${each}`;
  if (plan?.charges.some((charge) => charge.unit === 'period')) return `bills its period fee for ${each}`;
  return 'bills only the days it covers';
}

/** What a run over `input` would meet, for people to read before they press Run. */
export async function billingPreflight(
  services: AppServices,
  input: PreflightInput,
  now = new Date(),
): Promise<TBillingPreflight> {
  const { db } = services;
  const settings = await getOrganizationSettings(db);
  const timeZone = settings.timezone;
  const { billingPeriodStart: start, billingPeriodEnd: end } = input;
  const warnings: TPreflightWarning[] = [];

  const rangeProblem = manualRangeProblem(start, end, calendarDateInZone(now, timeZone), timeZone);
  if (rangeProblem) warnings.push({ code: 'RANGE', message: `${rangeProblem.msg}: the run will be refused.` });
  const killSwitch = await readKillSwitch(db);
  if (killSwitch.enabled) {
    const reason = killSwitch.reason ? ` (${killSwitch.reason})` : '';
    warnings.push({
      code: 'KILL_SWITCH',
      message: `The kill switch is on${reason}: billing is paused and the run will be refused until it is turned off.`,
    });
  }
  if (!(await quickBooksConnected(services))) {
    warnings.push({
      code: 'QBO_NOT_CONNECTED',
      message: input.isDryRun
        ? 'QuickBooks is not connected: the dry run rates the calls, but the real run would fail for every customer.'
        : 'QuickBooks is not connected: every invoice of this run will fail. Connect it on QBO Setup first.',
    });
  }

  const queueNames = [...new Set(input.selectedQueues.map((name) => name.trim()).filter(Boolean))];
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, archivedAt: null, genesysQueueNames: { hasSome: queueNames } },
    select: {
      id: true,
      qboDisplayName: true,
      qboCustomerId: true,
      minimumMinutes: true,
      billingPeriodStart: true,
      billingPeriodEnd: true,
      periodRuleHistory: true,
      billingStartDate: true,
      createdAt: true,
    },
    orderBy: { qboDisplayName: 'asc' },
  });
  if (profiles.length === 0) {
    warnings.push({
      code: 'NO_CUSTOMERS',
      message: 'No active customer profile holds the selected queues: the run will bill nothing.',
    });
  }
  const recorded = await loadRecordedPeriods(
    db,
    profiles.map((profile) => profile.id),
  );
  const versions = await loadRatePlanVersions(
    db,
    profiles.map((profile) => profile.id),
  );
  const counts = await countWhatRunWouldBill(
    db,
    {
      jobType: input.isDryRun ? 'DRY_RUN' : 'MANUAL',
      start,
      end,
      referenceDay: calendarDateInZone(now, timeZone),
      customers: profiles.map((profile) => ({ customerId: profile.id, profileId: profile.id })),
    },
    {
      timeZone,
      incrementSeconds: settings.billingIncrementSeconds,
      lateUsageWindowDays: settings.lateUsageWindowDays,
    },
    recorded,
  );

  const customers: TBillingPreflight['customers'] = [];
  for (const profile of profiles) {
    const name = profile.qboDisplayName;
    const own = recorded.get(profile.id) ?? [];
    const billingStart = billingStartDateOf(profile, timeZone);
    const periods = billingPeriodsBetween(profile, billingStart, start, end, own);
    const invoiced = periods.filter((period) => {
      const record = own.find((candidate) => candidate.start === period.start && candidate.billedBefore);
      return record !== undefined && coversDays(record.covered, period);
    });
    customers.push({
      customerProfileId: profile.id,
      customerName: name,
      periods: periods.map((period) => ({ start: period.start, end: period.end })),
      alreadyInvoiced: periods.length > 0 && invoiced.length === periods.length,
      ...(counts.get(profile.id) ?? { interactions: 0, notInPlan: 0 }),
    });
    const notInPlan = counts.get(profile.id)?.notInPlan ?? 0;
    if (notInPlan > 0) {
      warnings.push({
        code: 'NOT_IN_PLAN',
        customerProfileId: profile.id,
        message: `${name}: ${plural(notInPlan, 'interaction')} in these days ${notInPlan === 1 ? 'is' : 'are'} not in its plan and will not be billed.`,
      });
    }

    if (!profile.qboCustomerId?.trim()) {
      warnings.push({
        code: 'NO_QBO_CUSTOMER',
        customerProfileId: profile.id,
        message:
          `${name} is not linked to a QuickBooks customer: ` +
          'its invoice will fail until one is connected on its profile.',
      });
    }
    const first = periods[0];
    const last = periods[periods.length - 1];
    const reachesOut = (period: { start: string; end: string }, edge: 'start' | 'end') =>
      edge === 'start' ? compareDates(period.start, start) < 0 : compareDates(period.end, end) > 0;
    const cut = first !== undefined && last !== undefined && (reachesOut(first, 'start') || reachesOut(last, 'end'));
    if (cut) {
      const rule = `${ordinalDay(profile.billingPeriodStart)}–${ordinalDay(profile.billingPeriodEnd)}`;
      const touches = `this range touches ${countWord(periods.length)} of its periods`;
      const consequence = periodCutConsequence(
        planInForce(versions.get(profile.id) ?? [], first.start),
        profile.minimumMinutes,
        periods.length,
      );
      warnings.push({
        code: 'PERIOD_CUT',
        customerProfileId: profile.id,
        message: `${name} is billed ${rule}: ${touches} and ${consequence}.`,
      });
    }
    for (const period of invoiced) {
      warnings.push({
        code: 'ALREADY_INVOICED',
        customerProfileId: profile.id,
        message:
          `${name}: ${usDate(period.start)}–${usDate(period.end)} is already invoiced; ` +
          'only calls that arrived since are billed.',
      });
    }
  }
  return { warnings, customers };
}
