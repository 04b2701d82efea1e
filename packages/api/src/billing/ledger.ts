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
import { Prisma, type Database } from '@phone-billing/db';
import { writeReservations } from './ledger-writes';
import {
  loadRecordedPeriods,
  rateCustomers,
  type CustomerRating,
  type RatingRequest,
  type RatingSettings,
} from './rate-customers';

const BILLABLE_CALLS_LOCK = 'phone-billing:call-billable';
/** A reservation untouched this long by a job that has ended has no request in flight. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** Live ledger states: what they hold is billed. RELEASED entries hold nothing. */
export const LIVE_STATES = ['RESERVED', 'CREATED', 'SETTLED'] as const;

/**
 * Connections a rating counts its calls on at once, besides its transaction's: three, as many
 * processes as PostgreSQL's own parallel plan of one statement runs on (a leader and two workers,
 * max_parallel_workers_per_gather's default). A worker runs one billing job at a time, so this
 * stays well inside the pool (10) beside the requests it serves.
 */
const COUNT_CONNECTIONS = 3;

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

/** Only the job's owner writes its reservations (read without a lock: the heartbeat must not wait on a rating). */
async function assertOwner(tx: Tx, billingJobId: string, ownerToken: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text FROM billing_jobs WHERE id = ${billingJobId}::uuid AND status = 'IN_PROGRESS' AND "ownerToken" = ${ownerToken}::uuid`;
  if (rows.length === 0) throw new Error('Another worker took this job over; this one stops');
}

/** Errors after which the whole rating is simply done again: another job got there first. */
function isRetryable(error: unknown): boolean {
  const text = `${error instanceof Error ? error.message : String(error)} ${JSON.stringify((error as { meta?: unknown })?.meta ?? '')}`;
  return /23P01|23505|40P01|40001|exclusion constraint|unique constraint|deadlock|Unique constraint/i.test(text);
}

export type JobCustomerRef = {
  customerId: string;
  profileId: string | null;
  docNumber: string | null;
  reservations: number;
  customerName: string;
};

export type ReserveOptions = {
  /** With `ownerToken` (a worker's run), nothing is reserved unless the job is still this worker's. */
  job: { id: string; jobId: string; ownerToken?: string | null };
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
          if (options.persist && options.job.ownerToken) await assertOwner(tx, options.job.id, options.job.ownerToken);
          const watermark = await lockBillableCalls(tx);
          const profileIds = [
            ...new Set(
              options.customers.map((customer) => customer.profileId).filter((id): id is string => Boolean(id)),
            ),
          ];
          // Row locks on every recorded period of these profiles (exclusive for a real run, shared for
          // a dry run), then read again: what other jobs committed before we got them is what this job
          // bills on top of, and no drop or release (they lock the periods too) commits between the
          // read of a period's totals and the read of its live claims.
          let recorded = await loadRecordedPeriods(tx, profileIds);
          const locked = new Set<string>();
          for (;;) {
            const ids = [...recorded.values()]
              .flat()
              .map((period) => period.id)
              .filter((id) => !locked.has(id));
            if (ids.length === 0) break;
            recorded = await loadRecordedPeriods(tx, profileIds, ids, options.persist ? 'UPDATE' : 'SHARE');
            ids.forEach((id) => locked.add(id));
          }
          const ratings = await rateCustomers(tx, options.request, options.settings, watermark, recorded, {
            requireQboCustomer: true, // a dry run fails what the real run fails (DESIGN.md §4)
            // Counting reads only frozen interactions below the watermark: other connections count the same (see countInParallel).
            countOn: { db, parts: COUNT_CONNECTIONS },
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

export { customerResultStatements, writeCustomerResults, type PlanOfRating } from './ledger-writes';
export {
  dropRefusedReservation,
  dropUnsentReservations,
  entryLines,
  markCreditCreated,
  markInvoiceCreated,
  markOutcomeUnknown,
  markSending,
  type LedgerLine,
} from './ledger-states';
