/**
 * The calls behind one customer's result in a job, as CSV (Job Details → "Export calls"): one row
 * per billed call of its invoice (or, for a dry run, per call the preview rated).
 */
import type { Database } from '@phone-billing/db';
import { calendarDateInZone, displayDateRange, wallClockTimeInZone } from '../domain/calendar';
import { billedSecondsForCall } from '../domain/rating';
import { notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import { findJob } from './job-views';
import type { PlanOfRating } from './ledger';

const HEADER = ['Conversation ID', 'Start Time', 'Duration (seconds)', 'Billed Seconds', 'Queue', 'Period', 'Line'];

type Box = { queueId: string; queueName: string; startFrom: string; startTo: string; seqFrom: number; seqTo: number; incrementSeconds: number; period: { start: string; end: string }; line: string };

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote when needed; a leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function exportJobCalls(db: Database, jobIdOrCode: string, profileId: string): Promise<{ filename: string; csv: string }> {
  const job = await findJob(db, jobIdOrCode);
  const customer = await db.billingJobCustomer.findFirst({ where: { billingJobId: job.id, profileId } });
  if (!customer) throw notFound('Customer of this job');
  const { timezone, billingIncrementSeconds } = await getOrganizationSettings(db);

  let boxes: Box[] = [];
  if (customer.ledgerId) {
    const claims = await db.callClaim.findMany({ where: { ledgerId: customer.ledgerId }, include: { period: true, ledger: { select: { lines: true } } } });
    boxes = claims.map((claim) => {
      const period = { start: claim.period.periodStart.toISOString().slice(0, 10), end: claim.period.periodEnd.toISOString().slice(0, 10) };
      return {
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
      period.boxes.map((box) => ({ ...box, incrementSeconds: billingIncrementSeconds, period: { start: period.start, end: period.end }, line: linesOf(customer.lines, period) })),
    );
  }

  const rows: string[][] = [];
  for (const box of boxes) {
    const calls = await db.$queryRaw<Array<{ conversationId: string; startTime: Date; duration: number }>>`
      SELECT "conversationId", "startTime", duration FROM call_records
      WHERE "queueId" = ${box.queueId} AND "startTime" >= ${new Date(box.startFrom)} AND "startTime" < ${new Date(box.startTo)}
        AND "billableSeq" >= ${box.seqFrom} AND "billableSeq" < ${box.seqTo}
      ORDER BY "startTime", "conversationId"`;
    for (const call of calls) {
      rows.push([
        call.conversationId,
        `${calendarDateInZone(call.startTime, timezone)} ${wallClockTimeInZone(call.startTime, timezone)}`,
        String(call.duration),
        String(billedSecondsForCall(call.duration, box.incrementSeconds)),
        box.queueName,
        displayDateRange(box.period.start, box.period.end),
        box.line,
      ]);
    }
  }
  rows.sort((a, b) => a[1]!.localeCompare(b[1]!) || a[0]!.localeCompare(b[0]!));
  const csv = [HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
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
