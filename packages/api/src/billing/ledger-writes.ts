/**
 * Writing a rating down (ledger.ts reserves under its locks): the reservations with their period
 * lines and claims, and every customer's result on its job row.
 */
import { randomUUID } from 'node:crypto';
import { executeLargeWrite, Prisma, type Database } from '@phone-billing/db';
import { calendarDateInZone, displayDateRange, utcTimestampText } from '../domain/calendar';
import type { JobCustomerRef, ReserveOptions } from './ledger';
import type { ChargeLine } from '../domain/period-charge';
import type { CustomerRating, PlannedPeriod } from './rate-customers';

type Tx = Prisma.TransactionClient;

/**
 * The DocNumber of a customer's reservation, fixed for it: the customer row's number (the job's code
 * and position, at most 15 characters, which never changes), then for its n-th reservation "-n" in
 * base 36 and "C" for a credit memo ("-S" for a settlement). At most 21 characters, as QuickBooks
 * requires, for up to 46,656 reservations; unique because job codes are.
 */
export function docNumberOf(
  customer: Pick<JobCustomerRef, 'docNumber' | 'customerId' | 'reservations'>,
  kind: EntryKind,
): string {
  const base = customer.docNumber ?? `${customer.customerId.slice(0, 8)}`;
  const numbered =
    customer.reservations === 0 ? base : `${base}-${(customer.reservations + 1).toString(36).toUpperCase()}`;
  return kind === 'SETTLEMENT' ? `${numbered}-S` : kind === 'CREDIT_MEMO' ? `${numbered}C` : numbered;
}

function memoFor(kind: EntryKind, periods: PlannedPeriod[]): string {
  return `${kind === 'CREDIT_MEMO' ? 'Credit' : 'Phone usage'} for ${periods.map((period) => displayDateRange(period.start, period.end)).join('; ')}`;
}

/** Ledger entry kinds; a credit memo is CREDIT_MEMO (receivables follow INVOICE and CREDIT_MEMO entries). */
export type EntryKind = 'INVOICE' | 'SETTLEMENT' | 'CREDIT_MEMO';

/**
 * The ledger entries of a rating: its invoice (or, when it bills nothing, a settlement of the periods
 * it touches) and, when a period is over-invoiced, a credit memo for those periods.
 */
function entriesOf(
  rating: CustomerRating,
): Array<{ kind: EntryKind; periods: PlannedPeriod[]; lines: ChargeLine[]; amount: string }> {
  if (rating.outcome === 'SETTLEMENT')
    return [{ kind: 'SETTLEMENT', periods: rating.periods, lines: rating.lines, amount: rating.amount }];
  const billed = rating.periods.filter((period) => period.charge.kind !== 'CREDIT');
  const credited = rating.periods.filter((period) => period.charge.kind === 'CREDIT');
  const entries: ReturnType<typeof entriesOf> = [];
  if (Number(rating.amount) > 0)
    entries.push({ kind: 'INVOICE', periods: billed, lines: rating.lines, amount: rating.amount });
  else if (billed.length)
    entries.push({ kind: 'SETTLEMENT', periods: billed, lines: rating.lines, amount: rating.amount });
  if (credited.length)
    entries.push({ kind: 'CREDIT_MEMO', periods: credited, lines: rating.creditLines, amount: rating.creditAmount });
  return entries;
}

function privateNoteFor(jobCode: string, rating: CustomerRating): string {
  const perQueue = rating.queueUsage.length
    ? rating.queueUsage
        .map((queue) => `${queue.queueName}: ${queue.billedMinutes} min (${queue.calls} calls)`)
        .join('; ')
    : 'no calls';
  return `Billing job ${jobCode}. Minutes per queue: ${perQueue}`.slice(0, 4000);
}

/** Writes the reservations and settlements of the ratings, and every customer's result. */
export async function writeReservations(tx: Tx, options: ReserveOptions, ratings: CustomerRating[]): Promise<void> {
  const customers = new Map(options.customers.map((customer) => [customer.customerId, customer]));
  const txnDate = calendarDateInZone(options.now ?? new Date(), options.settings.timeZone);
  const recording = ratings.filter((rating) => rating.outcome === 'INVOICE' || rating.outcome === 'SETTLEMENT');

  // New periods, in one order everywhere (profile, start) so concurrent jobs queue instead of deadlocking.
  const newPeriods = recording
    .flatMap((rating) =>
      rating.periods.filter((period) => period.periodId === null).map((period) => ({ rating, period })),
    )
    .sort(
      (a, b) => a.rating.profileId!.localeCompare(b.rating.profileId!) || a.period.start.localeCompare(b.period.start),
    );
  if (newPeriods.length) {
    const rows = newPeriods.map(({ rating, period }) => ({
      id: randomUUID(),
      profileId: rating.profileId,
      periodStart: period.start,
      periodEnd: period.end,
      startsAt: utcTimestampText(period.startsAt),
      endsAt: utcTimestampText(period.endsAt),
      timeZone: period.timeZone,
      ratePerMinute: String(period.terms.ratePerMinute),
      minimumMinutes: period.terms.minimumMinutes,
      overageRatePerMinute: String(period.terms.overageRatePerMinute),
      ratePlan: period.terms.ratePlan ?? null,
    }));
    // A plain insert: a period recorded meanwhile by another job fails it, and rating starts again.
    await tx.$executeRaw`
      INSERT INTO billing_periods (id, "profileId", "periodStart", "periodEnd", "startsAt", "endsAt", "timeZone",
                                   "ratePerMinute", "minimumMinutes", "overageRatePerMinute", "ratePlan")
      SELECT v.id, v."profileId", v."periodStart", v."periodEnd", v."startsAt", v."endsAt", v."timeZone",
             v."ratePerMinute"::numeric, v."minimumMinutes", v."overageRatePerMinute"::numeric, v."ratePlan"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, "profileId" uuid, "periodStart" date, "periodEnd" date, "startsAt" timestamp, "endsAt" timestamp, "timeZone" text,
             "ratePerMinute" text, "minimumMinutes" int, "overageRatePerMinute" text, "ratePlan" jsonb)`;
    newPeriods.forEach(({ period }, index) => {
      period.periodId = rows[index]!.id;
    });
  }

  const entries = recording.flatMap((rating) =>
    entriesOf(rating).map((entry) => ({
      rating,
      periods: entry.periods,
      row: {
        id: randomUUID(),
        profileId: rating.profileId,
        periodStart: entry.periods[0]!.start,
        periodEnd: entry.periods[entry.periods.length - 1]!.end,
        billingJobId: options.job.id,
        billingJobCustomerId: rating.customerId,
        docNumber: docNumberOf(customers.get(rating.customerId)!, entry.kind),
        requestId: randomUUID(),
        amount: entry.amount,
        state: entry.kind === 'SETTLEMENT' ? 'SETTLED' : 'RESERVED',
        kind: entry.kind,
        lines: entry.lines,
        memo: memoFor(entry.kind, entry.periods),
        privateNote: privateNoteFor(options.job.jobId, rating),
        txnDate,
      },
    })),
  );
  if (entries.length) {
    await tx.$executeRaw`
      INSERT INTO invoice_ledger (id, "profileId", "periodStart", "periodEnd", "billingJobId", "billingJobCustomerId", "docNumber", "requestId",
                                  amount, state, kind, lines, memo, "privateNote", "txnDate", "updatedAt")
      SELECT v.id, v."profileId", v."periodStart", v."periodEnd", v."billingJobId", v."billingJobCustomerId", v."docNumber", v."requestId",
             v.amount::numeric, v.state, v.kind, v.lines, v.memo, v."privateNote", v."txnDate", now()
      FROM jsonb_to_recordset(${JSON.stringify(entries.map((entry) => entry.row))}::jsonb)
        AS v(id uuid, "profileId" uuid, "periodStart" date, "periodEnd" date, "billingJobId" uuid, "billingJobCustomerId" uuid, "docNumber" text,
             "requestId" text, amount text, state text, kind text, lines jsonb, memo text, "privateNote" text, "txnDate" date)`;

    const periodLines = entries.flatMap(({ periods, row }) =>
      periods.map((period) => ({
        ledgerId: row.id,
        periodId: period.periodId,
        coveredFrom: period.requested?.start ?? null,
        coveredTo: period.requested?.end ?? null,
        calls: period.calls,
        billedSeconds: period.billedSeconds,
        amount: period.charge.amount,
        ratePerMinute: String(period.terms.ratePerMinute),
        minimumMinutes: period.terms.minimumMinutes,
        overageRatePerMinute: String(period.terms.overageRatePerMinute),
        ratePlan: period.terms.ratePlan ?? null,
        chargeUsage: period.chargeUsage,
      })),
    );
    await tx.$executeRaw`
      INSERT INTO invoice_period_lines ("ledgerId", "periodId", "coveredFrom", "coveredTo", calls, "billedSeconds", amount,
                                        "ratePerMinute", "minimumMinutes", "overageRatePerMinute", "ratePlan", "chargeUsage")
      SELECT v."ledgerId", v."periodId", v."coveredFrom", v."coveredTo", v.calls, v."billedSeconds", v.amount::numeric,
             v."ratePerMinute"::numeric, v."minimumMinutes", v."overageRatePerMinute"::numeric, v."ratePlan", v."chargeUsage"
      FROM jsonb_to_recordset(${JSON.stringify(periodLines)}::jsonb)
        AS v("ledgerId" uuid, "periodId" uuid, "coveredFrom" date, "coveredTo" date, calls int, "billedSeconds" bigint, amount text,
             "ratePerMinute" text, "minimumMinutes" int, "overageRatePerMinute" text, "ratePlan" jsonb, "chargeUsage" jsonb)`;

    // A period only settled until now takes the terms of its first invoice with a line for it (DESIGN.md §4 "Terms are fixed by what QuickBooks holds").
    const fixing = entries
      .filter(({ row }) => row.kind === 'INVOICE')
      .flatMap(({ periods }) => periods.filter((period) => period.fixesTerms && period.charge.lines.length > 0))
      .map((period) => ({
        id: period.periodId,
        ratePerMinute: String(period.terms.ratePerMinute),
        minimumMinutes: period.terms.minimumMinutes,
        overageRatePerMinute: String(period.terms.overageRatePerMinute),
        ratePlan: period.terms.ratePlan ?? null,
      }));
    if (fixing.length) {
      await tx.$executeRaw`
        UPDATE billing_periods bp
        SET "ratePerMinute" = v."ratePerMinute"::numeric, "minimumMinutes" = v."minimumMinutes",
            "overageRatePerMinute" = v."overageRatePerMinute"::numeric, "ratePlan" = v."ratePlan"
        FROM jsonb_to_recordset(${JSON.stringify(fixing)}::jsonb)
          AS v(id uuid, "ratePerMinute" text, "minimumMinutes" int, "overageRatePerMinute" text, "ratePlan" jsonb)
        WHERE bp.id = v.id`;
    }

    const claims = entries.flatMap(({ periods, row }) =>
      periods.flatMap((period) =>
        period.boxes.map((box) => ({
          ledgerId: row.id,
          periodId: period.periodId,
          queueId: box.queueId,
          queueName: box.queueName,
          startFrom: utcTimestampText(box.startFrom),
          startTo: utcTimestampText(box.startTo),
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

  // The customer's ledger link is its invoice (else its credit memo, else its settlement); the
  // credit memo of a customer that also has an invoice is linked beside it.
  const ledgerIds = new Map<string, CustomerEntries>();
  for (const kind of ['SETTLEMENT', 'CREDIT_MEMO', 'INVOICE'] as const) {
    for (const { rating, row } of entries.filter((entry) => entry.row.kind === kind)) {
      const known = ledgerIds.get(rating.customerId);
      const credit =
        kind === 'INVOICE' && known?.kindOf === 'CREDIT_MEMO'
          ? { creditId: known.id, creditDocNumber: known.docNumber }
          : {};
      ledgerIds.set(rating.customerId, {
        id: row.id,
        docNumber: row.docNumber,
        kindOf: kind,
        ...(kind === 'CREDIT_MEMO' ? { creditDocNumber: row.docNumber } : {}),
        ...credit,
      });
    }
  }
  await writeCustomerResults(tx, ratings, { isDryRun: false, ledger: ledgerIds });
}

type CustomerStatus = 'PENDING' | 'INVOICED' | 'SKIPPED' | 'FAILED' | 'RATED';
type CustomerEntries = {
  id: string;
  docNumber: string;
  kindOf?: EntryKind;
  creditId?: string;
  creditDocNumber?: string;
};

/** Credit lines as Job Details shows them: what they give back, negative. */
const negated = (lines: ChargeLine[]) =>
  lines.map((line) => ({ ...line, unitPrice: `-${line.unitPrice}`, amount: `-${line.amount}` }));

/** Every customer's rating on its job row, in one statement per 2,000 customers. */
export async function writeCustomerResults(
  tx: Pick<Database, '$executeRaw'> | Tx,
  ratings: CustomerRating[],
  options: { isDryRun: boolean; ledger?: Map<string, CustomerEntries> },
): Promise<void> {
  for (const statement of customerResultStatements(ratings, options)) await executeLargeWrite(tx, statement);
}

/** The statements that write every customer's rating on its job row (about a kilobyte of JSON each). */
export function customerResultStatements(
  ratings: CustomerRating[],
  options: { isDryRun: boolean; ledger?: Map<string, CustomerEntries> },
): Prisma.Sql[] {
  const statements: Prisma.Sql[] = [];
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
        creditAmount: rating.outcome === 'INVOICE' ? rating.creditAmount : '0',
        lines: [...rating.lines, ...negated(rating.creditLines)],
        queueUsage: rating.queueUsage,
        periodStart: rating.span?.start ?? null,
        periodEnd: rating.span?.end ?? null,
        ledgerId: entry?.id ?? null,
        docNumber: entry?.docNumber ?? null,
        creditLedgerId: entry?.creditId ?? null,
        creditDocNumber: entry?.creditDocNumber ?? null,
        plan: planOf(rating),
      };
    });
    statements.push(Prisma.sql`
      UPDATE billing_job_customers c SET
        status = v.status::"BillingCustomerStatus",
        "skipReason" = v."skipReason",
        error = v.error,
        calls = v.calls,
        "billedMinutes" = v."billedMinutes"::numeric,
        amount = v.amount::numeric,
        "creditAmount" = v."creditAmount"::numeric,
        lines = v.lines,
        "queueUsage" = v."queueUsage",
        "periodStart" = COALESCE(v."periodStart", c."periodStart"),
        "periodEnd" = COALESCE(v."periodEnd", c."periodEnd"),
        "ledgerId" = v."ledgerId",
        "creditLedgerId" = v."creditLedgerId",
        "creditDocNumber" = v."creditDocNumber",
        reservations = c.reservations + CASE WHEN v."ledgerId" IS NULL THEN 0 ELSE 1 END,
        plan = v.plan,
        "updatedAt" = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, status text, "skipReason" text, error text, calls int, "billedMinutes" text, amount text, "creditAmount" text, lines jsonb,
             "queueUsage" jsonb, "periodStart" date, "periodEnd" date, "ledgerId" uuid, "creditLedgerId" uuid, "docNumber" text, "creditDocNumber" text,
             plan jsonb)
      WHERE c.id = v.id`);
  }
  return statements;
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
      voiceOnly: !period.terms.ratePlan,
      ratePlan: period.terms.ratePlan ?? null,
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
