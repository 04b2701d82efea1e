/**
 * Scheduled billing: a due run becomes one MONTHLY job that bills every ended period of the
 * profile not billed in full since its billing start (oldest first) plus its late calls; runs
 * held by the kill switch, stranded messages and interrupted jobs are picked up by the sweep.
 */
import type { Database } from '@phone-billing/db';
import type { AppServices } from '../services';
import { addDays, calendarDateInZone, compareDates, type CalendarDate } from '../domain/calendar';
import { billingPeriodsBetween } from '../domain/billing-period';
import { coversDays } from '../domain/day-ranges';
import { notify } from '../notifications';
import { getOrganizationSettings } from '../settings/organization-settings';
import { RUN_JOB, SCHEDULED_RUN, sendToQueue } from './job-queues';
import { billingStartDateOf, loadRecordedPeriods } from './rate-customers';
import { createMonthlyJob, queueJob } from './start-job';

/** States of a scheduled run that still wait for a job. */
const WAITING_STATES = ['DUE', 'QUEUED', 'HELD'];

type ScheduledProfile = Parameters<typeof billingStartDateOf>[0] & { id: string };

/**
 * The days a scheduled run on `runDate` bills: from the first ended period not billed in full
 * (since the billing start) to the end of the last period that ended before the run; when every
 * ended period is billed, the last one (whose late calls, and those of the other billed periods in
 * the late-usage window, the job still bills). Null when no period has ended yet.
 */
export async function scheduledRunRange(
  db: Database,
  profile: ScheduledProfile & { billingPeriodStart: number; billingPeriodEnd: number },
  runDate: CalendarDate,
  timeZone: string,
): Promise<{ start: CalendarDate; end: CalendarDate } | null> {
  const billingStart = billingStartDateOf(profile, timeZone);
  const lastDay = addDays(runDate, -1);
  if (compareDates(billingStart, lastDay) > 0) return null;
  const recorded = (await loadRecordedPeriods(db, [profile.id])).get(profile.id) ?? [];
  const ended = billingPeriodsBetween(profile, billingStart, billingStart, lastDay, recorded).filter(
    (period) => compareDates(period.end, runDate) < 0,
  );
  const last = ended[ended.length - 1];
  if (!last) return null;
  const firstUnbilled = ended.find((period) => {
    const record = recorded.find((candidate) => candidate.start === period.start);
    return !record || !coversDays(record.covered, period);
  });
  return { start: (firstUnbilled ?? last).start, end: last.end };
}

export type ScheduledRunOutcome = 'held' | 'queued' | 'nothing-to-bill' | 'inactive' | 'already-handled' | 'missing';

/**
 * A due scheduled run (queued by the profile schedule's tick): while the kill switch is on it is
 * HELD; otherwise a MONTHLY job bills what {@link scheduledRunRange} says (DESIGN.md §4). One job
 * per run, however often it is sent. `now` is when the job is created: its "today" (tests simulate it).
 */
export async function handleScheduledRun(
  services: AppServices,
  scheduledRunId: string,
  now = new Date(),
): Promise<ScheduledRunOutcome> {
  const { db } = services;
  const settings = await getOrganizationSettings(db);
  const run = await db.scheduledRun.findUnique({ where: { id: scheduledRunId } });
  if (!run) return 'missing';
  if (!WAITING_STATES.includes(run.state) || run.billingJobId) return 'already-handled';
  if (settings.killSwitchEnabled) {
    await db.scheduledRun.updateMany({ where: { id: run.id, state: { in: WAITING_STATES } }, data: { state: 'HELD' } });
    return 'held';
  }
  const profile = await db.customerProfile.findUnique({ where: { id: run.profileId } });
  if (!profile || !profile.isActive || profile.archivedAt) {
    await db.scheduledRun.updateMany({
      where: { id: run.id, state: { in: WAITING_STATES } },
      data: { state: 'DONE', releasedAt: new Date() },
    });
    return 'inactive';
  }
  const runDate = calendarDateInZone(run.dueAt, settings.timezone);
  const period = await scheduledRunRange(db, profile, runDate, settings.timezone);
  if (!period) {
    await db.scheduledRun.updateMany({
      where: { id: run.id, state: { in: WAITING_STATES } },
      data: { state: 'DONE', releasedAt: new Date() },
    });
    return 'nothing-to-bill';
  }
  const jobId = await db.$transaction(async (tx) => {
    // Lock the run so two workers handling the same message create one job.
    const locked = await tx.$queryRaw<Array<{ state: string; billingJobId: string | null }>>`
      SELECT state, "billingJobId"::text AS "billingJobId" FROM scheduled_runs WHERE id = ${run.id}::uuid FOR UPDATE`;
    const current = locked[0];
    if (!current || current.billingJobId || !WAITING_STATES.includes(current.state)) return null;
    const job = await createMonthlyJob(db, profile, period, tx, now);
    await tx.scheduledRun.update({
      where: { id: run.id },
      data: { state: 'DONE', billingJobId: job.id, releasedAt: new Date() },
    });
    return job.id;
  });
  if (!jobId) return 'already-handled';
  await queueJob(services, jobId);
  return 'queued';
}

/** When the kill switch is off, sends every HELD run to be handled again. */
export async function releaseHeldRuns(services: AppServices): Promise<number> {
  const { db } = services;
  const settings = await getOrganizationSettings(db);
  if (settings.killSwitchEnabled || !services.jobs) return 0;
  const held = await db.scheduledRun.findMany({ where: { state: 'HELD', billingJobId: null }, select: { id: true } });
  for (const run of held) {
    const released = await db.scheduledRun.updateMany({ where: { id: run.id, state: 'HELD' }, data: { state: 'DUE' } });
    if (released.count) await sendToQueue(services.jobs, SCHEDULED_RUN, { scheduledRunId: run.id });
  }
  return held.length;
}

/**
 * Sends again every DUE run that has waited `olderThanSeconds` without a job: the tick commits the
 * run before it sends the message, so a crash between the two would otherwise leave a customer
 * unbilled. Handling a run twice is harmless (one job per run).
 */
export async function resendStrandedDueRuns(
  services: AppServices,
  olderThanSeconds = 120,
  now = new Date(),
): Promise<number> {
  const { db } = services;
  if (!services.jobs) return 0;
  const stranded = await db.scheduledRun.findMany({
    where: { state: 'DUE', billingJobId: null, createdAt: { lt: new Date(now.getTime() - olderThanSeconds * 1000) } },
    select: { id: true },
    take: 100,
  });
  for (const run of stranded) await sendToQueue(services.jobs, SCHEDULED_RUN, { scheduledRunId: run.id });
  return stranded.length;
}

/**
 * Finds jobs whose worker died (IN_PROGRESS with a heartbeat older than `staleSeconds`) and
 * PENDING jobs whose message may have been lost, and queues them again; the runner's claim makes
 * sure only one worker runs a job.
 */
export async function requeueStaleJobs(services: AppServices, staleSeconds: number): Promise<number> {
  const { db } = services;
  if (!services.jobs) return 0;
  // Staleness by the database's clock, as the claim judges it.
  const stale = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id::text FROM billing_jobs
    WHERE (status = 'IN_PROGRESS' AND ("heartbeatAt" IS NULL OR "heartbeatAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${staleSeconds}::float8)))
       OR (status = 'PENDING' AND "createdAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${Math.max(60, staleSeconds)}::float8))
    LIMIT 100`;
  for (const job of stale) await sendToQueue(services.jobs, RUN_JOB, { billingJobId: job.id });
  return stale.length;
}

export async function notifyScheduledFailure(db: Database, message: string): Promise<void> {
  await notify(db, { kind: 'billing-failure', message: message.slice(0, 500), link: '/billing-jobs' });
}
