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
import type { Reader } from './rating-queries';

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

function matchSql(charge: RateCharge, plan: RatePlan, timeZone: string): string {
  if (charge.unit === 'period' || charge.media.length === 0) return 'false';
  const parts = [`c."mediaType" IN (${literalList(charge.media, RATE_PLAN_MEDIA_TYPES)})`];
  if (charge.direction !== 'any')
    parts.push(`c."direction" = ${literalList([charge.direction], ['inbound', 'outbound'])}`);
  if (charge.timeBand !== 'any') {
    const hours = plan.businessHours;
    if (!TIME.test(hours.from) || !TIME.test(hours.to)) throw new RangeError('Business hours must be HH:MM');
    const days = hours.days.map((day) => wholeNumber(day, 1, 7));
    const local = `(c."startTime" AT TIME ZONE 'UTC' AT TIME ZONE '${timeZone}')`;
    const business = days.length
      ? `(EXTRACT(ISODOW FROM ${local}) IN (${days.join(', ')}) AND ${local}::time >= '${hours.from}'::time AND ${local}::time < '${hours.to}'::time)`
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
 * The SQL select list of a plan's usage over rows of call_records `c`: per charge, the
 * interactions it prices and their billed seconds (arrays in plan order), and those no charge
 * prices. `timeZone` places the business hours (the company's).
 */
export function planUsageSelectSql(plan: RatePlan, timeZone: string): string {
  if (!isValidTimeZone(timeZone) || /'/.test(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const matches = plan.charges.map((charge) => matchSql(charge, plan, timeZone));
  const assigned = plan.charges.map((charge, index) => {
    if (charge.additional) return matches[index]!;
    const earlier = plan.charges.flatMap((other, before) =>
      before < index && !other.additional && other.unit !== 'period' ? [matches[before]!] : [],
    );
    return earlier.length ? `(${matches[index]} AND NOT (${earlier.join(' OR ')}))` : matches[index]!;
  });
  const counts = assigned.map((condition) => `count(*) FILTER (WHERE ${condition})`);
  const seconds = plan.charges.map((charge, index) =>
    charge.unit === 'minute'
      ? `COALESCE(sum(${chargeBilledSecondsSql(charge)}) FILTER (WHERE ${assigned[index]}), 0)`
      : '0',
  );
  const anyMatch = matches.filter((match) => match !== 'false');
  return [
    'count(*)::int AS calls',
    `count(*) FILTER (WHERE NOT (${anyMatch.length ? anyMatch.join(' OR ') : 'false'}))::int AS "notInPlan"`,
    `ARRAY[${counts.join(', ') || '0'}]::int[] AS interactions`,
    `ARRAY[${seconds.join(', ') || '0'}]::bigint[] AS seconds`,
  ].join(',\n       ');
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
  const toTimestamp = (ms: number) => new Date(ms).toISOString().replace('Z', '');
  const rows = await tx.$queryRaw<
    Array<{ idx: number; calls: number; notInPlan: number; interactions: number[]; seconds: Array<bigint | string> }>
  >`
    SELECT b.idx, ${Prisma.raw(planUsageSelectSql(plan, timeZone))}
    FROM unnest(
      ${boxes.map((_, index) => index)}::int[],
      ${boxes.map((box) => box.queueId)}::text[],
      ${boxes.map((box) => toTimestamp(box.startFrom))}::timestamp[],
      ${boxes.map((box) => toTimestamp(box.startTo))}::timestamp[],
      ${boxes.map((box) => box.seqFrom)}::bigint[],
      ${boxes.map((box) => box.seqTo)}::bigint[]
    ) AS b(idx, q, f, t, sf, st)
    JOIN call_records c ON c."queueId" = b.q AND c."startTime" >= b.f AND c."startTime" < b.t
      AND c."billableSeq" IS NOT NULL AND c."billableSeq" >= b.sf AND c."billableSeq" < b.st
    GROUP BY b.idx`;
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
