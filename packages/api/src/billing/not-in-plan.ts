/**
 * "Not in plan" (DESIGN.md §4 "Rate plans"): the interactions of a billed period that no charge of
 * the period's plan prices, so a clerk sees what a contract leaves unbilled (chats under a voice-only
 * plan, e-mails nobody priced). Counted over the period's live claims by the same SQL that rates them.
 */
import { planFromProfileFields, type RatePlan } from '../domain/rate-plan';
import { countPlanUsageInBoxes } from './plan-usage-queries';
import type { RecordedPeriod } from './rating-plan';
import type { Reader } from './rating-queries';

type ClaimRow = { periodId: string; queueId: string; startFrom: Date; startTo: Date; seqFrom: bigint; seqTo: bigint };

/**
 * Per recorded period id, its interactions that no charge prices (the spec's fields are their own
 * voice-only plan). One statement for the claims, then one per distinct plan and zone.
 */
export async function countNotInPlan(
  db: Reader,
  periods: readonly RecordedPeriod[],
  incrementSeconds: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(periods.map((period) => [period.id, 0]));
  if (periods.length === 0) return counts;
  const claims = await db.$queryRaw<ClaimRow[]>`
    SELECT "periodId"::text AS "periodId", "queueId", "startFrom", "startTo", "seqFrom", "seqTo"
    FROM call_claims WHERE live AND "periodId" = ANY(${periods.map((period) => period.id)}::uuid[])`;
  const groups = new Map<string, { plan: RatePlan; timeZone: string; periodIds: string[] }>();
  for (const period of periods) {
    const plan = period.terms.ratePlan ?? planFromProfileFields(period.terms, incrementSeconds);
    const key = `${period.timeZone}|${JSON.stringify(plan)}`;
    const group = groups.get(key) ?? { plan, timeZone: period.timeZone, periodIds: [] };
    group.periodIds.push(period.id);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const boxes = claims.filter((claim) => group.periodIds.includes(claim.periodId));
    const usage = await countPlanUsageInBoxes(
      db,
      boxes.map((claim) => ({
        queueId: claim.queueId,
        startFrom: claim.startFrom.getTime(),
        startTo: claim.startTo.getTime(),
        seqFrom: Number(claim.seqFrom),
        seqTo: Number(claim.seqTo),
      })),
      group.plan,
      group.timeZone,
    );
    for (const [index, box] of usage)
      counts.set(boxes[index]!.periodId, (counts.get(boxes[index]!.periodId) ?? 0) + box.notInPlan);
  }
  return counts;
}
