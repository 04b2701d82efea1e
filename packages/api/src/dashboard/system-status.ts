import type { Database } from '@phone-billing/db';
import { profilesWithUnbilledPeriods } from '../billing/unbilled-periods';
import { unownedCallsIssue } from '../unowned-calls/unowned-calls-issue';
import { reviewWaits } from '../billing/review-waits';
import { compareDates, displayDateRange } from '../domain/calendar';
import { formatDecimal } from '../domain/decimal';
import type { IntegrationServices, QboStatus } from '../integrations';
import { receivablesIssues } from '../receivables/receivable-views';
import { syncIntervalSecondsFromEnv } from '../receivables/workers';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { ScheduledJob, SystemStatus } from '../shared/dashboard';

const STATUS_TIMEOUT_MS = 3000;

type ScheduledRow = {
  id: string;
  qboDisplayName: string;
  billDate: number;
  billTime: string;
  billingPeriodStart: number;
  billingPeriodEnd: number;
  minimumMinutes: number;
  overageRatePerMinute: string;
  ratePerMinute: string;
  nextRunAt: Date;
};

/** "A", "A and B", "A, B and C", "A, B, C and 4 more". */
export function nameList(names: string[], shown = 3): string {
  if (names.length <= 1) return names.join('');
  if (names.length <= shown) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function withTimeout<T>(promise: Promise<T>, fallback: (error: unknown) => T): Promise<T> {
  return Promise.race([
    promise.catch((error: unknown) => fallback(error)),
    new Promise<T>((resolve) => {
      const timer = setTimeout(() => resolve(fallback(new Error('timed out'))), STATUS_TIMEOUT_MS);
      timer.unref?.();
    }),
  ]);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type QboState = QboStatus & { failure: string | null };
type GenesysState = {
  isConnected: boolean;
  tokenExpiresAt: Date | null;
  lastError: string | null;
  failure: string | null;
};

async function qboState(integrations: IntegrationServices): Promise<QboState> {
  const disconnected = (failure: string | null): QboState => ({
    connected: false,
    environment: null,
    companyName: null,
    expiresInSeconds: null,
    lastError: null,
    failure,
  });
  if (!integrations.qbo) return disconnected(null);
  return withTimeout(
    integrations.qbo.status().then((status) => ({ ...status, failure: null })),
    (error) => disconnected(errorText(error)),
  );
}

async function genesysState(integrations: IntegrationServices): Promise<GenesysState> {
  const disconnected = (failure: string | null): GenesysState => ({
    isConnected: false,
    tokenExpiresAt: null,
    lastError: null,
    failure,
  });
  if (!integrations.genesys) return disconnected(null);
  return withTimeout(
    integrations.genesys.status().then((status) => ({ ...status, failure: null })),
    (error) => disconnected(errorText(error)),
  );
}

/**
 * GET /dashboard/system-status: the integrations, the billing scheduler (active profiles with a
 * next run) and the issues a person should act on, each as a sentence saying what and where.
 */
export async function systemStatus(db: Database, integrations: IntegrationServices): Promise<SystemStatus> {
  // Counting unowned calls reads the most rows: it runs beside the other reads.
  const unownedIssue = unownedCallsIssue(db);
  unownedIssue.catch(() => undefined);
  const [
    settings,
    qbo,
    genesys,
    scheduled,
    runningRows,
    activeProfiles,
    queueCountRows,
    unknownQueueNames,
    unassignedQueues,
    lastMonthlyRows,
    heldRows,
  ] = await Promise.all([
    getOrganizationSettings(db),
    qboState(integrations),
    genesysState(integrations),
    db.$queryRaw<ScheduledRow[]>`
        SELECT id, "qboDisplayName", "billDate", "billTime", "billingPeriodStart", "billingPeriodEnd", "minimumMinutes",
               "overageRatePerMinute"::text AS "overageRatePerMinute", "ratePerMinute"::text AS "ratePerMinute", "nextRunAt"
          FROM customer_profiles
         WHERE "isActive" AND "nextRunAt" IS NOT NULL
         ORDER BY "nextRunAt", "qboDisplayName"`,
    db.$queryRaw<
      Array<{ running: boolean }>
    >`SELECT EXISTS (SELECT 1 FROM billing_jobs WHERE status = 'IN_PROGRESS') AS running`,
    db.$queryRaw<Array<{ qboDisplayName: string; qboCustomerId: string | null; queueCount: number }>>`
        SELECT "qboDisplayName", "qboCustomerId", coalesce(cardinality("genesysQueueNames"), 0)::int AS "queueCount"
          FROM customer_profiles WHERE "isActive" ORDER BY "qboDisplayName"`,
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM genesys_queues`,
    db.$queryRaw<Array<{ name: string }>>`
        SELECT DISTINCT queue_name AS name
          FROM customer_profiles cp, unnest(cp."genesysQueueNames") AS queue_name
         WHERE cp."isActive"
           AND NOT EXISTS (SELECT 1 FROM genesys_queues gq WHERE gq.name = queue_name)
         ORDER BY 1`,
    db.$queryRaw<Array<{ name: string }>>`
        SELECT gq.name FROM genesys_queues gq
         WHERE NOT EXISTS (SELECT 1 FROM queue_assignments qa WHERE qa."queueId" = gq.id)
         ORDER BY gq.name`,
    db.$queryRaw<Array<{ jobId: string; status: string; startDate: string; endDate: string; error: string | null }>>`
        SELECT "jobId", status::text AS status, "startDate"::text AS "startDate", "endDate"::text AS "endDate", error
          FROM billing_jobs WHERE type = 'MONTHLY' ORDER BY "createdAt" DESC LIMIT 1`,
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM scheduled_runs WHERE state = 'HELD'`,
  ]);

  const issues: string[] = [];

  if (qbo.failure) {
    issues.push(`QuickBooks Online status could not be read (${qbo.failure}): test the connection on QBO Setup.`);
  } else if (!qbo.connected) {
    const detail = qbo.lastError ? ` (${qbo.lastError})` : '';
    issues.push(
      `QuickBooks Online is not connected${detail}: billing cannot create invoices until it is connected on QBO Setup.`,
    );
  } else if (qbo.lastError) {
    issues.push(`QuickBooks Online is failing (${qbo.lastError}): test or reconnect it on QBO Setup.`);
  }

  if (genesys.failure) {
    issues.push(
      `Genesys Cloud status could not be read (${genesys.failure}): test the connection on the Genesys Cloud page.`,
    );
  } else if (!genesys.isConnected) {
    const detail = genesys.lastError ? ` (${genesys.lastError})` : '';
    issues.push(
      `Genesys Cloud is not connected${detail}: call records cannot be pulled; check its credentials and test the connection on the Genesys Cloud page.`,
    );
  } else if (genesys.lastError) {
    issues.push(`Genesys Cloud is failing (${genesys.lastError}): test the connection on the Genesys Cloud page.`);
  }

  if (settings.killSwitchEnabled) {
    const reason = settings.killSwitchReason?.trim()
      ? `reason: ${settings.killSwitchReason.trim()}`
      : 'no reason given';
    issues.push(
      `The billing kill switch is on (${reason}): new billing runs are refused and scheduled runs are held until it is turned off in Settings.`,
    );
  }

  const heldRuns = heldRows[0]?.total ?? 0;
  if (heldRuns > 0) {
    issues.push(
      `${plural(heldRuns, 'scheduled billing run is', 'scheduled billing runs are')} held by the kill switch: ${heldRuns === 1 ? 'it runs' : 'they run'} when the kill switch is turned off in Settings.`,
    );
  }

  const lastMonthlyJob = lastMonthlyRows[0];
  if (lastMonthlyJob?.status === 'FAILED') {
    const period = `${lastMonthlyJob.startDate} to ${lastMonthlyJob.endDate}`;
    const error = lastMonthlyJob.error?.trim() ? `: ${lastMonthlyJob.error.trim()}` : '';
    issues.push(
      `The last scheduled billing job ${lastMonthlyJob.jobId} (${period}) failed${error}. Fix the cause and retry it on Billing Jobs.`,
    );
  }

  // Following invoices after sending: webhooks refused or silent, a sync that is behind.
  issues.push(
    ...(await receivablesIssues(db, {
      qboConnected: qbo.connected && !qbo.failure,
      syncIntervalSeconds: syncIntervalSecondsFromEnv(process.env),
    })),
  );

  const unbilled = await profilesWithUnbilledPeriods(
    db,
    settings.timezone,
    new Date(),
    2,
    settings.billingIncrementSeconds,
  );
  if (unbilled.length > 0) {
    // The longest overdue first (by name among equals): the message names three, so they are the ones to chase.
    const overdueFirst = [...unbilled].sort((a, b) => compareDates(a.periods[0]!.start, b.periods[0]!.start));
    const described = overdueFirst.map((profile) => {
      const first = profile.periods[0]!;
      const more =
        profile.periods.length > 1 ? ` and ${plural(profile.periods.length - 1, 'more period', 'more periods')}` : '';
      return `${profile.name}: ${displayDateRange(first.start, first.end)}${more}`;
    });
    issues.push(
      `${plural(unbilled.length, 'customer profile has', 'customer profiles have')} an ended billing period not billed for more than 2 days (${nameList(described)}): run billing for ${unbilled.length === 1 ? 'it' : 'them'} on Billing Jobs; the next scheduled run also bills every period left behind.`,
    );
  }

  const unowned = await unownedIssue;
  if (unowned) issues.push(unowned);

  // Invoices held for review wait for a person; after a few days, the wait is said in days.
  issues.push(...(await reviewWaits(db, settings.timezone)).map((wait) => wait.message));

  const unmapped = activeProfiles
    .filter((profile) => !profile.qboCustomerId?.trim())
    .map((profile) => profile.qboDisplayName);
  if (unmapped.length > 0) {
    issues.push(
      `${plural(unmapped.length, 'active customer profile has', 'active customer profiles have')} no QuickBooks customer mapping (${nameList(unmapped)}): connect ${unmapped.length === 1 ? 'it' : 'them'} on Customer Profiles, or ${unmapped.length === 1 ? 'its invoice' : 'their invoices'} will fail.`,
    );
  }

  const withoutQueues = activeProfiles
    .filter((profile) => profile.queueCount === 0)
    .map((profile) => profile.qboDisplayName);
  if (withoutQueues.length > 0) {
    issues.push(
      `${plural(withoutQueues.length, 'active customer profile has', 'active customer profiles have')} no Genesys queue (${nameList(withoutQueues)}): add queues on Customer Profiles so calls can be billed.`,
    );
  }

  // Only meaningful once the queues have been synced from Genesys.
  const knownQueues = queueCountRows[0]?.total ?? 0;
  if (knownQueues > 0 && unknownQueueNames.length > 0) {
    const names = unknownQueueNames.map((row) => row.name);
    issues.push(
      `Genesys does not know ${plural(names.length, 'queue name', 'queue names')} used by active customer profiles (${nameList(names)}): correct ${names.length === 1 ? 'it' : 'them'} on Customer Profiles, or those calls are not billed.`,
    );
  }

  if (unassignedQueues.length > 0) {
    const names = unassignedQueues.map((row) => row.name);
    issues.push(
      `${plural(names.length, 'Genesys queue is', 'Genesys queues are')} not assigned to a team (${nameList(names)}): assign ${names.length === 1 ? 'it' : 'them'} on Region & Teams.`,
    );
  }

  const scheduledJobs: ScheduledJob[] = scheduled.map((profile) => ({
    profileId: profile.id,
    customerName: profile.qboDisplayName,
    billDate: profile.billDate,
    billTime: profile.billTime,
    billingPeriodStart: profile.billingPeriodStart,
    billingPeriodEnd: profile.billingPeriodEnd,
    minimumMinutes: profile.minimumMinutes,
    overageRatePerMinute: formatDecimal(profile.overageRatePerMinute, 4),
    ratePerMinute: formatDecimal(profile.ratePerMinute, 4),
    nextRun: new Date(profile.nextRunAt).toISOString(),
  }));

  return {
    qbo: {
      connected: qbo.connected,
      companyName: qbo.connected ? qbo.companyName : null,
      environment: qbo.connected ? qbo.environment : null,
      expiresIn: qbo.connected ? qbo.expiresInSeconds : null,
    },
    genesys: {
      hasValidToken: genesys.isConnected,
      tokenExpiresAt: genesys.tokenExpiresAt ? new Date(genesys.tokenExpiresAt).toISOString() : null,
    },
    scheduler: {
      billing: { totalScheduledJobs: scheduledJobs.length, isRunning: Boolean(runningRows[0]?.running), scheduledJobs },
    },
    overall: { issues },
  };
}
