/**
 * The database half of rating: profiles, recorded periods with what their live invoices bill, queue
 * ids, live claims, and the calls inside boxes. The pure half is rating-plan.ts.
 */
import { Prisma } from '@phone-billing/db';
import { mergeDayRanges, utcTimestampText, type ClaimBox } from '../domain';
import { billedSecondsSql } from '../domain/billed-seconds';
import { billedByProfileFieldsSql } from '../domain/billable-interactions';
import type { ProfileRow, RecordedPeriod } from './rating-plan';
import { addUsage } from '../domain/plan-period-charge';
import type { ChargeUsage, RatePlan } from '../domain/rate-plan';
import { fixesPeriodTerms } from './ledger-drops';

/** A transaction (or the client): rating only reads. */
export type Reader = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

export async function loadProfiles(tx: Reader, profileIds: string[]): Promise<Map<string, ProfileRow>> {
  if (profileIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<
    Array<Omit<ProfileRow, 'activity'> & { activity: Array<{ at: string; isActive: boolean }> | null }>
  >`
    SELECT p.id::text, p."isActive", p."archivedAt", p."qboCustomerId", p."ratePerMinute"::text AS "ratePerMinute", p."minimumMinutes",
           p."overageRatePerMinute"::text AS "overageRatePerMinute", p."taxCode", p."billingPeriodStart", p."billingPeriodEnd", p."periodRuleHistory",
           to_char(p."billingStartDate", 'YYYY-MM-DD') AS "billingStartDate", p."createdAt", p."genesysQueueNames",
           (SELECT jsonb_agg(jsonb_build_object('at', to_char(a."at", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'isActive', a."isActive") ORDER BY a."at", a.id)
              FROM profile_activity_changes a WHERE a."profileId" = p.id) AS activity
    FROM customer_profiles p WHERE p.id = ANY(${profileIds}::uuid[])`;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        activity: (row.activity ?? []).map((change) => ({ at: new Date(change.at), isActive: change.isActive })),
      },
    ]),
  );
}

/**
 * The recorded periods of these profiles with what their live invoices (anything not released)
 * bill: amount, billed seconds, covered days and DocNumbers. `lockIds` locks those period rows
 * first (FOR UPDATE), so two jobs never both bill a period as its first invoice.
 */
export async function loadRecordedPeriods(
  tx: Reader,
  profileIds: string[],
  lockIds: string[] = [],
  lockMode: 'UPDATE' | 'SHARE' = 'UPDATE',
): Promise<Map<string, RecordedPeriod[]>> {
  const byProfile = new Map<string, RecordedPeriod[]>();
  if (profileIds.length === 0) return byProfile;
  if (lockIds.length > 0 && lockMode === 'UPDATE') {
    await tx.$queryRaw`SELECT id FROM billing_periods WHERE id = ANY(${lockIds}::uuid[]) ORDER BY id FOR UPDATE`;
  } else if (lockIds.length > 0) {
    await tx.$queryRaw`SELECT id FROM billing_periods WHERE id = ANY(${lockIds}::uuid[]) ORDER BY id FOR SHARE`;
  }
  const rows = await tx.$queryRaw<
    Array<{
      id: string;
      profileId: string;
      start: string;
      end: string;
      startsAt: Date;
      endsAt: Date;
      timeZone: string;
      ratePerMinute: string;
      minimumMinutes: number;
      overageRatePerMinute: string;
      ratePlan: unknown;
      lines: number;
      released: number;
      invoiced: string;
      billedSeconds: bigint;
      billedCalls: number;
      covered: Array<{ start: string; end: string }> | null;
      docNumbers: string[] | null;
      chargeUsage: ChargeUsage[][] | null;
      termsFixed: boolean;
    }>
  >`
    SELECT bp.id::text, bp."profileId"::text AS "profileId", to_char(bp."periodStart", 'YYYY-MM-DD') AS start, to_char(bp."periodEnd", 'YYYY-MM-DD') AS "end",
           bp."startsAt", bp."endsAt", bp."timeZone",
           bp."ratePerMinute"::text AS "ratePerMinute", bp."minimumMinutes", bp."overageRatePerMinute"::text AS "overageRatePerMinute",
           bp."ratePlan",
           count(l.id)::int AS lines,
           count(*) FILTER (WHERE released.id IS NOT NULL)::int AS released,
           COALESCE(sum(pl.amount) FILTER (WHERE l.id IS NOT NULL), 0)::text AS invoiced,
           COALESCE(sum(pl."billedSeconds") FILTER (WHERE l.id IS NOT NULL), 0)::bigint AS "billedSeconds",
           COALESCE(sum(pl.calls) FILTER (WHERE l.id IS NOT NULL), 0)::int AS "billedCalls",
           jsonb_agg(jsonb_build_object('start', to_char(pl."coveredFrom", 'YYYY-MM-DD'), 'end', to_char(pl."coveredTo", 'YYYY-MM-DD')))
             FILTER (WHERE l.id IS NOT NULL AND pl."coveredFrom" IS NOT NULL) AS covered,
           array_agg(DISTINCT l."docNumber") FILTER (WHERE l.id IS NOT NULL AND l.kind = 'INVOICE') AS "docNumbers",
           jsonb_agg(pl."chargeUsage") FILTER (WHERE l.id IS NOT NULL AND pl."chargeUsage" IS NOT NULL) AS "chargeUsage",
           EXISTS (SELECT 1 FROM invoice_period_lines fpl JOIN invoice_ledger fl ON fl.id = fpl."ledgerId"
                   WHERE fpl."periodId" = bp.id AND ${fixesPeriodTerms('fl', 'bp')}) AS "termsFixed"
    FROM billing_periods bp
    LEFT JOIN invoice_period_lines pl ON pl."periodId" = bp.id
    LEFT JOIN invoice_ledger l ON l.id = pl."ledgerId" AND l.state <> 'RELEASED'
    LEFT JOIN invoice_ledger released ON released.id = pl."ledgerId" AND released.state = 'RELEASED'
    WHERE bp."profileId" = ANY(${profileIds}::uuid[])
    GROUP BY bp.id
    ORDER BY bp."periodStart"`;
  for (const row of rows) {
    const list = byProfile.get(row.profileId) ?? [];
    list.push({
      id: row.id,
      profileId: row.profileId,
      start: row.start,
      end: row.end,
      startsAt: row.startsAt.getTime(),
      endsAt: row.endsAt.getTime(),
      timeZone: row.timeZone,
      terms: {
        ratePerMinute: row.ratePerMinute,
        minimumMinutes: row.minimumMinutes,
        overageRatePerMinute: row.overageRatePerMinute,
        ratePlan: row.ratePlan ? (row.ratePlan as RatePlan) : null,
      },
      termsFixed: row.termsFixed,
      chargeUsageBefore: (row.chargeUsage ?? []).reduce<ChargeUsage[]>((sum, usage) => addUsage(sum, usage), []),
      billedBefore: row.lines > 0,
      releasedBefore: row.released > 0,
      invoicedBefore: row.invoiced,
      billedSecondsBefore: Number(row.billedSeconds),
      billedCallsBefore: row.billedCalls,
      covered: mergeDayRanges(row.covered ?? []),
      docNumbers: (row.docNumbers ?? []).sort(),
    });
    byProfile.set(row.profileId, list);
  }
  return byProfile;
}

/** Genesys queue ids by queue name (calls carry the id of their first queue). */
export async function loadQueueIds(tx: Reader, names: string[]): Promise<Map<string, string[]>> {
  const rows = names.length
    ? await tx.$queryRaw<
        Array<{ id: string; name: string }>
      >`SELECT id, name FROM genesys_queues WHERE name = ANY(${names}::text[])`
    : [];
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
  return byName;
}

/** The live claims of these queues that overlap [from, to), per queue id. */
export async function loadLiveClaims(
  tx: Reader,
  queueIds: string[],
  from: number,
  to: number,
): Promise<Map<string, ClaimBox[]>> {
  const rows = queueIds.length
    ? await tx.$queryRaw<Array<{ queueId: string; startFrom: Date; startTo: Date; seqFrom: bigint; seqTo: bigint }>>`
        SELECT "queueId", "startFrom", "startTo", "seqFrom", "seqTo" FROM call_claims
        WHERE live AND "queueId" = ANY(${queueIds}::text[]) AND "startTo" > ${new Date(from)} AND "startFrom" < ${new Date(to)}`
    : [];
  const byQueue = new Map<string, ClaimBox[]>();
  for (const row of rows) {
    const list = byQueue.get(row.queueId) ?? [];
    list.push({
      startFrom: row.startFrom.getTime(),
      startTo: row.startTo.getTime(),
      seqFrom: Number(row.seqFrom),
      seqTo: Number(row.seqTo),
    });
    byQueue.set(row.queueId, list);
  }
  return byQueue;
}

type BoxCount = { calls: number; billedSeconds: number };
/** One statement's worth of boxes: `count` answers by position in `boxes`. */
export type CountTask<T> = {
  boxes: ReadonlyArray<ClaimBox & { queueId: string }>;
  count: (chunk: Array<ClaimBox & { queueId: string }>) => Promise<Map<number, T>>;
};

/**
 * Runs the tasks on `parts` connections at once, while the rating's transaction holds the
 * billable-call lock. Each box is bounded by the watermark, every interaction below it was
 * committed before the watermark was read and keeps what rating reads of it (its billing
 * attributes, and its handle-time metrics: a change to them waits for the lock, see migration
 * 20270101_1_billed_metrics_frozen), and the transaction writes no interaction: so any snapshot
 * taken since counts exactly what the transaction would, and the parts use the server's cores as a
 * parallel plan of one statement would. Tasks go out in chunks that each connection takes as it is
 * free, so one slowed by the machine does not hold the rest back (two fixed halves finished 130 and
 * 300 ms apart on a busy machine). Answers by task, then by position in the task's boxes.
 */
export async function countInParallel<T>(tasks: ReadonlyArray<CountTask<T>>, parts: number): Promise<Map<number, T>[]> {
  const total = tasks.reduce((sum, task) => sum + task.boxes.length, 0);
  const results = tasks.map(() => new Map<number, T>());
  const chunks: Array<{ task: number; offset: number; size: number }> = [];
  const size =
    parts <= 1 || total < 2 * PARALLEL_COUNT_MIN_BOXES
      ? Number.MAX_SAFE_INTEGER
      : Math.max(PARALLEL_COUNT_MIN_BOXES, Math.ceil(total / (parts * CHUNKS_PER_CONNECTION)));
  tasks.forEach((task, index) => {
    for (let offset = 0; offset < task.boxes.length; offset += size)
      chunks.push({ task: index, offset, size: Math.min(size, task.boxes.length - offset) });
  });
  let next = 0;
  const countChunks = async () => {
    while (next < chunks.length) {
      const { task, offset, size: length } = chunks[next]!;
      next += 1;
      const counted = await tasks[task]!.count(tasks[task]!.boxes.slice(offset, offset + length));
      counted.forEach((count, index) => results[task]!.set(offset + index, count));
    }
  };
  // One statement needs no second connection: a lone task too small to split runs on its own.
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parts, chunks.length)) }, countChunks));
  return results;
}

/** Chunks per counting connection: enough to even out a slowed connection, few enough to cost no round trips to speak of. */
const CHUNKS_PER_CONNECTION = 4;

/** Below this many boxes per statement a second connection costs more than it saves. */
const PARALLEL_COUNT_MIN_BOXES = 100;

/**
 * The boxes (`b`, each with its position `b.idx`) joined to the billable interactions inside each
 * (`c`), as a FROM clause: each box is read through the billable-calls index (queue, start),
 * keeping only the interactions in its sequence range. Every count over boxes reads them so.
 */
export function interactionsInBoxesSql(boxes: ReadonlyArray<ClaimBox & { queueId: string }>): Prisma.Sql {
  return Prisma.sql`
    FROM unnest(
      ${boxes.map((_, index) => index)}::int[],
      ${boxes.map((box) => box.queueId)}::text[],
      ${boxes.map((box) => utcTimestampText(box.startFrom))}::timestamp[],
      ${boxes.map((box) => utcTimestampText(box.startTo))}::timestamp[],
      ${boxes.map((box) => box.seqFrom)}::bigint[],
      ${boxes.map((box) => box.seqTo)}::bigint[]
    ) AS b(idx, q, f, t, sf, st)
    JOIN call_records c ON c."queueId" = b.q AND c."startTime" >= b.f AND c."startTime" < b.t
      AND c."billableSeq" IS NOT NULL AND c."billableSeq" >= b.sf AND c."billableSeq" < b.st`;
}

/**
 * Voice calls and billed seconds inside each box, in one statement: what the spec's three fields
 * bill (a rate plan's boxes are counted by plan-usage-queries.ts). Each box is read through the
 * billable-calls index (queue, start), keeping only the calls in its sequence range.
 */
export async function countCallsInBoxes(
  tx: Reader,
  boxes: Array<ClaimBox & { queueId: string }>,
  incrementSeconds: number,
): Promise<Map<number, BoxCount>> {
  const result = new Map<number, BoxCount>();
  if (boxes.length === 0) return result;
  const billed = Prisma.raw(billedSecondsSql('c.duration', Math.max(1, Math.trunc(incrementSeconds))));
  const rows = await tx.$queryRaw<Array<{ idx: number; calls: number; billed: bigint }>>`
    SELECT b.idx, count(*)::int AS calls, COALESCE(sum(${billed}), 0)::bigint AS billed
    ${interactionsInBoxesSql(boxes)}
      AND ${Prisma.raw(billedByProfileFieldsSql('c'))}
    GROUP BY b.idx`;
  for (const row of rows) result.set(row.idx, { calls: row.calls, billedSeconds: Number(row.billed) });
  return result;
}
