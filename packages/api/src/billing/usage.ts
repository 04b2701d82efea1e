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
 * `timeZone` (the given profiles, or a job's pending customers), in one SQL statement: voice calls only, each attributed to its (first) queue, whose
 * name the profile holds; billed seconds per call = CEIL(duration / increment) × increment.
 * Only active profiles are billed. Profiles without calls are absent from the map.
 */
export async function aggregateUsage(
  db: Database,
  params: ({ profileIds: string[] } | { billingJobId: string }) & { start: CalendarDate; end: CalendarDate; timeZone: string; incrementSeconds: number },
): Promise<Map<string, ProfileUsage>> {
  const result = new Map<string, ProfileUsage>();
  if ('profileIds' in params && params.profileIds.length === 0) return result;
  // Which profiles: given ids, or a job's pending customers.
  const which =
    'profileIds' in params
      ? Prisma.sql`id = ANY(${params.profileIds}::uuid[])`
      : Prisma.sql`id IN (SELECT "profileId" FROM billing_job_customers WHERE "billingJobId" = ${params.billingJobId}::uuid AND status = 'PENDING')`;
  const { from, toExclusive } = dayRangeToInstants(params.start, params.end, params.timeZone);
  const increment = Math.max(1, Math.trunc(params.incrementSeconds));
  // call_records.startTime is a UTC timestamp without zone (Prisma's DateTime): compare it with
  // zone-less UTC values so the index and a plain comparison serve, not a per-row conversion.
  // Written into the statement as literals (all computed here, never user text) so the planner
  // sees the real range and increment, as it would for a hand-written query.
  const fromUtc = Prisma.raw(`'${from.toISOString().replace('Z', '')}'::timestamp`);
  const toUtc = Prisma.raw(`'${toExclusive.toISOString().replace('Z', '')}'::timestamp`);
  const inc = Prisma.raw(String(increment));
  // JIT compilation would cost seconds on this one statement (its estimate crosses the JIT
  // optimisation threshold) and save nothing: off for this transaction only.
  const [, rows] = await db.$transaction([
    db.$executeRaw`SET LOCAL jit = off`,
    db.$queryRaw<Array<{ profileId: string; queueName: string; calls: bigint; billed: Prisma.Decimal | bigint | null }>>`
    -- NOT MATERIALIZED: a materialised CTE would keep the scan of call_records from running in parallel.
    WITH held AS NOT MATERIALIZED (
      SELECT id, unnest("genesysQueueNames") AS "queueName"
      FROM customer_profiles
      WHERE "isActive" AND ${which}
    ),
    per_queue AS (
      -- The heavy part, grouped on one column: each call's duration rounded up to the increment
      -- (integer arithmetic, exact for whole seconds: ceil(d / i) * i = (d + i - 1) / i * i).
      SELECT c."queueId", count(*) AS calls, SUM((GREATEST(c.duration, 0) + ${inc} - 1) / ${inc} * ${inc}) AS billed
      FROM call_records c
      WHERE c."mediaType" = 'voice' AND c."startTime" >= ${fromUtc} AND c."startTime" < ${toUtc}
        AND c."queueId" IN (SELECT q.id FROM genesys_queues q JOIN held h ON h."queueName" = q.name)
      GROUP BY c."queueId"
    )
    SELECT h.id::text AS "profileId", q.name AS "queueName", SUM(s.calls)::bigint AS calls, SUM(s.billed)::bigint AS billed
    FROM per_queue s
    JOIN genesys_queues q ON q.id = s."queueId"
    JOIN held h ON h."queueName" = q.name
    GROUP BY h.id, q.name
    ORDER BY h.id, q.name`,
  ]);
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
