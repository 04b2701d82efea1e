/**
 * Billing coverage of a profile (GET /customer-profiles/{id}/billing-coverage, the statistics
 * modal's "Billing coverage"): which periods are billed and by which invoices, which ended ones
 * are not, and the calls that arrived after their period was billed.
 */
import type { Database } from '@phone-billing/db';
import {
  addDays,
  billingPeriodsBetween,
  calendarDateInZone,
  compareDates,
  coversDays,
  dayRangeToInstants,
  freeBoxes,
  mergeDayRanges,
  subtractDayRanges,
  usageMinutes,
  type ClaimBox,
  type DayRange,
} from '../domain';
import { notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { BillingCoverageView } from '../shared/billing';
import { billingStartDateOf, countCallsInBoxes, loadProfiles, loadRecordedPeriods, type ProfileRow, type RecordedPeriod } from './rate-customers';

type Window = DayRange & { key: string };

/**
 * Calls no live invoice holds, per window of days, for one profile's queues: drawn as the boxes a
 * claim would draw right now, and counted in one statement.
 */
async function unbilledCalls(db: Database, profile: ProfileRow, windows: Window[], timeZone: string, incrementSeconds: number) {
  const totals = new Map<string, { calls: number; billedSeconds: number }>();
  if (windows.length === 0 || profile.genesysQueueNames.length === 0) return totals;
  const queues = await db.$queryRaw<Array<{ id: string }>>`SELECT id FROM genesys_queues WHERE name = ANY(${profile.genesysQueueNames}::text[])`;
  if (queues.length === 0) return totals;
  const queueIds = queues.map((queue) => queue.id);
  const seq = await db.$queryRaw<Array<{ next: bigint }>>`SELECT last_value + 1 AS next FROM call_billable_seq`;
  const watermark = Number(seq[0]?.next ?? 1);
  const instants = windows.map((window) => {
    const { from, toExclusive } = dayRangeToInstants(window.start, window.end, timeZone);
    return { key: window.key, from: from.getTime(), to: toExclusive.getTime() };
  });
  const live = await db.$queryRaw<Array<{ queueId: string; startFrom: Date; startTo: Date; seqFrom: bigint; seqTo: bigint }>>`
    SELECT "queueId", "startFrom", "startTo", "seqFrom", "seqTo" FROM call_claims
    WHERE live AND "queueId" = ANY(${queueIds}::text[])
      AND "startTo" > ${new Date(Math.min(...instants.map((window) => window.from)))} AND "startFrom" < ${new Date(Math.max(...instants.map((window) => window.to)))}`;
  const boxes: Array<ClaimBox & { queueId: string; key: string }> = [];
  for (const queueId of queueIds) {
    const taken = live.filter((box) => box.queueId === queueId).map((box) => ({ startFrom: box.startFrom.getTime(), startTo: box.startTo.getTime(), seqFrom: Number(box.seqFrom), seqTo: Number(box.seqTo) }));
    for (const window of instants) for (const box of freeBoxes(window, taken, watermark)) boxes.push({ ...box, queueId, key: window.key });
  }
  const counted = await countCallsInBoxes(db, boxes, incrementSeconds);
  boxes.forEach((box, index) => {
    const count = counted.get(index);
    if (!count) return;
    const total = totals.get(box.key) ?? { calls: 0, billedSeconds: 0 };
    total.calls += count.calls;
    total.billedSeconds += count.billedSeconds;
    totals.set(box.key, total);
  });
  return totals;
}

/** The profile's coverage as of `today` (company timezone). */
export async function billingCoverage(db: Database, profileId: string, now = new Date()): Promise<BillingCoverageView> {
  const profile = (await loadProfiles(db, [profileId])).get(profileId);
  if (!profile) throw notFound('Customer profile');
  const settings = await getOrganizationSettings(db);
  const timeZone = settings.timezone;
  const today = calendarDateInZone(now, timeZone);
  const billingStart = billingStartDateOf(profile, timeZone);
  const recorded: RecordedPeriod[] = (await loadRecordedPeriods(db, [profileId])).get(profileId) ?? [];
  const billed = recorded.filter((period) => period.billedBefore);

  const invoices = await db.$queryRaw<
    Array<{ periodId: string; qboInvoiceId: string | null; docNumber: string; jobId: string | null; billingJobId: string; state: string; kind: string; qboStatus: string | null; amount: string }>
  >`
    SELECT pl."periodId"::text AS "periodId", l."qboInvoiceId", l."docNumber", j."jobId", l."billingJobId"::text AS "billingJobId", l.state, l.kind, l."qboStatus", pl.amount::text AS amount
    FROM invoice_period_lines pl
    JOIN invoice_ledger l ON l.id = pl."ledgerId"
    LEFT JOIN billing_jobs j ON j.id = l."billingJobId"
    JOIN billing_periods bp ON bp.id = pl."periodId"
    WHERE bp."profileId" = ${profileId}::uuid
    ORDER BY l."createdAt"`;

  const yesterday = addDays(today, -1);
  const ended = compareDates(billingStart, yesterday) <= 0
    ? billingPeriodsBetween(profile, billingStart, billingStart, yesterday, recorded).filter((period) => compareDates(period.end, today) < 0)
    : [];
  const unbilled = ended.filter((period) => {
    const record = recorded.find((candidate) => candidate.start === period.start);
    return !record || !coversDays(record.covered, period);
  });

  // Calls waiting: in the days the unbilled periods still miss, and (late) in days already billed.
  const windows: Window[] = [];
  for (const period of unbilled) {
    const record = recorded.find((candidate) => candidate.start === period.start);
    for (const [index, days] of subtractDayRanges(period, record?.covered ?? []).entries()) windows.push({ ...days, key: `unbilled:${period.start}:${index}` });
  }
  for (const period of billed) {
    for (const [index, days] of mergeDayRanges(period.covered).entries()) {
      const clipped = compareDates(days.start, billingStart) < 0 ? { start: billingStart, end: days.end } : days;
      if (compareDates(clipped.start, clipped.end) <= 0) windows.push({ ...clipped, key: `late:${period.start}:${index}` });
    }
  }
  const waiting = await unbilledCalls(db, profile, windows, timeZone, settings.billingIncrementSeconds);
  const sum = (prefix: string) => {
    let calls = 0;
    let billedSeconds = 0;
    for (const [key, value] of waiting) {
      if (!key.startsWith(prefix)) continue;
      calls += value.calls;
      billedSeconds += value.billedSeconds;
    }
    return { calls, billedSeconds };
  };

  const fullyBilled = recorded.filter((period) => period.billedBefore && coversDays(period.covered, period));
  const live = (state: string) => state !== 'RELEASED';
  return {
    billingStartDate: billingStart,
    billedThrough: fullyBilled.length ? fullyBilled[fullyBilled.length - 1]!.end : null,
    periods: billed.map((period) => ({
      start: period.start,
      end: period.end,
      calls: period.billedCallsBefore,
      billedMinutes: Number(usageMinutes(period.billedSecondsBefore)),
      amountInvoiced: Number(period.invoicedBefore),
      fullyBilled: coversDays(period.covered, period),
      invoices: invoices
        .filter((invoice) => invoice.periodId === period.id && live(invoice.state))
        .map((invoice) => ({
          qboInvoiceId: invoice.qboInvoiceId,
          docNumber: invoice.docNumber,
          jobId: invoice.jobId,
          billingJobId: invoice.billingJobId,
          kind: invoice.kind,
          state: invoice.state,
          qboStatus: invoice.qboStatus,
          amount: Number(invoice.amount),
        })),
    })),
    unbilledPeriods: unbilled.map((period) => {
      const counts = sum(`unbilled:${period.start}:`);
      return { start: period.start, end: period.end, calls: counts.calls, billedMinutes: Number(usageMinutes(counts.billedSeconds)) };
    }),
    lateCalls: (() => {
      const counts = sum('late:');
      return { count: counts.calls, minutes: Number(usageMinutes(counts.billedSeconds)) };
    })(),
  };
}

