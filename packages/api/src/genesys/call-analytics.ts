import { Prisma, type Database } from '@phone-billing/db';
import { VOICE_MEDIA_TYPE, type CallDirectionFilter, type CallMediaTypeFilter } from '../shared/genesys';

// The Genesys screen's Analytics tab (spec 000 §2), over the calls stored for a range.

export interface InstantRange {
  from: Date;
  toExclusive: Date;
}

export const DURATION_BUCKETS = ['0-1 min', '1-5 min', '5-15 min', '15+ min'] as const;

/** Which interactions the figures cover (default: all, as the specification's screen). */
export interface InteractionFilters {
  mediaType: CallMediaTypeFilter;
  direction: CallDirectionFilter;
}

export interface CallAnalytics {
  totalCalls: number;
  /** How many of totalCalls are voice calls: the only kind billed (so it can be matched to invoices). */
  voiceCalls: number;
  totalSeconds: number;
  totalMinutes: number;
  /** Minutes per call. */
  averageCallDuration: number;
  activeUsers: number;
  /** userId → calls (calls without an agent are left out). */
  callsByUser: Record<string, number>;
  /** 'YYYY-MM-DD' in the company timezone → calls. */
  callsByDate: Record<string, number>;
  /** queueId → calls (calls that never reached a queue are left out). */
  callsByQueue: Record<string, number>;
  /** Hour of day 0..23 in the company timezone → calls (every hour present). */
  callsByHour: Record<string, number>;
  callsByDirection: Record<string, number>;
  /** mediaType → calls ('unknown' when Genesys reported none). */
  callsByMediaType: Record<string, number>;
  durationDistribution: Record<(typeof DURATION_BUCKETS)[number], number>;
  /** queueId → total minutes. */
  minutesByQueue: Record<string, number>;
  busiestDay: { date: string; calls: number } | null;
  peakHour: { hour: number; calls: number } | null;
  userNames: Record<string, string>;
  queueNames: Record<string, string>;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Calls per key ('unknown' when Genesys gave none) from rows grouped more finely. */
function countsBy<Row extends { calls: number }>(
  rows: Row[],
  keyOf: (row: Row) => string | null,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const key = keyOf(row) ?? 'unknown';
    counts[key] = (counts[key] ?? 0) + row.calls;
  }
  return counts;
}

/**
 * Figures over the stored calls of the range that match the filters, computed in PostgreSQL by a few aggregate queries
 * run side by side. Calendar days and hours in the company timezone come from 15-minute UTC
 * buckets converted after grouping, so no per-row timezone arithmetic is needed (a year of a
 * million calls stays a matter of seconds, a month well under one).
 */
export async function callAnalytics(
  db: Database,
  range: InstantRange,
  timeZone: string,
  filters: InteractionFilters = { mediaType: 'all', direction: 'all' },
): Promise<CallAnalytics> {
  const from = range.from.toISOString();
  const to = range.toExclusive.toISOString();
  const ofMediaType = filters.mediaType === 'all' ? Prisma.empty : Prisma.sql` AND "mediaType" = ${filters.mediaType}`;
  const ofDirection =
    filters.direction === 'all' ? Prisma.empty : Prisma.sql` AND lower(direction) = ${filters.direction}`;
  // Named inRange for every query below: the range and the filters together.
  const inRange = Prisma.sql`"startTime" >= (${from}::timestamptz AT TIME ZONE 'UTC')
    AND "startTime" < (${to}::timestamptz AT TIME ZONE 'UTC')${ofMediaType}${ofDirection}`;
  type Seconds = string | number | bigint;

  const [totals, byUser, byQueue, byKind, buckets, byTime] = await Promise.all([
    db.$queryRaw<Array<{ calls: number; voiceCalls: number; seconds: Seconds }>>`
      SELECT count(*)::int AS calls, (count(*) FILTER (WHERE "mediaType" = ${VOICE_MEDIA_TYPE}))::int AS "voiceCalls",
             coalesce(sum(duration), 0)::bigint AS seconds
      FROM call_records WHERE ${inRange}`,
    db.$queryRaw<Array<{ key: string; name: string | null; calls: number }>>`
      SELECT g.key, u.name, g.calls FROM (
        SELECT "userId" AS key, count(*)::int AS calls FROM call_records
        WHERE ${inRange} AND "userId" IS NOT NULL GROUP BY 1
      ) AS g LEFT JOIN genesys_users u ON u.id = g.key ORDER BY g.calls DESC, g.key`,
    db.$queryRaw<Array<{ key: string; name: string | null; calls: number; seconds: Seconds }>>`
      SELECT g.key, q.name, g.calls, g.seconds FROM (
        SELECT "queueId" AS key, count(*)::int AS calls, coalesce(sum(duration), 0)::bigint AS seconds
        FROM call_records WHERE ${inRange} AND "queueId" IS NOT NULL GROUP BY 1
      ) AS g LEFT JOIN genesys_queues q ON q.id = g.key ORDER BY g.calls DESC, g.key`,
    db.$queryRaw<Array<{ direction: string | null; mediaType: string | null; calls: number }>>`
      SELECT direction, "mediaType", count(*)::int AS calls FROM call_records WHERE ${inRange} GROUP BY 1, 2`,
    db.$queryRaw<Array<{ bucket: number; calls: number }>>`
      SELECT CASE WHEN duration <= 60 THEN 0 WHEN duration <= 300 THEN 1 WHEN duration <= 900 THEN 2 ELSE 3 END
               AS bucket,
             count(*)::int AS calls
      FROM call_records WHERE ${inRange} GROUP BY 1`,
    db.$queryRaw<Array<{ day: string | null; hour: number | null; calls: number }>>`
      WITH quarters AS (
        SELECT floor(extract(epoch FROM "startTime") / 900)::bigint AS quarter, count(*)::int AS calls
        FROM call_records WHERE ${inRange} GROUP BY 1
      ), located AS (
        SELECT (to_timestamp(quarter * 900) AT TIME ZONE ${timeZone}) AS local, calls FROM quarters
      )
      SELECT to_char(local, 'YYYY-MM-DD') AS day, NULL::int AS hour, sum(calls)::int AS calls FROM located GROUP BY 1
      UNION ALL
      SELECT NULL AS day, extract(hour FROM local)::int AS hour, sum(calls)::int AS calls FROM located GROUP BY 2`,
  ]);

  const totalCalls = totals[0]?.calls ?? 0;
  const totalSeconds = Number(totals[0]?.seconds ?? 0);
  const byDate = byTime
    .filter((row) => row.day !== null)
    .map((row) => ({ key: row.day!, calls: row.calls }))
    .sort((a, b) => b.key.localeCompare(a.key));
  const byHour = byTime
    .filter((row) => row.hour !== null)
    .map((row) => ({ hour: row.hour!, calls: row.calls }))
    .sort((a, b) => a.hour - b.hour);
  const callsByHour: Record<string, number> = {};
  for (let hour = 0; hour < 24; hour++) callsByHour[String(hour)] = 0;
  for (const row of byHour) callsByHour[String(row.hour)] = row.calls;
  const durationDistribution = Object.fromEntries(
    DURATION_BUCKETS.map((label) => [label, 0]),
  ) as CallAnalytics['durationDistribution'];
  for (const row of buckets) durationDistribution[DURATION_BUCKETS[row.bucket]!] = row.calls;

  const busiest = [...byDate].sort((a, b) => b.calls - a.calls || a.key.localeCompare(b.key))[0];
  const peak = [...byHour].sort((a, b) => b.calls - a.calls || a.hour - b.hour)[0];

  return {
    totalCalls,
    voiceCalls: totals[0]?.voiceCalls ?? 0,
    totalSeconds,
    totalMinutes: round2(totalSeconds / 60),
    averageCallDuration: totalCalls > 0 ? round2(totalSeconds / 60 / totalCalls) : 0,
    activeUsers: byUser.length,
    callsByUser: Object.fromEntries(byUser.map((row) => [row.key, row.calls])),
    callsByDate: Object.fromEntries(byDate.map((row) => [row.key, row.calls])),
    callsByQueue: Object.fromEntries(byQueue.map((row) => [row.key, row.calls])),
    callsByHour,
    callsByDirection: countsBy(byKind, (row) => row.direction),
    callsByMediaType: countsBy(byKind, (row) => row.mediaType),
    durationDistribution,
    minutesByQueue: Object.fromEntries(byQueue.map((row) => [row.key, round2(Number(row.seconds) / 60)])),
    busiestDay: busiest ? { date: busiest.key, calls: busiest.calls } : null,
    peakHour: peak ? { hour: peak.hour, calls: peak.calls } : null,
    userNames: Object.fromEntries(byUser.filter((row) => row.name).map((row) => [row.key, row.name!])),
    queueNames: Object.fromEntries(byQueue.filter((row) => row.name).map((row) => [row.key, row.name!])),
  };
}
