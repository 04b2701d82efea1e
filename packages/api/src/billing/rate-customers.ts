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
  type CustomerDraft,
  type CustomerRating,
  type PlannedBox,
  type RatingRequest,
  type RatingSettings,
  type RecordedPeriod,
} from './rating-plan';
import { rateDrafts } from './rating-outcome';
import {
  countCallsInBoxes,
  countInParallel,
  loadLiveClaims,
  loadProfiles,
  loadQueueIds,
  type CountTask,
  type Reader,
} from './rating-queries';
import { countPlanUsageInBoxes } from './plan-usage-queries';
import { loadRatePlanVersions, planInForce } from '../rate-plans/profile-rate-plan';
import type { RatePlan } from '../domain/rate-plan';

export { billingStartDateOf } from '../domain/billing-period';
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
export { countCallsInBoxes, countInParallel, loadProfiles, loadRecordedPeriods, type Reader } from './rating-queries';

/** A box of interactions still free, of one customer's period (`scopeIndex` of its draft) on one queue. */
export type DrawnBox = ClaimBox & { customerIndex: number; scopeIndex: number; queueId: string; queueName: string };

/**
 * What a rating of `request` would count, without counting it: each customer's draft (its periods
 * and the days scanned in each, or why it is skipped), the plan of each period ("customerIndex:
 * scopeIndex"; null for the spec's three fields) and the boxes of interactions below `watermark`
 * that no live invoice holds. The run rates them (below); the pre-flight counts them.
 */
export async function drawFreeBoxes(
  tx: Reader,
  request: RatingRequest,
  settings: RatingSettings,
  watermark: number,
  recordedByProfile: Map<string, RecordedPeriod[]>,
): Promise<{ drafts: CustomerDraft[]; ratePlans: Map<string, RatePlan | null>; boxes: DrawnBox[] }> {
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
  const boxes: DrawnBox[] = [];
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
  return { drafts, ratePlans, boxes };
}

/** The boxes' positions grouped by the plan of their period (null: the spec's three fields), in order of first use. */
export function boxesByPlan(
  boxes: readonly DrawnBox[],
  ratePlans: Map<string, RatePlan | null>,
): Array<{ plan: RatePlan | null; indexes: number[] }> {
  const groups = new Map<string, { plan: RatePlan | null; indexes: number[] }>();
  boxes.forEach((box, index) => {
    const plan = ratePlans.get(`${box.customerIndex}:${box.scopeIndex}`) ?? null;
    const key = plan ? JSON.stringify(plan) : '';
    const group = groups.get(key) ?? { plan, indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  return [...groups.values()];
}

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
    /**
     * Where the boxes are counted: by default on `tx`, one statement at a time; the ledger counts on
     * several connections of the pool at once (see {@link countInParallel}).
     */
    countOn?: { db: Reader; parts: number };
  },
): Promise<CustomerRating[]> {
  const { drafts, ratePlans, boxes } = await drawFreeBoxes(tx, request, settings, watermark, recordedByProfile);
  // Boxes of periods under the three fields are counted as before (voice calls); those under a rate
  // plan grouped by plan, by charge: all of them one chunk after another on the counting connections.
  const groups = boxesByPlan(boxes, ratePlans);
  const { db: countDb, parts } = options.countOn ?? { db: tx, parts: 1 };
  const tasks: Array<CountTask<PlannedCount>> = groups.map(({ plan, indexes }) => ({
    boxes: indexes.map((index) => boxes[index]!),
    count: plan
      ? (chunk) => countPlanUsageInBoxes(countDb, chunk, plan, settings.timeZone)
      : (chunk) => countCallsInBoxes(countDb, chunk, settings.incrementSeconds),
  }));
  const counted = new Map<number, PlannedCount>();
  (await countInParallel(tasks, parts)).forEach((groupCounted, task) =>
    groupCounted.forEach((count, position) => counted.set(groups[task]!.indexes[position]!, count)),
  );

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
