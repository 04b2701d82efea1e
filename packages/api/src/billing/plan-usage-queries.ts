/**
 * Usage per charge of a rate plan, in one pass over the interactions inside claim boxes (DESIGN.md
 * §4 "Rate plans": rating per charge per period in SQL where the volume is). The SQL is built from
 * the same rules as domain/rate-plan.ts (first matching charge plus additional ones, bands by the
 * company timezone, first and next increments); rate-plan-sql.integration.test.ts checks both agree.
 */
import { Prisma } from '@phone-billing/db';
import { isValidTimeZone, type ClaimBox } from '../domain';
import type { ChargeUsage, RateCharge, RatePlan } from '../domain/rate-plan';
import { billedSecondsSql } from '../domain/billed-seconds';
import { RATE_PLAN_MEDIA_TYPES } from '../shared/rate-plan';
import { interactionsInBoxesSql, type Reader } from './rating-queries';

/** What a box holds under a plan: every billable interaction in it, those no charge prices, and the usage per charge. */
export type PlanBoxCount = { calls: number; notInPlan: number; billedSeconds: number; charges: ChargeUsage[] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

// Every value written into the statement's text is checked here first: the plan was validated when
// saved, and is checked again so that nothing but these shapes can ever reach SQL.
function literalList(values: readonly string[], allowed: readonly string[]): string {
  for (const value of values) if (!allowed.includes(value)) throw new RangeError(`Not a known value: ${value}`);
  return values.map((value) => `'${value}'`).join(', ');
}

function wholeNumber(value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`Not a whole number from ${min} to ${max}: ${value}`);
  return value;
}

/** The interaction's start in the company timezone, computed once per row (see {@link planUsageSql}). */
const LOCAL_START = 'c."localStart"';

function matchSql(charge: RateCharge, plan: RatePlan): string {
  if (charge.unit === 'period' || charge.media.length === 0) return 'false';
  const parts = [`c."mediaType" IN (${literalList(charge.media, RATE_PLAN_MEDIA_TYPES)})`];
  if (charge.direction !== 'any')
    parts.push(`c."direction" = ${literalList([charge.direction], ['inbound', 'outbound'])}`);
  if (charge.timeBand !== 'any') {
    const hours = plan.businessHours;
    if (!TIME.test(hours.from) || !TIME.test(hours.to)) throw new RangeError('Business hours must be HH:MM');
    const days = hours.days.map((day) => wholeNumber(day, 1, 7));
    const business = days.length
      ? `(EXTRACT(ISODOW FROM ${LOCAL_START}) IN (${days.join(', ')}) AND ${LOCAL_START}::time >= '${hours.from}'::time AND ${LOCAL_START}::time < '${hours.to}'::time)`
      : 'false';
    parts.push(charge.timeBand === 'business' ? business : `NOT ${business}`);
  }
  return `(${parts.join(' AND ')})`;
}

function chargeBilledSecondsSql(charge: RateCharge): string {
  const first = wholeNumber(charge.firstIncrementSeconds, 1, 3600);
  const next = wholeNumber(charge.incrementSeconds, 1, 3600);
  const basis =
    charge.basis === 'handleTime'
      ? '(COALESCE(c."talkSeconds", 0) + COALESCE(c."holdSeconds", 0) + COALESCE(c."acwSeconds", 0))'
      : 'GREATEST(c.duration, 0)';
  return billedSecondsSql(basis, { firstIncrementSeconds: first, incrementSeconds: next });
}

/**
 * A plan's usage as SQL, in three steps over rows `c` of the interactions in the boxes (`rowsSql`
 * selects them with their box's `idx`): each row's start in the company timezone (`timeZone`, for
 * the business hours); then, once per row, the first charge in plan order that prices it
 * ("firstCharge", -1 for none) and whether each `additional` charge does too; then per box the
 * interactions and billed seconds of each charge (arrays in plan order) and those no charge prices.
 * The first two steps are kept apart (OFFSET 0), so that PostgreSQL works out each row's charges
 * once rather than once for every aggregate that asks.
 */
export function planUsageSql(plan: RatePlan, timeZone: string, rowsSql: Prisma.Sql): Prisma.Sql {
  if (!isValidTimeZone(timeZone) || /'/.test(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const matches = plan.charges.map((charge) => matchSql(charge, plan));
  const firstCases = plan.charges.flatMap((charge, index) =>
    charge.additional || matches[index] === 'false' ? [] : [`WHEN ${matches[index]} THEN ${index}`],
  );
  const firstCharge = firstCases.length ? `CASE ${firstCases.join(' ')} ELSE -1 END` : '-1';
  const additional = plan.charges.flatMap((charge, index) =>
    charge.additional && matches[index] !== 'false' ? [index] : [],
  );
  const pricedBy = (index: number) =>
    matches[index] === 'false'
      ? 'false'
      : plan.charges[index]!.additional
        ? `c."also${index}"`
        : `c."firstCharge" = ${index}`;
  const counts = plan.charges.map((_, index) =>
    pricedBy(index) === 'false' ? '0' : `count(*) FILTER (WHERE ${pricedBy(index)})`,
  );
  const seconds = plan.charges.map((charge, index) =>
    charge.unit === 'minute' && pricedBy(index) !== 'false'
      ? `COALESCE(sum(${chargeBilledSecondsSql(charge)}) FILTER (WHERE ${pricedBy(index)}), 0)`
      : '0',
  );
  const unpriced = ['c."firstCharge" < 0', ...additional.map((index) => `NOT c."also${index}"`)].join(' AND ');
  const banded = plan.charges.some((charge) => charge.timeBand !== 'any');
  const aggregates = Prisma.raw(`
       count(*)::int AS calls,
       count(*) FILTER (WHERE ${unpriced})::int AS "notInPlan",
       ARRAY[${counts.join(', ') || '0'}]::int[] AS interactions,
       ARRAY[${seconds.join(', ') || '0'}]::bigint[] AS seconds`);
  const charges = Prisma.raw(
    [`${firstCharge} AS "firstCharge"`, ...additional.map((index) => `${matches[index]} AS "also${index}"`)].join(', '),
  );
  const localStart = Prisma.raw(
    banded ? `, (r."startTime" AT TIME ZONE 'UTC' AT TIME ZONE '${timeZone}') AS "localStart"` : '',
  );
  return Prisma.sql`
    SELECT c.idx, ${aggregates}
    FROM (
      SELECT c.idx, c.duration, c."talkSeconds", c."holdSeconds", c."acwSeconds", ${charges}
      FROM (
        SELECT r.idx, r."mediaType", r."direction", r.duration, r."talkSeconds", r."holdSeconds", r."acwSeconds" ${localStart}
        FROM (${rowsSql}) r
        OFFSET 0) c
      OFFSET 0) c
    GROUP BY c.idx`;
}

/** Usage per charge inside each box, in one statement (the boxes of one plan). */
export async function countPlanUsageInBoxes(
  tx: Reader,
  boxes: Array<ClaimBox & { queueId: string }>,
  plan: RatePlan,
  timeZone: string,
): Promise<Map<number, PlanBoxCount>> {
  const result = new Map<number, PlanBoxCount>();
  if (boxes.length === 0) return result;
  const rowsSql = Prisma.sql`
    SELECT b.idx, c."mediaType", c."direction", c.duration, c."talkSeconds", c."holdSeconds", c."acwSeconds", c."startTime"
    ${interactionsInBoxesSql(boxes)}`;
  const rows = await tx.$queryRaw<
    Array<{ idx: number; calls: number; notInPlan: number; interactions: number[]; seconds: Array<bigint | string> }>
  >(planUsageSql(plan, timeZone, rowsSql));
  for (const row of rows) {
    const charges = plan.charges.map((_, index) => ({
      interactions: Number(row.interactions[index] ?? 0),
      billedSeconds: Number(row.seconds[index] ?? 0),
    }));
    result.set(row.idx, {
      calls: row.calls,
      notInPlan: row.notInPlan,
      billedSeconds: charges.reduce((sum, charge) => sum + charge.billedSeconds, 0),
      charges,
    });
  }
  return result;
}
