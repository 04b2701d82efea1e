import { Prisma, queryRows, type Database } from '@phone-billing/db';
import { addDays, compareDates, dayRangeToInstants } from '../domain/calendar';
import { billedSecondsSql } from '../domain/billed-seconds';
import { billedByProfileFieldsSql } from '../domain/billable-interactions';
import { CALL_USAGE_HOURLY_BILLED_COLUMNS, CALL_USAGE_HOURLY_SECONDS_SQL } from './usage-rollup';

export interface MonthUsage {
  /** Per queue id (null: calls without a queue): seconds billed at the increment, each call rounded up. */
  billedSecondsByQueueId: Map<string | null, number>;
  /** Per day of the month (0 = the first): calls and talk seconds. */
  byDay: Map<number, { calls: number; seconds: number }>;
}

const onTheHour = (instant: Date) => instant.getTime() % 3_600_000 === 0;

type UsageRow = {
  perQueue: boolean;
  queueId: string | null;
  dayIndex: number | null;
  calls: number;
  seconds: string;
  billed: string;
};

/**
 * This calendar month's voice calls in the company timezone, per queue and per day. Read from the
 * hourly rollup (call_usage_hourly, migration 20261203_call_usage_hourly, kept by triggers on call_records: a month is a few thousand
 * rows whatever the number of calls) whenever the month's days start on the hour in UTC and the
 * increment is one the rollup keeps; otherwise (a zone with a half-hour offset, an increment set
 * by hand in the database) from the calls themselves, over the partial covering index on voice
 * calls' "startTime". Both give the same figures; a test holds them to it. The day comes from
 * `width_bucket` over the instants the month's days start at, so no row needs a timezone
 * conversion.
 */
export async function readMonthUsage(
  db: Database,
  month: { start: string; end: string },
  timeZone: string,
  increment: number,
): Promise<MonthUsage> {
  const range = dayRangeToInstants(month.start, month.end, timeZone);
  const dayStarts: Date[] = [];
  for (let day = addDays(month.start, 1); compareDates(day, month.end) <= 0; day = addDays(day, 1)) {
    dayStarts.push(dayRangeToInstants(day, day, timeZone).from);
  }
  const from = range.from.toISOString();
  const to = range.toExclusive.toISOString();
  const billedColumn = CALL_USAGE_HOURLY_BILLED_COLUMNS[increment];
  // Voice calls as the spec's fields bill them, ended or not, with a queue or not: the rollup is keyed
  // by media type, not by billability, and the dashboard's month is an estimate up to now.
  const voice = Prisma.raw(billedByProfileFieldsSql(''));
  const fromRollup = billedColumn !== undefined && [range.from, range.toExclusive, ...dayStarts].every(onTheHour);
  const source = fromRollup
    ? Prisma.sql`
        SELECT "queueId", "hour" AS at, calls, seconds, ${Prisma.raw(`"${billedColumn}"`)} AS billed
          FROM call_usage_hourly
         WHERE ${voice} AND "hour" >= ${from}::timestamp AND "hour" < ${to}::timestamp`
    : Prisma.sql`
        SELECT "queueId", "startTime" AS at, 1 AS calls, GREATEST(duration, 0)::bigint AS seconds,
               ${Prisma.raw(billedSecondsSql(CALL_USAGE_HOURLY_SECONDS_SQL, increment))} AS billed
          FROM call_records
         WHERE ${voice} AND "startTime" >= ${from}::timestamp AND "startTime" < ${to}::timestamp`;
  const rows = await queryRows<UsageRow>(
    db,
    Prisma.sql`
      SELECT GROUPING("queueId") = 0 AS "perQueue", "queueId", "dayIndex",
             sum(calls)::int AS calls, sum(seconds)::bigint AS seconds, sum(billed)::bigint AS billed
        FROM (SELECT "queueId", width_bucket(at, ${dayStarts.map((instant) => instant.toISOString())}::timestamp[]) AS "dayIndex", calls, seconds, billed
                FROM (${source}) AS usage_source) AS usage
       GROUP BY GROUPING SETS (("queueId"), ("dayIndex"))`,
  );
  const usage: MonthUsage = { billedSecondsByQueueId: new Map(), byDay: new Map() };
  for (const row of rows) {
    if (row.perQueue) usage.billedSecondsByQueueId.set(row.queueId, Number(row.billed));
    else usage.byDay.set(row.dayIndex!, { calls: row.calls, seconds: Number(row.seconds) });
  }
  return usage;
}
