/**
 * What a reviewer sees beside each held invoice (DESIGN.md §4 "The invoice's life"): the customer's
 * previous invoiced period (minutes and amount) and the flags of domain/review-flags.ts. Taken once,
 * when the job starts to wait, and kept on the customer row: the decision is made on what was shown.
 */
import { Prisma, type Database } from '@phone-billing/db';
import { calendarFromDate, displayDateRange } from '../domain/calendar';
import { LONG_INTERACTION_SECONDS, reviewFlags, type Terms } from '../domain/review-flags';
import type { PreviousPeriod } from '../shared/billing';
import { AWAITING_DECISION } from './review-rules';

type Held = { id: string; profileId: string | null; ledgerId: string | null; billedMinutes: Prisma.Decimal };

/** Fills in the previous period and the flags of every customer of the job that waits for a decision. */
export async function describeCustomersForReview(db: Database, billingJobId: string): Promise<void> {
  const held: Held[] = await db.billingJobCustomer.findMany({
    where: { billingJobId, ...AWAITING_DECISION, reviewFlags: { equals: Prisma.DbNull } },
    select: { id: true, profileId: true, ledgerId: true, billedMinutes: true },
  });
  for (const customer of held) {
    if (!customer.profileId || !customer.ledgerId) continue;
    const [previous, history, calls, current] = await Promise.all([
      previousPeriod(db, customer.profileId, customer.ledgerId, billingJobId),
      lastInvoiceTerms(db, customer.profileId, billingJobId),
      callFacts(db, customer.profileId, customer.ledgerId),
      currentTerms(db, customer.ledgerId),
    ]);
    const flags = reviewFlags({
      minutes: Number(customer.billedMinutes),
      previous: previous
        ? { minutes: Number(previous.billedMinutes), label: displayDateRange(previous.periodStart, previous.periodEnd) }
        : null,
      hasEarlierInvoice: history.invoices > 0,
      lastTerms: history.terms,
      currentTerms: current,
      ...calls,
    });
    await db.billingJobCustomer.update({
      where: { id: customer.id },
      data: {
        reviewFlags: flags as unknown as Prisma.InputJsonValue,
        previousPeriod: previous === null ? Prisma.DbNull : (previous as unknown as Prisma.InputJsonValue),
      },
    });
  }
}

/** The latest period before this invoice's first that live invoices of other jobs billed: minutes and amount. */
async function previousPeriod(
  db: Database,
  profileId: string,
  ledgerId: string,
  billingJobId: string,
): Promise<PreviousPeriod | null> {
  const rows = await db.$queryRaw<
    Array<{ periodStart: Date; periodEnd: Date; billedSeconds: bigint; amount: Prisma.Decimal }>
  >`
    SELECT bp."periodStart", bp."periodEnd", sum(pl."billedSeconds")::bigint AS "billedSeconds", sum(pl.amount) AS amount
    FROM billing_periods bp
    JOIN invoice_period_lines pl ON pl."periodId" = bp.id
    JOIN invoice_ledger l ON l.id = pl."ledgerId" AND l.state IN ('CREATED', 'SETTLED') AND l."billingJobId" <> ${billingJobId}::uuid
    WHERE bp."profileId" = ${profileId}::uuid
      AND bp."periodStart" < (SELECT min(cp."periodStart") FROM invoice_period_lines cl JOIN billing_periods cp ON cp.id = cl."periodId" WHERE cl."ledgerId" = ${ledgerId}::uuid)
    GROUP BY bp.id, bp."periodStart", bp."periodEnd"
    ORDER BY bp."periodStart" DESC
    LIMIT 1`;
  const row = rows[0];
  if (!row) return null;
  return {
    periodStart: calendarFromDate(row.periodStart),
    periodEnd: calendarFromDate(row.periodEnd),
    billedMinutes: (Number(row.billedSeconds) / 60).toFixed(4),
    amount: Number(row.amount),
  };
}

function termsOf(row: {
  ratePerMinute: Prisma.Decimal;
  minimumMinutes: number;
  overageRatePerMinute: Prisma.Decimal;
}): Terms {
  return {
    ratePerMinute: row.ratePerMinute.toFixed(2),
    minimumMinutes: row.minimumMinutes,
    overageRatePerMinute: row.overageRatePerMinute.toFixed(2),
  };
}

/** How many invoices QuickBooks holds for the customer from other jobs, and the terms of the latest. */
async function lastInvoiceTerms(
  db: Database,
  profileId: string,
  billingJobId: string,
): Promise<{ invoices: number; terms: Terms | null }> {
  const where = {
    profileId,
    kind: 'INVOICE',
    state: { in: ['CREATED', 'SETTLED'] },
    billingJobId: { not: billingJobId },
  };
  const [invoices, line] = await Promise.all([
    db.invoiceLedgerEntry.count({ where }),
    db.invoicePeriodLine.findFirst({
      where: { ledger: where },
      orderBy: [{ ledger: { createdAt: 'desc' } }, { period: { periodStart: 'desc' } }],
    }),
  ]);
  return { invoices, terms: line ? termsOf(line) : null };
}

/** The terms this invoice was rated under (its latest period's). */
async function currentTerms(db: Database, ledgerId: string): Promise<Terms | null> {
  const line = await db.invoicePeriodLine.findFirst({
    where: { ledgerId },
    orderBy: { period: { periodStart: 'desc' } },
  });
  return line ? termsOf(line) : null;
}

/** Interactions on the invoice longer than 4 hours, and its calls made while the profile was inactive. */
async function callFacts(
  db: Database,
  profileId: string,
  ledgerId: string,
): Promise<{ longInteractions: number; longestSeconds: number; callsWhileInactive: number }> {
  const rows = await db.$queryRaw<Array<{ long: number; longest: number | null; inactive: number }>>`
    SELECT count(*) FILTER (WHERE r.duration > ${LONG_INTERACTION_SECONDS})::int AS long,
           max(r.duration)::int AS longest,
           count(*) FILTER (WHERE NOT COALESCE((
             SELECT a."isActive" FROM profile_activity_changes a
             WHERE a."profileId" = ${profileId}::uuid AND a.at <= r."startTime" ORDER BY a.at DESC, a.id DESC LIMIT 1), true))::int AS inactive
    FROM call_claims k
    JOIN call_records r ON r."queueId" = k."queueId" AND r."startTime" >= k."startFrom" AND r."startTime" < k."startTo"
      AND r."billableSeq" >= k."seqFrom" AND r."billableSeq" < k."seqTo"
    WHERE k."ledgerId" = ${ledgerId}::uuid`;
  const row = rows[0];
  return {
    longInteractions: row?.long ?? 0,
    longestSeconds: row?.longest ?? 0,
    callsWhileInactive: row?.inactive ?? 0,
  };
}
