/**
 * The calls behind one customer's result in a job, as CSV (Job Details → "Export calls"): one row
 * per billed call of its invoice (or, for a dry run, per call the preview rated). Under a rate plan,
 * every interaction with what each charge made of it (calls-export-charges.ts).
 */
import { Prisma, type Database } from '@phone-billing/db';
import { calendarDateInZone, displayDateRange, wallClockTimeInZone } from '../domain/calendar';
import { billedSecondsForCall } from '../domain/billed-seconds';
import { billedByProfileFieldsSql } from '../domain/billable-interactions';
import { notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import { findJob } from './job-views';
import type { PlanOfRating } from './ledger';
import { chargeCells, chargeColumns, chargeHeaders, exportPlanOf, type ExportedCall } from './calls-export-charges';
import type { RatePlan } from '../domain/rate-plan';

const HEADER = ['Conversation ID', 'Start Time', 'Duration (seconds)', 'Billed Seconds', 'Queue', 'Period', 'Line'];

type Box = {
  voiceOnly?: boolean;
  plan: RatePlan | null;
  queueId: string;
  queueName: string;
  startFrom: string;
  startTo: string;
  seqFrom: number;
  seqTo: number;
  incrementSeconds: number;
  period: { start: string; end: string };
  line: string;
};

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote when needed; a leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function exportJobCalls(
  db: Database,
  jobIdOrCode: string,
  profileId: string,
): Promise<{ filename: string; csv: string }> {
  const job = await findJob(db, jobIdOrCode);
  const customer = await db.billingJobCustomer.findFirst({ where: { billingJobId: job.id, profileId } });
  if (!customer) throw notFound('Customer of this job');
  const { timezone, billingIncrementSeconds } = await getOrganizationSettings(db);

  let boxes: Box[] = [];
  if (customer.ledgerId) {
    const claims = await db.callClaim.findMany({
      where: { ledgerId: customer.ledgerId },
      include: { period: true, ledger: { select: { lines: true } } },
    });
    boxes = claims.map((claim) => {
      const period = {
        start: claim.period.periodStart.toISOString().slice(0, 10),
        end: claim.period.periodEnd.toISOString().slice(0, 10),
      };
      return {
        // Under the three fields an invoice bills only the voice calls of its boxes.
        voiceOnly: claim.period.ratePlan === null,
        plan: exportPlanOf(claim.period.ratePlan),
        queueId: claim.queueId,
        queueName: claim.queueName,
        startFrom: claim.startFrom.toISOString(),
        startTo: claim.startTo.toISOString(),
        seqFrom: Number(claim.seqFrom),
        seqTo: Number(claim.seqTo),
        incrementSeconds: claim.incrementSeconds,
        period,
        line: linesOf(claim.ledger.lines, period),
      };
    });
  } else if (customer.plan && typeof customer.plan === 'object') {
    // A dry run (or a customer not invoiced): the calls its rating counted.
    const plan = customer.plan as unknown as PlanOfRating;
    boxes = plan.periods.flatMap((period) =>
      period.boxes.map((box) => ({
        ...box,
        voiceOnly: period.voiceOnly !== false,
        plan: exportPlanOf(period.ratePlan),
        incrementSeconds: billingIncrementSeconds,
        period: { start: period.start, end: period.end },
        line: linesOf(customer.lines, period),
      })),
    );
  }

  // Under a rate plan each call also says what it is and what each charge made of it.
  const columns = chargeColumns(boxes.map((box) => box.plan));
  const withPlans = boxes.some((box) => box.plan !== null);
  const rows: string[][] = [];
  for (const box of boxes) {
    const calls = await db.$queryRaw<Array<ExportedCall & { conversationId: string }>>`
      SELECT "conversationId", "startTime", duration, "mediaType", direction, "talkSeconds", "holdSeconds", "acwSeconds" FROM call_records
      WHERE "queueId" = ${box.queueId} AND "startTime" >= ${new Date(box.startFrom)} AND "startTime" < ${new Date(box.startTo)}
        AND "billableSeq" >= ${box.seqFrom} AND "billableSeq" < ${box.seqTo}
        AND (${box.voiceOnly !== false} = false OR ${Prisma.raw(billedByProfileFieldsSql(''))})
      ORDER BY "startTime", "conversationId"`;
    for (const call of calls) {
      const charges = chargeCells(box.plan, call, columns, timezone);
      rows.push([
        call.conversationId,
        `${calendarDateInZone(call.startTime, timezone)} ${wallClockTimeInZone(call.startTime, timezone)}`,
        String(call.duration),
        String(charges.billedSeconds ?? billedSecondsForCall(call.duration, box.incrementSeconds)),
        box.queueName,
        displayDateRange(box.period.start, box.period.end),
        box.line,
        ...(withPlans ? charges.cells : []),
      ]);
    }
  }
  rows.sort((a, b) => a[1]!.localeCompare(b[1]!) || a[0]!.localeCompare(b[0]!));
  const csv =
    [withPlans ? [...HEADER, ...chargeHeaders(columns)] : HEADER, ...rows]
      .map((row) => row.map(csvCell).join(','))
      .join('\r\n') + '\r\n';
  const safeName = customer.customerName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'customer';
  return { filename: `${job.jobId}-${safeName}-calls.csv`, csv };
}

/** The invoice lines of one period, as the call's "Line". */
function linesOf(lines: unknown, period: { start: string; end: string }): string {
  if (!Array.isArray(lines)) return '';
  return (lines as Array<{ description?: string; periodStart?: string; periodEnd?: string }>)
    .filter((line) => line.periodStart === period.start && line.periodEnd === period.end)
    .map((line) => line.description ?? '')
    .join(' + ');
}
