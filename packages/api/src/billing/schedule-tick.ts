/**
 * The schedule tick (DESIGN.md §4 "Billing periods and schedules"): every minute, each active
 * profile whose next run (customer-profiles/schedule.ts) has passed gets a scheduled_runs row and a
 * `billing.scheduled-run` job (queues: job-queues.ts).
 */
import type { Database } from '@phone-billing/db';
import { computeNextRun } from '../customer-profiles/profiles';
import type { AppServices } from '../services';
import { getOrganizationSettings } from '../settings/organization-settings';
import { SCHEDULED_RUN, sendToQueue } from './job-queues';

export type ScheduleTickResult = { queued: Array<{ scheduledRunId: string; profileId: string; dueAt: Date }> };

/**
 * One tick: for every active profile whose next run is at or before `now`, in one transaction,
 * record the due run (unique per profile and due time, so a tick running twice cannot double
 * it) and advance the profile's next run past `now`; then queue `billing.scheduled-run` for it.
 * A run missed while the server was down is due at the first tick after the start.
 */
export async function runScheduleTick(
  services: Pick<AppServices, 'db' | 'jobs' | 'logger'>,
  now: Date = new Date(),
): Promise<ScheduleTickResult> {
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
      await sendToQueue(
        services.jobs,
        SCHEDULED_RUN,
        { scheduledRunId: run.scheduledRunId },
        { singletonKey: run.scheduledRunId },
      );
    } else {
      services.logger.warn(
        { scheduledRunId: run.scheduledRunId },
        'No job queue: scheduled run recorded but not queued',
      );
    }
  }
  return { queued };
}

/** In one transaction: the due run's row (at most one per profile and due time) and the advanced next run. */
async function recordDueRun(db: Database, id: string, now: Date, timezone: string) {
  return db.$transaction(async (tx) => {
    // Re-read under a row lock: a concurrent tick (another process) waits, then sees the advanced run.
    const rows = await tx.$queryRaw<
      Array<{ id: string; nextRunAt: Date | null; isActive: boolean; billDate: number; billTime: string }>
    >`
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
