/**
 * Each active profile's next billing run (DESIGN.md §4 "Billing periods and schedules"): its bill
 * day, clamped to the month, at its bill time in the company timezone. Billing's schedule tick
 * (billing/schedule-tick.ts) turns every run that has passed into a scheduled billing run.
 */
import type { Database } from '@phone-billing/db';
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
  const profiles = await db.customerProfile.findMany({
    select: { id: true, isActive: true, billDate: true, billTime: true },
  });
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
  await recordAudit(db, {
    actor,
    action: 'customer-profile.rescheduled',
    target: profile.qboDisplayName,
    details: { id, nextRun: nextRunAt?.toISOString() ?? null },
  });
  return { customerName: profile.qboDisplayName, nextRun: nextRunAt };
}

/** Reschedule All: every active profile's next run recomputed; inactive ones have none. Audited as `actor`'s. */
export async function rescheduleAllProfiles(db: Database, actor: AuditActor | null, now: Date = new Date()) {
  const { timezone } = await getOrganizationSettings(db);
  const result = await recomputeAllNextRuns(db, timezone, now);
  await recordAudit(db, { actor, action: 'customer-profile.rescheduled-all', details: result });
  return result;
}
