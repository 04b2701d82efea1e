/**
 * What a run would bill, counted before it runs (the pre-flight, issue 24), as the run counts it
 * (DESIGN.md §4 "Rate plans"): the same periods, days and free boxes (rate-customers.ts
 * drawFreeBoxes), and each period's plan decides what is billed. Interactions a charge prices are
 * counted, whatever their media type and direction (chats, e-mails, messages, callbacks, outbound
 * calls); those no charge prices are counted apart, as "not in plan". Under the spec's three fields
 * only voice calls are billed. Reads what is stored: the run pulls Genesys again first.
 */
import type { Database } from '@phone-billing/db';
import { planFromProfileFields } from '../domain/rate-plan';
import { countPlanUsageInBoxes } from './plan-usage-queries';
import { boxesByPlan, drawFreeBoxes } from './rate-customers';
import type { RatingRequest, RatingSettings, RecordedPeriod } from './rating-plan';

/** Per profile: interactions the run would bill, and those in the same days that no charge of its plan prices. */
export type PreflightCounts = { interactions: number; notInPlan: number };

export async function countWhatRunWouldBill(
  db: Database,
  request: RatingRequest,
  settings: RatingSettings,
  recordedByProfile: Map<string, RecordedPeriod[]>,
): Promise<Map<string, PreflightCounts>> {
  const seq = await db.$queryRaw<Array<{ next: bigint }>>`SELECT last_value + 1 AS next FROM call_billable_seq`;
  const watermark = Number(seq[0]?.next ?? 1);
  const { drafts, ratePlans, boxes } = await drawFreeBoxes(db, request, settings, watermark, recordedByProfile);
  const counts = new Map<string, PreflightCounts>();
  for (const draft of drafts) if (draft.profile) counts.set(draft.profile.id, { interactions: 0, notInPlan: 0 });

  // The spec's fields are their own plan, one voice charge: what it bills and leaves out does not
  // depend on its prices, so one count serves every profile on them.
  const fieldsPlan = planFromProfileFields(
    { ratePerMinute: '0', minimumMinutes: 0, overageRatePerMinute: '0', ratePlan: null },
    settings.incrementSeconds,
  );
  for (const { plan, indexes } of boxesByPlan(boxes, ratePlans)) {
    const counted = await countPlanUsageInBoxes(
      db,
      indexes.map((index) => boxes[index]!),
      plan ?? fieldsPlan,
      settings.timeZone,
    );
    counted.forEach((count, position) => {
      const total = counts.get(drafts[boxes[indexes[position]!]!.customerIndex]!.profile!.id)!;
      total.interactions += count.calls - count.notInPlan;
      total.notInPlan += count.notInPlan;
    });
  }
  return counts;
}
