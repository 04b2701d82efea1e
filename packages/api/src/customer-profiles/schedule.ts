/**
 * Each active profile's next billing run (DESIGN.md §4 "Billing periods and schedules"): its bill
 * day, clamped to the month, at its bill time in the company timezone. A tick every minute turns
 * every run that has passed into a scheduled_runs row and a `billing.scheduled-run` job
 * (queues: billing/job-queues.ts).
 */
import type { Database } from '@phone-billing/db';
import type { AppServices } from '../services';
import { SCHEDULED_RUN, sendToQueue } from '../billing/job-queues';
import { recordAudit, type AuditActor } from '../auth/audit';
import { notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import { computeNextRun } from './profiles';


/**
 * Recomputes the next run of every profile from `now` in `timeZone` (active: the next bill day
 * and time; inactive: none). Called when the company timezone changes. Returns how many
 * profiles got a next run and how many could not be computed.
 */
export async function recomputeAllNextRuns(
  db: Database,
  timeZone: string,
  now: Date = new Date(),
): Promise<{ successCount: number; failedCount: number }> {
  const profiles = await db.customerProfile.findMany({ select: { id: true, isActive: true, billDate: true, billTime: true } });
  // Profiles on the same schedule share a next run: one update per distinct schedule.
  const groups = new Map<string, { nextRunAt: Date | null; ids: string[]; active: boolean; failed: boolean }>();
  for (const profile of profiles) {
    const key = profile.isActive ? `${profile.billDate}|${profile.billTime}` : 'inactive';
    let group = groups.get(key);
    if (!group) {
      let nextRunAt: Date | null = null;
      let failed = false;
      try {
        nextRunAt = computeNextRun(profile, now, timeZone);
      } catch {
        failed = profile.isActive;
      }
      group = { nextRunAt, ids: [], active: profile.isActive, failed };
      groups.set(key, group);
    }
    group.ids.push(profile.id);
  }
  let successCount = 0;
  let failedCount = 0;
  for (const group of groups.values()) {
    await db.customerProfile.updateMany({ where: { id: { in: group.ids } }, data: { nextRunAt: group.nextRunAt } });
    if (group.failed) failedCount += group.ids.length;
    else if (group.nextRunAt) successCount += group.ids.length;
  }
  return { successCount, failedCount };
}

/** 'Reschedule Now' for one profile: its next run recomputed from now (null when inactive). Audited as `actor`'s. */
export async function rescheduleProfile(
  db: Database,
  id: string,
  actor: AuditActor | null,
  now: Date = new Date(),
): Promise<{ customerName: string; nextRun: Date | null }> {
  const profile = await db.customerProfile.findUnique({ where: { id } });
  if (!profile) throw notFound('Customer profile');
  const { timezone } = await getOrganizationSettings(db);
  const nextRunAt = computeNextRun(profile, now, timezone);
  await db.customerProfile.update({ where: { id }, data: { nextRunAt } });
  await recordAudit(db, { actor, action: 'customer-profile.rescheduled', target: profile.qboDisplayName, details: { id, nextRun: nextRunAt?.toISOString() ?? null } });
  return { customerName: profile.qboDisplayName, nextRun: nextRunAt };
}

/** Reschedule All: every active profile's next run recomputed; inactive ones have none. Audited as `actor`'s. */
export async function rescheduleAllProfiles(db: Database, actor: AuditActor | null, now: Date = new Date()) {
  const { timezone } = await getOrganizationSettings(db);
  const result = await recomputeAllNextRuns(db, timezone, now);
  await recordAudit(db, { actor, action: 'customer-profile.rescheduled-all', details: result });
  return result;
}

export type ScheduleTickResult = { queued: Array<{ scheduledRunId: string; profileId: string; dueAt: Date }> };

/**
 * One tick: for every active profile whose next run is at or before `now`, in one transaction,
 * record the due run (unique per profile and due time, so a tick running twice cannot double
 * it) and advance the profile's next run past `now`; then queue `billing.scheduled-run` for it.
 * A run missed while the server was down is due at the first tick after the start.
 */
export async function runScheduleTick(services: Pick<AppServices, 'db' | 'jobs' | 'logger'>, now: Date = new Date()): Promise<ScheduleTickResult> {
  const { db } = services;
  const { timezone } = await getOrganizationSettings(db);
  const due = await db.customerProfile.findMany({
    where: { isActive: true, nextRunAt: { lte: now } },
    select: { id: true },
    orderBy: { nextRunAt: 'asc' },
  });
  const queued: ScheduleTickResult['queued'] = [];
  for (const { id } of due) {
    const run = await recordDueRun(db, id, now, timezone).catch((error: unknown) => {
      // One broken profile must not hold up the others; it is tried again at the next tick.
      services.logger.error({ err: error, profileId: id }, 'Could not record a due billing run');
      return null;
    });
    if (!run) continue;
    queued.push(run);
    if (services.jobs) {
      await sendToQueue(services.jobs, SCHEDULED_RUN, { scheduledRunId: run.scheduledRunId }, { singletonKey: run.scheduledRunId });
    } else {
      services.logger.warn({ scheduledRunId: run.scheduledRunId }, 'No job queue: scheduled run recorded but not queued');
    }
  }
  return { queued };
}

/** In one transaction: the due run's row (at most one per profile and due time) and the advanced next run. */
async function recordDueRun(db: Database, id: string, now: Date, timezone: string) {
  return db.$transaction(async (tx) => {
    // Re-read under a row lock: a concurrent tick (another process) waits, then sees the advanced run.
    const rows = await tx.$queryRaw<Array<{ id: string; nextRunAt: Date | null; isActive: boolean; billDate: number; billTime: string }>>`
      SELECT "id", "nextRunAt", "isActive", "billDate", "billTime" FROM "customer_profiles" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const profile = rows[0];
    if (!profile || !profile.isActive || !profile.nextRunAt || profile.nextRunAt.getTime() > now.getTime()) return null;
    const dueAt = profile.nextRunAt;
    const inserted = await tx.$queryRaw<Array<{ id: string }>>`
      INSERT INTO "scheduled_runs" ("id", "profileId", "dueAt", "state")
      VALUES (gen_random_uuid(), ${id}::uuid, ${dueAt}, 'DUE')
      ON CONFLICT ("profileId", "dueAt") DO NOTHING
      RETURNING "id"`;
    await tx.customerProfile.update({ where: { id }, data: { nextRunAt: computeNextRun(profile, now, timezone) } });
    return inserted[0] ? { scheduledRunId: inserted[0].id, profileId: id, dueAt } : null;
  });
}
