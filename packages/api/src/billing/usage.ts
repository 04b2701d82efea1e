import { Prisma, type Database } from '@phone-billing/db';
import { dayRangeToInstants, type CalendarDate } from '../domain/calendar';

/** One profile's stored voice usage in a period, per queue and in total. */
export type ProfileUsage = {
  profileId: string;
  calls: number;
  /** Sum over the calls of each duration rounded up to the billing increment. */
  billedSeconds: number;
  queues: Array<{ queueName: string; calls: number; billedSeconds: number }>;
};

/**
 * Aggregates the stored call records of the given profiles over calendar days `start..end` in
 * `timeZone`, in one SQL statement: voice calls only, each attributed to its (first) queue, whose
 * name the profile holds; billed seconds per call = CEIL(duration / increment) × increment.
 * Only active profiles are billed. Profiles without calls are absent from the map.
 */
export async function aggregateUsage(
  db: Database,
  params: { profileIds: string[]; start: CalendarDate; end: CalendarDate; timeZone: string; incrementSeconds: number },
): Promise<Map<string, ProfileUsage>> {
  const result = new Map<string, ProfileUsage>();
  if (params.profileIds.length === 0) return result;
  const { from, toExclusive } = dayRangeToInstants(params.start, params.end, params.timeZone);
  const increment = Math.max(1, Math.trunc(params.incrementSeconds));
  const rows = await db.$queryRaw<Array<{ profileId: string; queueName: string; calls: bigint; billed: Prisma.Decimal | bigint | null }>>`
    SELECT p.id::text AS "profileId", q.name AS "queueName", COUNT(*)::bigint AS calls,
           SUM(CEIL(c.duration::numeric / ${increment}::int) * ${increment}::int)::bigint AS billed
    FROM call_records c
    JOIN genesys_queues q ON q.id = c."queueId"
    JOIN (
      SELECT id, unnest("genesysQueueNames") AS "queueName"
      FROM customer_profiles
      WHERE "isActive" AND id = ANY(${params.profileIds}::uuid[])
    ) p ON p."queueName" = q.name
    WHERE c."mediaType" = 'voice' AND c."startTime" >= ${from} AND c."startTime" < ${toExclusive}
    GROUP BY p.id, q.name
    ORDER BY p.id, q.name`;
  for (const row of rows) {
    const calls = Number(row.calls);
    const billedSeconds = Number(row.billed ?? 0);
    let usage = result.get(row.profileId);
    if (!usage) {
      usage = { profileId: row.profileId, calls: 0, billedSeconds: 0, queues: [] };
      result.set(row.profileId, usage);
    }
    usage.calls += calls;
    usage.billedSeconds += billedSeconds;
    usage.queues.push({ queueName: row.queueName, calls, billedSeconds });
  }
  return result;
}
