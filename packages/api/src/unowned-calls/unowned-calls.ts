/**
 * Unowned calls (DESIGN.md §4, "Nothing silently unbilled"): billable calls that no live invoice
 * holds and that no run will ever bill as things stand, because no active profile holds their
 * queue, or because they started before the holder's billing start date. "Billable" is the one rule
 * the ledger uses: a call with a billable sequence number (an ended voice call with a queue; the
 * trigger of migration 20261126_billing_claims). Listed per queue until a person assigns the queue
 * to a profile (then they are the profile's unbilled calls) or dismisses them; a dismissal covers
 * the calls seen so far (sequence numbers up to the highest one listed), so later ones show again.
 */
import { Prisma, type Database } from '@phone-billing/db';
import type { AuditActor } from '../auth/audit';
import { recordAudit } from '../auth/audit';
import { billingStartDateOf } from '../billing/rate-customers';
import { dayRangeToInstants, displayDate, utcTimestampText } from '../domain/calendar';
import { usageMinutes } from '../domain/rating';
import { billedSecondsSql } from '../domain/billed-seconds';
import { billableCallSql } from '../domain/billable-interactions';
import { AppError } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { TUnownedCalls, TUnownedDismissal, TUnownedQueue } from '../shared/unowned-calls';

type Holder = { profileId: string; name: string; billingStartDate: string; startsAt: Date };

type QueueCount = { queueId: string; calls: number; billed: bigint; firstAt: Date; lastAt: Date; lastSeq: bigint };

/** Every queue id that has billable calls: a loose scan of the billable-calls index, one step per queue. */
async function queuesWithBillableCalls(db: Database): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ queueId: string }>>`
    WITH RECURSIVE ids AS (
      (SELECT "queueId" FROM call_records WHERE "billableSeq" IS NOT NULL ORDER BY "queueId" LIMIT 1)
      UNION ALL
      SELECT (SELECT c."queueId" FROM call_records c
               WHERE c."billableSeq" IS NOT NULL AND c."queueId" > ids."queueId" ORDER BY c."queueId" LIMIT 1)
        FROM ids WHERE ids."queueId" IS NOT NULL
    )
    SELECT "queueId" FROM ids WHERE "queueId" IS NOT NULL`;
  return rows.map((row) => row.queueId);
}

/** The active profile holding each queue name, with the instant its billing starts. */
async function holdersByQueueName(db: Database, timeZone: string): Promise<Map<string, Holder>> {
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, archivedAt: null },
    select: {
      id: true,
      qboDisplayName: true,
      genesysQueueNames: true,
      billingPeriodStart: true,
      billingPeriodEnd: true,
      billingStartDate: true,
      createdAt: true,
    },
    orderBy: { createdAt: 'asc' },
  });
  const holders = new Map<string, Holder>();
  for (const profile of profiles) {
    const start = billingStartDateOf(profile, timeZone);
    const startsAt = dayRangeToInstants(start, start, timeZone).from;
    const holder = { profileId: profile.id, name: profile.qboDisplayName, billingStartDate: start, startsAt };
    for (const name of profile.genesysQueueNames) if (!holders.has(name)) holders.set(name, holder);
  }
  return holders;
}

/** A queue nobody holds is read up to 'infinity', so the bound stays an index condition on (queue, start). */
const toTimestamp = (date: Date | null) => (date ? utcTimestampText(date) : 'infinity');

/**
 * Counts, per queue, the billable calls before `before` (all of them when null) above the
 * dismissed sequence number that no live claim holds, in one statement through the
 * billable-calls index and the claims' exclusion index.
 */
async function countUnowned(
  db: Database,
  queues: Array<{ queueId: string; before: Date | null; dismissedThrough: bigint }>,
  incrementSeconds: number,
  window: StartWindow | undefined,
): Promise<QueueCount[]> {
  if (queues.length === 0) return [];
  const inWindow = window
    ? Prisma.sql`AND c."startTime" >= ${window.from} AND c."startTime" < ${window.toExclusive}`
    : Prisma.empty;
  const billed = Prisma.raw(billedSecondsSql('c.duration', Math.max(1, Math.trunc(incrementSeconds))));
  return db.$queryRaw<QueueCount[]>`
    SELECT b.q AS "queueId", agg.calls, agg.billed, agg."firstAt", agg."lastAt", agg."lastSeq"
    FROM unnest(
      ${queues.map((queue) => queue.queueId)}::text[],
      ${queues.map((queue) => toTimestamp(queue.before))}::timestamp[],
      ${queues.map((queue) => queue.dismissedThrough.toString())}::bigint[]
    ) AS b(q, before, through)
    -- A queue no invoice ever claimed needs no per-call look at the claims (most unheld queues).
    CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM call_claims k WHERE k.live AND k."queueId" = b.q) AS claimed) h
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS calls, COALESCE(sum(${billed}), 0)::bigint AS billed,
             min(c."startTime") AS "firstAt", max(c."startTime") AS "lastAt", max(c."billableSeq") AS "lastSeq"
      FROM call_records c
      WHERE c."queueId" = b.q AND ${Prisma.raw(billableCallSql('c'))} AND c."billableSeq" > b.through
        AND c."startTime" < b.before ${inWindow}
        AND (NOT h.claimed OR NOT EXISTS (
          SELECT 1 FROM call_claims k
          WHERE k.live AND k."queueId" = c."queueId"
            AND tsrange(k."startFrom", k."startTo") @> c."startTime"
            AND int8range(k."seqFrom", k."seqTo") @> c."billableSeq"))
    ) agg
    WHERE agg.calls > 0
    ORDER BY b.q`;
}

type UnownedRow = { view: TUnownedQueue; billed: bigint; lastSeq: bigint };

/** The unowned calls per queue as views, with what a dismissal records (billed seconds, last sequence number). */
/** Calls that started in this window only (the Month end screen's month). */
type StartWindow = { from: Date; toExclusive: Date };

async function unownedRows(
  db: Database,
  filter: { queueNames?: string[]; queueId?: string; startedWithin?: StartWindow },
): Promise<UnownedRow[]> {
  const settings = await getOrganizationSettings(db);
  const [queueIds, holders, names, dismissals] = await Promise.all([
    filter.queueId ? Promise.resolve([filter.queueId]) : queuesWithBillableCalls(db),
    holdersByQueueName(db, settings.timezone),
    db.genesysQueue.findMany({ select: { id: true, name: true } }),
    db.$queryRaw<Array<{ queueId: string; through: bigint; at: Date; by: string | null; calls: number }>>`
      SELECT DISTINCT ON ("queueId") "queueId", "throughSeq" AS through, "dismissedAt" AS at,
             "dismissedByEmail" AS by, calls
      FROM unowned_call_dismissals ORDER BY "queueId", "throughSeq" DESC`,
  ]);
  const nameOf = new Map(names.map((queue) => [queue.id, queue.name]));
  const dismissedOf = new Map(dismissals.map((row) => [row.queueId, row]));
  const wanted = filter.queueNames ? new Set(filter.queueNames) : null;
  const candidates = new Map(
    queueIds
      .map((queueId) => ({ queueId, name: nameOf.get(queueId) ?? queueId }))
      .filter((queue) => !wanted || wanted.has(queue.name))
      .map((queue) => [queue.queueId, { ...queue, holder: holders.get(queue.name) ?? null }]),
  );
  const counts = await countUnowned(
    db,
    [...candidates.values()].map((queue) => ({
      queueId: queue.queueId,
      before: queue.holder?.startsAt ?? null,
      dismissedThrough: dismissedOf.get(queue.queueId)?.through ?? 0n,
    })),
    settings.billingIncrementSeconds,
    filter.startedWithin,
  );
  return counts.map((count) => {
    const queue = candidates.get(count.queueId)!;
    const dismissal = dismissedOf.get(count.queueId);
    const holder = queue.holder;
    const view: TUnownedQueue = {
      queueId: count.queueId,
      queueName: queue.name,
      reason: holder ? 'BEFORE_BILLING_START' : 'NO_ACTIVE_PROFILE',
      reasonText: holder
        ? `Before ${holder.name}'s billing start date ${displayDate(holder.billingStartDate)}`
        : 'No active customer profile holds this queue',
      holder: holder
        ? { profileId: holder.profileId, name: holder.name, billingStartDate: holder.billingStartDate }
        : null,
      calls: count.calls,
      minutes: Number(usageMinutes(Number(count.billed))),
      firstCallAt: count.firstAt.toISOString(),
      lastCallAt: count.lastAt.toISOString(),
      lastDismissal: dismissal ? { at: dismissal.at.toISOString(), by: dismissal.by, calls: dismissal.calls } : null,
    };
    return { view, billed: count.billed, lastSeq: count.lastSeq };
  });
}

/**
 * The unowned calls per queue, busiest first, with their totals. `queueNames` limits them to
 * those queues (a profile's coverage); `startedWithin` to calls that started then (a month).
 */
export async function listUnownedCalls(
  db: Database,
  filter: { queueNames?: string[]; startedWithin?: StartWindow } = {},
): Promise<TUnownedCalls> {
  const rows = await unownedRows(db, filter);
  const queues = rows
    .map((row) => row.view)
    .sort((a, b) => b.calls - a.calls || a.queueName.localeCompare(b.queueName));
  const seconds = rows.reduce((sum, row) => sum + Number(row.billed), 0);
  const calls = queues.reduce((sum, queue) => sum + queue.calls, 0);
  return { queues, totals: { calls, minutes: Number(usageMinutes(seconds)) } };
}

/**
 * A person dismisses the unowned calls of a queue seen so far: those listed now. Calls that become
 * billable later (a higher sequence number) are listed again. Recorded with who and when, and audited.
 */
export async function dismissUnownedCalls(
  db: Database,
  queueId: string,
  actor: AuditActor | null,
): Promise<TUnownedDismissal> {
  return db.$transaction(async (tx) => {
    // One dismissal of a queue at a time: two people pressing at once record one.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`phone-billing:unowned:${queueId}`}))`;
    const [current] = await unownedRows(tx as unknown as Database, { queueId });
    if (!current) {
      const message = 'This queue has no unowned calls to dismiss: they were assigned, billed or dismissed already';
      throw new AppError('CONFLICT', message);
    }
    const dismissal = await tx.unownedCallDismissal.create({
      data: {
        queueId,
        queueName: current.view.queueName,
        throughSeq: current.lastSeq,
        calls: current.view.calls,
        billedSeconds: current.billed,
        dismissedById: actor?.id ?? null,
        dismissedByEmail: actor?.email ?? null,
      },
    });
    const { queueName, calls, minutes, reasonText, firstCallAt, lastCallAt } = current.view;
    await recordAudit(tx as unknown as Database, {
      actor,
      action: 'billing.unowned-calls-dismissed',
      target: queueName,
      details: { queueId, calls, minutes, reason: reasonText, firstCallAt, lastCallAt },
    });
    const dismissedAt = dismissal.dismissedAt.toISOString();
    return { queueId, queueName, calls, minutes, dismissedAt, dismissedBy: actor?.email ?? null };
  });
}
