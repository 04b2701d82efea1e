/**
 * The ledger: the one home of "each call on one invoice" (DESIGN.md §4).
 *
 * - An invoice is reserved BEFORE it is sent, in one transaction with everything it bills: its
 *   period lines and its claims on calls (migration 20261126_billing_claims). PostgreSQL refuses
 *   a claim that overlaps a live one, so no call is ever on two live invoices.
 * - Rating and reserving happen under the billable-call lock (shared; calls become billable under
 *   it exclusively), so the watermark a claim is drawn below is exact; and under row locks on the
 *   profile's recorded periods, so two jobs never both bill a period's minimum.
 * - A reservation that may have reached QuickBooks is never dropped without asking QuickBooks for
 *   its DocNumber first; its requestid never changes.
 * - A voided or deleted invoice stays live until a person releases it for re-billing.
 */
import { randomUUID } from 'node:crypto';
import { executeLargeWrite, Prisma, type Database } from '@phone-billing/db';
import { calendarDateInZone, displayDateRange } from '../domain/calendar';
import type { ChargeLine } from '../domain/period-charge';
import { countBoxesInParallel, loadRecordedPeriods, rateCustomers, type CustomerRating, type RatingRequest, type RatingSettings } from './rate-customers';

const BILLABLE_CALLS_LOCK = 'phone-billing:call-billable';
/** A reservation untouched this long by a job that has ended has no request in flight. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** Live ledger states: what they hold is billed. RELEASED entries hold nothing. */
export const LIVE_STATES = ['RESERVED', 'CREATED', 'SETTLED'] as const;

/**
 * Connections a rating counts its calls on at once, besides its transaction's. A worker runs one
 * billing job at a time, so this stays well inside the pool (10) beside the requests it serves.
 */
const COUNT_CONNECTIONS = 2;

type Tx = Prisma.TransactionClient;

/**
 * Takes the billable-call lock in shared mode for this transaction and returns the watermark:
 * every call with a lower billable sequence number is committed and visible from here on, and
 * every call that becomes billable later gets a higher one.
 */
async function lockBillableCalls(tx: Tx): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${BILLABLE_CALLS_LOCK}))`;
  const rows = await tx.$queryRaw<Array<{ next: bigint }>>`SELECT nextval('call_billable_seq') AS next`;
  return Number(rows[0]!.next);
}

/** Errors after which the whole rating is simply done again: another job got there first. */
function isRetryable(error: unknown): boolean {
  const text = `${error instanceof Error ? error.message : String(error)} ${JSON.stringify((error as { meta?: unknown })?.meta ?? '')}`;
  return /23P01|23505|40P01|40001|exclusion constraint|unique constraint|deadlock|Unique constraint/i.test(text);
}

export type JobCustomerRef = { customerId: string; profileId: string | null; docNumber: string | null; reservations: number; customerName: string };

export type ReserveOptions = {
  job: { id: string; jobId: string };
  customers: JobCustomerRef[];
  request: RatingRequest;
  settings: RatingSettings;
  /** false for a dry run: rated exactly as the real run would, nothing reserved. */
  persist: boolean;
  now?: Date;
};

/**
 * Rates the customers and, unless it is a dry run, reserves every invoice (and settlement) in one
 * transaction. Returns the ratings. Done again from the start when a concurrent job recorded the
 * same calls or periods first (its claims are then visible, so the second pass bills only the rest).
 */
export async function rateAndReserve(db: Database, options: ReserveOptions): Promise<CustomerRating[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.$transaction(
        async (tx) => {
          await tx.$executeRaw`SET LOCAL jit = off`;
          const watermark = await lockBillableCalls(tx);
          const profileIds = [...new Set(options.customers.map((customer) => customer.profileId).filter((id): id is string => Boolean(id)))];
          let recorded = await loadRecordedPeriods(tx, profileIds);
          if (options.persist) {
            // Row locks on every recorded period of these profiles, then read again: what other
            // jobs committed before we got them is what this job bills on top of.
            const ids = [...recorded.values()].flat().map((period) => period.id);
            if (ids.length) recorded = await loadRecordedPeriods(tx, profileIds, ids);
          }
          const ratings = await rateCustomers(tx, options.request, options.settings, watermark, recorded, {
            requireQboCustomer: options.persist,
            // Counting reads only frozen calls below the watermark: other connections count the same (see countBoxesInParallel).
            countBoxes: countBoxesInParallel(db, COUNT_CONNECTIONS),
          });
          if (options.persist) await writeReservations(tx, options, ratings);
          return ratings;
        },
        { maxWait: 60_000, timeout: 10 * 60_000 },
      );
    } catch (error) {
      if (attempt < 8 && isRetryable(error)) continue;
      throw error;
    }
  }
}

/** The DocNumber of a customer's n-th reservation: the job's code and position, then a suffix. */
function docNumberOf(customer: JobCustomerRef, kind: 'INVOICE' | 'SETTLEMENT'): string {
  const base = customer.docNumber ?? `${customer.customerId.slice(0, 8)}`;
  const numbered = customer.reservations === 0 ? base : `${base}-${customer.reservations + 1}`;
  return kind === 'SETTLEMENT' ? `${numbered}-S` : numbered;
}

function memoFor(rating: CustomerRating): string {
  return `Phone usage for ${rating.periods.map((period) => displayDateRange(period.start, period.end)).join('; ')}`;
}

function privateNoteFor(jobCode: string, rating: CustomerRating): string {
  const perQueue = rating.queueUsage.length
    ? rating.queueUsage.map((queue) => `${queue.queueName}: ${queue.billedMinutes} min (${queue.calls} calls)`).join('; ')
    : 'no calls';
  return `Billing job ${jobCode}. Minutes per queue: ${perQueue}`.slice(0, 4000);
}

/** Writes the reservations and settlements of the ratings, and every customer's result. */
async function writeReservations(tx: Tx, options: ReserveOptions, ratings: CustomerRating[]): Promise<void> {
  const customers = new Map(options.customers.map((customer) => [customer.customerId, customer]));
  const txnDate = calendarDateInZone(options.now ?? new Date(), options.settings.timeZone);
  const recording = ratings.filter((rating) => rating.outcome === 'INVOICE' || rating.outcome === 'SETTLEMENT');

  // New periods, in one order everywhere (profile, start) so concurrent jobs queue instead of deadlocking.
  const newPeriods = recording
    .flatMap((rating) => rating.periods.filter((period) => period.periodId === null).map((period) => ({ rating, period })))
    .sort((a, b) => a.rating.profileId!.localeCompare(b.rating.profileId!) || a.period.start.localeCompare(b.period.start));
  if (newPeriods.length) {
    const rows = newPeriods.map(({ rating, period }) => ({
      id: randomUUID(),
      profileId: rating.profileId,
      periodStart: period.start,
      periodEnd: period.end,
      ratePerMinute: String(period.terms.ratePerMinute),
      minimumMinutes: period.terms.minimumMinutes,
      overageRatePerMinute: String(period.terms.overageRatePerMinute),
    }));
    // A plain insert: a period recorded meanwhile by another job fails it, and rating starts again.
    await tx.$executeRaw`
      INSERT INTO billing_periods (id, "profileId", "periodStart", "periodEnd", "ratePerMinute", "minimumMinutes", "overageRatePerMinute")
      SELECT v.id, v."profileId", v."periodStart", v."periodEnd", v."ratePerMinute"::numeric, v."minimumMinutes", v."overageRatePerMinute"::numeric
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, "profileId" uuid, "periodStart" date, "periodEnd" date, "ratePerMinute" text, "minimumMinutes" int, "overageRatePerMinute" text)`;
    newPeriods.forEach(({ period }, index) => {
      period.periodId = rows[index]!.id;
    });
  }

  const entries = recording.map((rating) => {
    const customer = customers.get(rating.customerId)!;
    const kind = rating.outcome === 'INVOICE' ? ('INVOICE' as const) : ('SETTLEMENT' as const);
    return {
      rating,
      row: {
        id: randomUUID(),
        profileId: rating.profileId,
        periodStart: rating.span!.start,
        periodEnd: rating.span!.end,
        billingJobId: options.job.id,
        billingJobCustomerId: rating.customerId,
        docNumber: docNumberOf(customer, kind),
        requestId: randomUUID(),
        amount: rating.amount,
        state: kind === 'INVOICE' ? 'RESERVED' : 'SETTLED',
        kind,
        lines: rating.lines,
        memo: memoFor(rating),
        privateNote: privateNoteFor(options.job.jobId, rating),
        txnDate,
      },
    };
  });
  if (entries.length) {
    await tx.$executeRaw`
      INSERT INTO invoice_ledger (id, "profileId", "periodStart", "periodEnd", "billingJobId", "billingJobCustomerId", "docNumber", "requestId",
                                  amount, state, kind, lines, memo, "privateNote", "txnDate", "updatedAt")
      SELECT v.id, v."profileId", v."periodStart", v."periodEnd", v."billingJobId", v."billingJobCustomerId", v."docNumber", v."requestId",
             v.amount::numeric, v.state, v.kind, v.lines, v.memo, v."privateNote", v."txnDate", now()
      FROM jsonb_to_recordset(${JSON.stringify(entries.map((entry) => entry.row))}::jsonb)
        AS v(id uuid, "profileId" uuid, "periodStart" date, "periodEnd" date, "billingJobId" uuid, "billingJobCustomerId" uuid, "docNumber" text,
             "requestId" text, amount text, state text, kind text, lines jsonb, memo text, "privateNote" text, "txnDate" date)`;

    const periodLines = entries.flatMap(({ rating, row }) =>
      rating.periods.map((period) => ({
        ledgerId: row.id,
        periodId: period.periodId,
        coveredFrom: period.requested?.start ?? null,
        coveredTo: period.requested?.end ?? null,
        calls: period.calls,
        billedSeconds: period.billedSeconds,
        amount: period.charge.amount,
      })),
    );
    await tx.$executeRaw`
      INSERT INTO invoice_period_lines ("ledgerId", "periodId", "coveredFrom", "coveredTo", calls, "billedSeconds", amount)
      SELECT v."ledgerId", v."periodId", v."coveredFrom", v."coveredTo", v.calls, v."billedSeconds", v.amount::numeric
      FROM jsonb_to_recordset(${JSON.stringify(periodLines)}::jsonb)
        AS v("ledgerId" uuid, "periodId" uuid, "coveredFrom" date, "coveredTo" date, calls int, "billedSeconds" bigint, amount text)`;

    const claims = entries.flatMap(({ rating, row }) =>
      rating.periods.flatMap((period) =>
        period.boxes.map((box) => ({
          ledgerId: row.id,
          periodId: period.periodId,
          queueId: box.queueId,
          queueName: box.queueName,
          startFrom: new Date(box.startFrom).toISOString().replace('Z', ''),
          startTo: new Date(box.startTo).toISOString().replace('Z', ''),
          seqFrom: box.seqFrom,
          seqTo: box.seqTo,
          incrementSeconds: options.settings.incrementSeconds,
          calls: box.calls,
          billedSeconds: box.billedSeconds,
        })),
      ),
    );
    for (let offset = 0; offset < claims.length; offset += 5000) {
      // The exclusion constraint checks every box against every live one: a call on two live
      // invoices cannot be written, whatever raced with this job.
      await tx.$executeRaw`
        INSERT INTO call_claims ("ledgerId", "periodId", "queueId", "queueName", "startFrom", "startTo", "seqFrom", "seqTo", "incrementSeconds", calls, "billedSeconds")
        SELECT v."ledgerId", v."periodId", v."queueId", v."queueName", v."startFrom", v."startTo", v."seqFrom", v."seqTo", v."incrementSeconds", v.calls, v."billedSeconds"
        FROM jsonb_to_recordset(${JSON.stringify(claims.slice(offset, offset + 5000))}::jsonb)
          AS v("ledgerId" uuid, "periodId" uuid, "queueId" text, "queueName" text, "startFrom" timestamp, "startTo" timestamp, "seqFrom" bigint, "seqTo" bigint,
               "incrementSeconds" int, calls int, "billedSeconds" bigint)`;
    }
  }

  const ledgerIds = new Map(entries.map((entry) => [entry.rating.customerId, entry.row]));
  await writeCustomerResults(tx, ratings, { isDryRun: false, ledger: ledgerIds });
}

type CustomerStatus = 'PENDING' | 'INVOICED' | 'SKIPPED' | 'FAILED' | 'RATED';

/** Every customer's rating on its job row, in one statement per 2,000 customers. */
export async function writeCustomerResults(
  tx: Pick<Database, '$executeRaw'> | Tx,
  ratings: CustomerRating[],
  options: { isDryRun: boolean; ledger?: Map<string, { id: string; docNumber: string }> },
): Promise<void> {
  const statusOf = (rating: CustomerRating): CustomerStatus => {
    if (rating.outcome === 'SKIP' || rating.outcome === 'SETTLEMENT') return 'SKIPPED';
    if (rating.outcome === 'FAIL') return 'FAILED';
    return options.isDryRun ? 'RATED' : 'PENDING';
  };
  for (let offset = 0; offset < ratings.length; offset += 2000) {
    const rows = ratings.slice(offset, offset + 2000).map((rating) => {
      const entry = options.ledger?.get(rating.customerId);
      const status = statusOf(rating);
      return {
        id: rating.customerId,
        status,
        skipReason: status === 'SKIPPED' ? rating.reason : null,
        error: status === 'FAILED' ? rating.reason : null,
        calls: rating.calls,
        billedMinutes: rating.billedMinutes,
        amount: rating.outcome === 'INVOICE' ? rating.amount : '0',
        lines: rating.lines,
        queueUsage: rating.queueUsage,
        periodStart: rating.span?.start ?? null,
        periodEnd: rating.span?.end ?? null,
        ledgerId: entry?.id ?? null,
        docNumber: entry?.docNumber ?? null,
        plan: planOf(rating),
      };
    });
    await executeLargeWrite(tx, Prisma.sql`
      UPDATE billing_job_customers c SET
        status = v.status::"BillingCustomerStatus",
        "skipReason" = v."skipReason",
        error = v.error,
        calls = v.calls,
        "billedMinutes" = v."billedMinutes"::numeric,
        amount = v.amount::numeric,
        lines = v.lines,
        "queueUsage" = v."queueUsage",
        "periodStart" = COALESCE(v."periodStart", c."periodStart"),
        "periodEnd" = COALESCE(v."periodEnd", c."periodEnd"),
        "ledgerId" = v."ledgerId",
        "docNumber" = COALESCE(v."docNumber", c."docNumber"),
        reservations = c.reservations + CASE WHEN v."ledgerId" IS NULL THEN 0 ELSE 1 END,
        plan = v.plan,
        "updatedAt" = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, status text, "skipReason" text, error text, calls int, "billedMinutes" text, amount text, lines jsonb, "queueUsage" jsonb,
             "periodStart" date, "periodEnd" date, "ledgerId" uuid, "docNumber" text, plan jsonb)
      WHERE c.id = v.id`);
  }
}

/**
 * What the calls export needs of a rating that reserved nothing (a dry run): each period's boxes of
 * calls. Its lines are on the customer's row already (each names its period).
 */
function planOf(rating: CustomerRating) {
  return {
    periods: rating.periods.map((period) => ({
      start: period.start,
      end: period.end,
      boxes: period.boxes.map((box) => ({
        queueId: box.queueId,
        queueName: box.queueName,
        startFrom: new Date(box.startFrom).toISOString(),
        startTo: new Date(box.startTo).toISOString(),
        seqFrom: box.seqFrom,
        seqTo: box.seqTo,
      })),
    })),
  };
}

export type PlanOfRating = ReturnType<typeof planOf>;

// ------------------------------------------------------------------ after QuickBooks answered

/** QuickBooks holds the invoice: the entry is CREATED and its customer INVOICED, together. */
export async function markInvoiceCreated(db: Database, entry: { id: string; billingJobCustomerId: string | null }, invoice: { Id: string; TotalAmt?: number }): Promise<void> {
  await db.$transaction([
    db.invoiceLedgerEntry.update({
      where: { id: entry.id },
      data: { state: 'CREATED', qboInvoiceId: invoice.Id, qboStatus: 'active', qboCheckedAt: new Date(), outcomeUnknown: false },
    }),
    ...(entry.billingJobCustomerId
      ? [db.billingJobCustomer.update({ where: { id: entry.billingJobCustomerId }, data: { status: 'INVOICED', qboInvoiceId: invoice.Id, error: null } })]
      : []),
  ]);
}

/**
 * Recorded before every request that may reach QuickBooks: from now on the entry may exist there.
 * Null when the reservation is no longer RESERVED (a cancel let it go): then nothing may be sent.
 */
export async function markSending(db: Database, entryId: string): Promise<{ attempts: number } | null> {
  const now = new Date();
  const rows = await db.$queryRaw<Array<{ sendAttempts: number }>>`
    UPDATE invoice_ledger SET "sendAttempts" = "sendAttempts" + 1, "firstSentAt" = COALESCE("firstSentAt", ${now}), "lastSentAt" = ${now}, "updatedAt" = ${now}
    WHERE id = ${entryId}::uuid AND state = 'RESERVED' RETURNING "sendAttempts"`;
  return rows[0] ? { attempts: rows[0].sendAttempts } : null;
}

/** An attempt ended without a definite answer: sticky, shown to people, and never dropped unasked. */
export async function markOutcomeUnknown(db: Database, entryId: string): Promise<void> {
  await db.invoiceLedgerEntry.update({ where: { id: entryId }, data: { outcomeUnknown: true } });
}

/**
 * QuickBooks refused the invoice on its first and only request: nothing was created, so the
 * reservation goes and its calls are free again. After any earlier attempt the entry is kept.
 */
export async function dropRefusedReservation(db: Database, entryId: string): Promise<boolean> {
  const removed = await db.$executeRaw`
    DELETE FROM invoice_ledger WHERE id = ${entryId}::uuid AND state = 'RESERVED' AND "sendAttempts" <= 1 AND NOT "outcomeUnknown"`;
  if (removed > 0) await db.billingJobCustomer.updateMany({ where: { ledgerId: entryId }, data: { ledgerId: null } });
  return removed > 0;
}

/**
 * A job stopped (cancelled, kill switch, failed) before sending some of its reservations: those
 * were never sent, so they go and their calls are free for the next run.
 */
export async function dropUnsentReservations(db: Database, billingJobId: string): Promise<number> {
  const removed = await db.$queryRaw<Array<{ id: string }>>`
    DELETE FROM invoice_ledger WHERE "billingJobId" = ${billingJobId}::uuid AND state = 'RESERVED' AND "firstSentAt" IS NULL RETURNING id::text`;
  if (removed.length) await db.billingJobCustomer.updateMany({ where: { ledgerId: { in: removed.map((row) => row.id) } }, data: { ledgerId: null } });
  return removed.length;
}

export type LedgerLine = ChargeLine;

/** The entry's lines as stored at reservation. */
export function entryLines(entry: { lines: Prisma.JsonValue }): ChargeLine[] {
  return Array.isArray(entry.lines) ? (entry.lines as unknown as ChargeLine[]) : [];
}

