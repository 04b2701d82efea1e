/**
 * Rating: what each customer of a job owes, period by period, and exactly which calls that is.
 * The dry run and the real run both come through here, inside a transaction that holds the
 * billable-call lock (see ledger.ts), so the preview is the real run minus sending.
 *
 * rating-plan.ts (pure) decides the periods and the instants scanned; rating-queries.ts reads the
 * database; rating-outcome.ts (pure) prices what was counted.
 */
import { freeBoxes, type ClaimBox } from '../domain';
import {
  draftCustomers,
  scanWindows,
  type CustomerRating,
  type PlannedBox,
  type RatingRequest,
  type RatingSettings,
  type RecordedPeriod,
} from './rating-plan';
import { rateDrafts } from './rating-outcome';
import {
  countCallsInBoxes,
  loadLiveClaims,
  loadProfiles,
  loadQueueIds,
  type BoxCounter,
  type Reader,
} from './rating-queries';
import { countPlanUsageInBoxes } from './plan-usage-queries';
import { loadRatePlanVersions, planInForce } from '../rate-plans/profile-rate-plan';
import type { RatePlan } from '../domain/rate-plan';

export { billingStartDateOf } from './rating-plan';
export type {
  CustomerOutcome,
  CustomerRating,
  PlannedBox,
  PlannedPeriod,
  ProfileRow,
  RatingRequest,
  RatingSettings,
  RecordedPeriod,
} from './rating-plan';
export {
  countBoxesInParallel,
  countCallsInBoxes,
  loadProfiles,
  loadRecordedPeriods,
  type BoxCounter,
  type Reader,
} from './rating-queries';

/**
 * Rates the customers: for each, its periods, the boxes of calls no live invoice holds below the
 * watermark, and what each period owes for them (chargeForPeriod). `watermark` is the next
 * billable sequence number, read under the billable-call lock.
 */
export async function rateCustomers(
  tx: Reader,
  request: RatingRequest,
  settings: RatingSettings,
  watermark: number,
  recordedByProfile: Map<string, RecordedPeriod[]>,
  options: {
    requireQboCustomer: boolean;
    /** Counts the calls in the boxes; by default on `tx` (see {@link countCallsInBoxes}). */
    countBoxes?: BoxCounter;
  },
): Promise<CustomerRating[]> {
  const profileIds = [
    ...new Set(request.customers.map((customer) => customer.profileId).filter((id): id is string => Boolean(id))),
  ];
  const profiles = await loadProfiles(tx, profileIds);
  const drafts = draftCustomers(request, settings, profiles, recordedByProfile);
  // The plan of each period: a recorded period's own terms, else the version in force on its first day.
  const versions = await loadRatePlanVersions(tx, profileIds);
  const ratePlans = new Map<string, RatePlan | null>();
  drafts.forEach((draft, customerIndex) =>
    draft.scopes.forEach((scope, scopeIndex) => {
      const plan = scope.recorded?.termsFixed
        ? (scope.recorded.terms.ratePlan ?? null)
        : planInForce(versions.get(draft.profile!.id) ?? [], scope.period.start);
      ratePlans.set(`${customerIndex}:${scopeIndex}`, plan);
    }),
  );

  const names = [...new Set(drafts.flatMap((draft) => (draft.scopes.length ? draft.profile!.genesysQueueNames : [])))];
  const windows = scanWindows(drafts, await loadQueueIds(tx, names));

  // What live invoices hold of those queues in that time, then the boxes of calls still free.
  const queueIds = [...new Set(windows.map((window) => window.queueId))];
  const spanFrom = windows.length ? Math.min(...windows.map((window) => window.from)) : 0;
  const spanTo = windows.length ? Math.max(...windows.map((window) => window.to)) : 0;
  const liveByQueue = await loadLiveClaims(tx, queueIds, spanFrom, spanTo);
  const boxes: Array<ClaimBox & { customerIndex: number; scopeIndex: number; queueId: string; queueName: string }> = [];
  for (const window of windows) {
    for (const box of freeBoxes(window, liveByQueue.get(window.queueId) ?? [], watermark)) {
      boxes.push({
        startFrom: box.startFrom,
        startTo: box.startTo,
        seqFrom: box.seqFrom,
        seqTo: box.seqTo,
        customerIndex: window.customerIndex,
        scopeIndex: window.scopeIndex,
        queueId: window.queueId,
        queueName: window.queueName,
      });
    }
  }
  // Boxes of periods under the three fields are counted as before (voice calls); those under a rate
  // plan in one statement per distinct plan, grouped by charge.
  const planOfBox = (box: (typeof boxes)[number]) => ratePlans.get(`${box.customerIndex}:${box.scopeIndex}`) ?? null;
  const plainIndexes = boxes.flatMap((box, index) => (planOfBox(box) ? [] : [index]));
  const plainCounted = await (options.countBoxes ?? ((all, increment) => countCallsInBoxes(tx, all, increment)))(
    plainIndexes.map((index) => boxes[index]!),
    settings.incrementSeconds,
  );
  const counted = new Map<number, PlannedCount>();
  plainCounted.forEach((count, position) => counted.set(plainIndexes[position]!, count));
  const byPlan = new Map<string, { plan: RatePlan; indexes: number[] }>();
  boxes.forEach((box, index) => {
    const plan = planOfBox(box);
    if (!plan) return;
    const key = JSON.stringify(plan);
    const group = byPlan.get(key) ?? { plan, indexes: [] };
    group.indexes.push(index);
    byPlan.set(key, group);
  });
  for (const { plan, indexes } of byPlan.values()) {
    const planCounted = await countPlanUsageInBoxes(
      tx,
      indexes.map((index) => boxes[index]!),
      plan,
      settings.timeZone,
    );
    planCounted.forEach((count, position) => counted.set(indexes[position]!, count));
  }

  const plannedBoxes = new Map<string, PlannedBox[]>();
  boxes.forEach((box, index) => {
    const count = counted.get(index);
    if (!count) return; // nothing inside: a box only ever holds the calls it was drawn over
    const key = `${box.customerIndex}:${box.scopeIndex}`;
    const list = plannedBoxes.get(key) ?? [];
    // Object.assign, not a spread at the end of a literal: V8 copies that the slow way, once per box.
    list.push(
      Object.assign(
        {
          startFrom: box.startFrom,
          startTo: box.startTo,
          seqFrom: box.seqFrom,
          seqTo: box.seqTo,
          queueId: box.queueId,
          queueName: box.queueName,
        },
        count,
      ),
    );
    plannedBoxes.set(key, list);
  });
  return rateDrafts(drafts, plannedBoxes, request, { ...options, ratePlans });
}

type PlannedCount = Pick<PlannedBox, 'calls' | 'billedSeconds' | 'charges' | 'notInPlan'>;
