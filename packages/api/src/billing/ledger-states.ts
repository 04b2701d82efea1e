/**
 * The ledger after QuickBooks answered (or refused): entries become CREATED with their customer,
 * attempts are recorded before every request that may reach QuickBooks, and reservations that
 * never reached it are dropped (ledger-drops.ts).
 */
import { Prisma, type Database } from '@phone-billing/db';
import type { ChargeLine } from '../domain/period-charge';
import { dropReservations } from './ledger-drops';

/**
 * QuickBooks holds the invoice (or credit memo): the entry is CREATED and, together, its customer
 * records its id and becomes INVOICED once none of its entries in the job waits to be sent.
 */
export async function markInvoiceCreated(
  db: Database,
  entry: { id: string; billingJobCustomerId: string | null; kind?: string },
  created: { Id: string; TotalAmt?: number; TxnTaxDetail?: { TotalTax?: number } },
): Promise<void> {
  const isCredit = entry.kind === 'CREDIT_MEMO';
  // QuickBooks' own total and tax, kept beside our amount: they differ when QuickBooks adds tax.
  // Unknown (null) when we only have the Id, as after a crash between send and record.
  const totalAmount = !isCredit && typeof created.TotalAmt === 'number' ? created.TotalAmt : null;
  const taxAmount =
    !isCredit && typeof created.TxnTaxDetail?.TotalTax === 'number' ? created.TxnTaxDetail.TotalTax : null;
  const totals = {
    ...(totalAmount !== null ? { qboTotalAmount: totalAmount } : {}),
    ...(taxAmount !== null ? { qboTaxAmount: taxAmount } : {}),
  };
  await db.$transaction(async (tx) => {
    await tx.invoiceLedgerEntry.update({
      where: { id: entry.id },
      data: {
        state: 'CREATED',
        qboInvoiceId: created.Id,
        qboStatus: 'active',
        qboCheckedAt: new Date(),
        outcomeUnknown: false,
        ...totals,
      },
    });
    if (!entry.billingJobCustomerId) return;
    await tx.$executeRaw`
      UPDATE billing_job_customers c SET
        "qboInvoiceId" = CASE WHEN ${isCredit} THEN c."qboInvoiceId" ELSE ${created.Id} END,
        "qboCreditMemoId" = CASE WHEN ${isCredit} THEN ${created.Id} ELSE c."qboCreditMemoId" END,
        "qboTotalAmount" = COALESCE(${totalAmount}::numeric, c."qboTotalAmount"),
        "qboTaxAmount" = COALESCE(${taxAmount}::numeric, c."qboTaxAmount"),
        status = CASE WHEN EXISTS (
            SELECT 1 FROM invoice_ledger l WHERE l.id IN (c."ledgerId", c."creditLedgerId") AND l.state = 'RESERVED'
          ) THEN c.status ELSE 'INVOICED'::"BillingCustomerStatus" END,
        error = NULL, "updatedAt" = now()
      WHERE c.id = ${entry.billingJobCustomerId}::uuid`;
  });
}

/** A credit memo QuickBooks holds is marked like an invoice (its kind tells them apart). */
export const markCreditCreated = markInvoiceCreated;

/**
 * Recorded before every request that may reach QuickBooks: from now on the entry may exist there.
 * Null when the reservation is no longer RESERVED (a cancel let it go) or, in the same statement,
 * when its job is no longer running under `ownerToken` (another worker took it over): then nothing
 * may be sent.
 */
export async function markSending(
  db: Pick<Database, '$queryRaw'>,
  entryId: string,
  ownerToken: string,
): Promise<{ attempts: number } | null> {
  const rows = await db.$queryRaw<Array<{ sendAttempts: number }>>`
    UPDATE invoice_ledger l SET "sendAttempts" = "sendAttempts" + 1, "firstSentAt" = COALESCE("firstSentAt", now() AT TIME ZONE 'UTC'), "lastSentAt" = now() AT TIME ZONE 'UTC', "updatedAt" = now() AT TIME ZONE 'UTC'
    WHERE l.id = ${entryId}::uuid AND l.state = 'RESERVED'
      AND EXISTS (SELECT 1 FROM billing_jobs j WHERE j.id = l."billingJobId" AND j.status = 'IN_PROGRESS' AND j."ownerToken" = ${ownerToken}::uuid)
    RETURNING "sendAttempts"`;
  return rows[0] ? { attempts: rows[0].sendAttempts } : null;
}

/** An attempt ended without a definite answer: sticky, shown to people, and never dropped unasked. */
export async function markOutcomeUnknown(db: Database, entryId: string): Promise<void> {
  // Only a reservation's outcome can be unknown: an entry another worker saw created stays as it is.
  await db.invoiceLedgerEntry.updateMany({ where: { id: entryId, state: 'RESERVED' }, data: { outcomeUnknown: true } });
}

/**
 * QuickBooks refused the invoice on its first and only request: nothing was created, so the
 * reservation goes (with its periods' accounting) and its calls are free again. After any earlier
 * attempt the entry is kept.
 */
export async function dropRefusedReservation(db: Database, entryId: string): Promise<boolean> {
  const removed = await dropReservations(
    db,
    Prisma.sql`l.id = ${entryId}::uuid AND l."sendAttempts" <= 1 AND NOT l."outcomeUnknown"`,
  );
  return removed.length > 0;
}

/**
 * A job stopped (cancelled, kill switch, failed) before sending some of its reservations: those
 * were never sent, so they go and their calls are free for the next run.
 */
export async function dropUnsentReservations(db: Database, billingJobId: string): Promise<number> {
  return (await dropReservations(db, Prisma.sql`l."billingJobId" = ${billingJobId}::uuid AND l."firstSentAt" IS NULL`))
    .length;
}

export type LedgerLine = ChargeLine;

/** The entry's lines as stored at reservation. */
export function entryLines(entry: { lines: Prisma.JsonValue }): ChargeLine[] {
  return Array.isArray(entry.lines) ? (entry.lines as unknown as ChargeLine[]) : [];
}
