/**
 * Accounting and claims change together (DESIGN.md §4): every path that drops or releases an
 * invoice locks the billing periods it touches first, in id order (as rating does), so a rating
 * never reads a period's totals before such a change and its live claims after it.
 *
 * A reservation that ends without an invoice (kill switch, Cancel, a QuickBooks refusal, the sweep,
 * a job failure) leaves no trace in period accounting: it goes with its lines and claims, a period
 * left without lines goes too, and one that keeps lines takes the terms of the earliest remaining
 * invoice that fixed them.
 */
import { Prisma, type Database } from '@phone-billing/db';

type Tx = Prisma.TransactionClient;

/**
 * Whether entry `l` fixed the terms of period `bp` (DESIGN.md §4 "Terms are fixed by what QuickBooks
 * holds"): an invoice or credit memo with a line for the period. A settlement does not, nor does an
 * invoice that billed the period nothing (its days without usage or minimum: no line for it, only
 * the other periods' lines); entries from before lines were kept count as they always did.
 */
export const fixesPeriodTerms = (l: string, bp: string): Prisma.Sql => {
  const [entry, period] = [Prisma.raw(l), Prisma.raw(bp)];
  return Prisma.sql`(${entry}.kind <> 'SETTLEMENT' AND (jsonb_typeof(${entry}.lines) IS DISTINCT FROM 'array' OR EXISTS (
      SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${entry}.lines) = 'array' THEN ${entry}.lines ELSE '[]'::jsonb END) line
      WHERE line->>'periodStart' = to_char(${period}."periodStart", 'YYYY-MM-DD'))))`;
};

/** Locks (FOR UPDATE, in id order) the billing periods the entries' lines touch; returns their ids. */
export async function lockPeriodsOfEntries(tx: Pick<Tx, '$queryRaw'>, entryIds: string[]): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT bp.id::text FROM billing_periods bp
    WHERE bp.id IN (SELECT "periodId" FROM invoice_period_lines WHERE "ledgerId" = ANY(${entryIds}::uuid[]))
    ORDER BY bp.id FOR UPDATE`;
  return rows.map((row) => row.id);
}

/**
 * After entries of these (locked) periods were deleted: periods with no line left are forgotten;
 * the others take the terms of their earliest remaining line that fixed them (see fixesPeriodTerms;
 * a period left with no such line rates with the profile's terms of the moment anyway).
 */
export async function forgetDroppedPeriods(tx: Pick<Tx, '$executeRaw'>, periodIds: string[]): Promise<void> {
  if (periodIds.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM billing_periods bp
    WHERE bp.id = ANY(${periodIds}::uuid[]) AND NOT EXISTS (SELECT 1 FROM invoice_period_lines pl WHERE pl."periodId" = bp.id)`;
  await tx.$executeRaw`
    UPDATE billing_periods bp
    SET "ratePerMinute" = f."ratePerMinute", "minimumMinutes" = f."minimumMinutes", "overageRatePerMinute" = f."overageRatePerMinute",
        "ratePlan" = f."ratePlan"
    FROM (
      SELECT DISTINCT ON (pl."periodId") pl."periodId", pl."ratePerMinute", pl."minimumMinutes", pl."overageRatePerMinute", pl."ratePlan"
      FROM invoice_period_lines pl JOIN invoice_ledger l ON l.id = pl."ledgerId" JOIN billing_periods p ON p.id = pl."periodId"
      WHERE pl."periodId" = ANY(${periodIds}::uuid[])
      ORDER BY pl."periodId", NOT ${fixesPeriodTerms('l', 'p')}, l."createdAt", l.id
    ) f
    WHERE bp.id = f."periodId"`;
}

/**
 * Drops the reservations that satisfy `condition` (SQL over `invoice_ledger l`), checked again
 * once their periods are locked. Their calls are free again, their customers lose their ledger
 * link. Returns the ids dropped.
 */
export async function dropReservations(db: Database, condition: Prisma.Sql): Promise<string[]> {
  const dropped = await db.$transaction(async (tx) => {
    const candidates = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT l.id::text FROM invoice_ledger l WHERE l.state = 'RESERVED' AND ${condition}`;
    if (candidates.length === 0) return [];
    const periodIds = await lockPeriodsOfEntries(
      tx,
      candidates.map((row) => row.id),
    );
    const removed = await tx.$queryRaw<Array<{ id: string }>>`
      DELETE FROM invoice_ledger l
      WHERE l.id = ANY(${candidates.map((row) => row.id)}::uuid[]) AND l.state = 'RESERVED' AND ${condition}
      RETURNING l.id::text`;
    await forgetDroppedPeriods(tx, periodIds);
    const ids = removed.map((row) => row.id);
    if (ids.length)
      await tx.billingJobCustomer.updateMany({ where: { ledgerId: { in: ids } }, data: { ledgerId: null } });
    return ids;
  });
  return dropped;
}
