/**
 * Ended billing periods nobody billed (the dashboard names them): a scheduled run that never came,
 * a failed one nobody retried, a profile whose billing start was moved back, and, per call,
 * billed periods holding calls freed by a release. Nothing is billed here; this only tells.
 */
import type { Database } from '@phone-billing/db';
import {
  addDays,
  billingPeriodsBetween,
  calendarDateInZone,
  compareDates,
  coversDays,
  type CalendarDate,
} from '../domain';
import { billingStartDateOf, loadRecordedPeriods } from './rate-customers';
import { unbilledCalls } from './unbilled-calls';

export type UnbilledProfile = {
  profileId: string;
  name: string;
  periods: Array<{ start: CalendarDate; end: CalendarDate }>;
};

/** Active profiles with a period that ended more than `graceDays` ago and is not billed in full. */
export async function profilesWithUnbilledPeriods(
  db: Database,
  timeZone: string,
  now = new Date(),
  graceDays = 2,
  incrementSeconds = 60,
): Promise<UnbilledProfile[]> {
  const today = calendarDateInZone(now, timeZone);
  const endedBy = addDays(today, -graceDays - 1);
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, archivedAt: null },
    select: {
      id: true,
      qboDisplayName: true,
      billingPeriodStart: true,
      billingPeriodEnd: true,
      periodRuleHistory: true,
      billingStartDate: true,
      createdAt: true,
      genesysQueueNames: true,
    },
    orderBy: { qboDisplayName: 'asc' },
  });
  const recorded = await loadRecordedPeriods(
    db,
    profiles.map((profile) => profile.id),
  );
  const result: UnbilledProfile[] = [];
  for (const profile of profiles) {
    const billingStart = billingStartDateOf(profile, timeZone);
    if (compareDates(billingStart, endedBy) > 0) continue;
    const own = recorded.get(profile.id) ?? [];
    const unbilled = billingPeriodsBetween(profile, billingStart, billingStart, endedBy, own)
      .filter((period) => compareDates(period.end, endedBy) <= 0)
      .filter((period) => {
        const record = own.find((candidate) => candidate.start === period.start);
        return !record || !coversDays(record.covered, period);
      });
    // Billed periods an invoice of which was released: unbilled while a call of theirs is free.
    const released = own.filter(
      (period) => period.releasedBefore && coversDays(period.covered, period) && compareDates(period.end, endedBy) <= 0,
    );
    if (released.length) {
      const windows = released.map((period) => ({ from: period.startsAt, to: period.endsAt, key: period.start }));
      const free = await unbilledCalls(db, profile.genesysQueueNames, windows, incrementSeconds);
      unbilled.push(
        ...released
          .filter((period) => (free.get(period.start)?.calls ?? 0) > 0)
          .map((period) => ({ ...period, recorded: true })),
      );
      unbilled.sort((a, b) => compareDates(a.start, b.start));
    }
    if (unbilled.length)
      result.push({
        profileId: profile.id,
        name: profile.qboDisplayName,
        periods: unbilled.map(({ start, end }) => ({ start, end })),
      });
  }
  return result;
}
