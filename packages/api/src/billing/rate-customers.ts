/**
 * Rating: what each customer of a job owes, period by period, and exactly which calls that is.
 * The dry run and the real run both come through here, inside a transaction that holds the
 * billable-call lock (see ledger.ts), so the preview is the real run minus sending.
 */
import { Prisma } from '@phone-billing/db';
import {
  addDays,
  calendarFromDate,
  compareDates,
  coversDays,
  dayRangeToInstants,
  defaultBillingStartDate,
  displayDate,
  displayDateRange,
  freeBoxes,
  intersectDayRanges,
  mergeDayRanges,
  subtractDayRanges,
  type CalendarDate,
  type ClaimBox,
  type DayRange,
  type ProfilePeriod,
} from '../domain';
import { billingPeriodsBetween, calendarDateInZone } from '../domain';
import { chargeForPeriod, type ChargeLine, type PeriodCharge, type PeriodTerms } from '../domain/period-charge';
import { billedSecondsSql, usageMinutes, AMOUNT_PLACES } from '../domain/rating';
import { addDecimals, formatDecimal, parseDecimal } from '../domain/decimal';

/** A transaction (or the client): rating only reads. */
export type Reader = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

export type RatingSettings = { timeZone: string; incrementSeconds: number; lateUsageWindowDays: number };

export type RatingRequest = {
  jobType: 'MONTHLY' | 'MANUAL' | 'DRY_RUN';
  /** The days the job bills (inclusive, company timezone). */
  start: CalendarDate;
  end: CalendarDate;
  /** The job's "today": billed periods that ended within the late-usage window of it are checked for late calls. */
  referenceDay: CalendarDate;
  customers: Array<{ customerId: string; profileId: string | null }>;
};

export type ProfileRow = {
  id: string;
  isActive: boolean;
  archivedAt: Date | null;
  qboCustomerId: string | null;
  ratePerMinute: string;
  minimumMinutes: number;
  overageRatePerMinute: string;
  taxCode: string | null;
  billingPeriodStart: number;
  billingPeriodEnd: number;
  billingStartDate: string | null;
  createdAt: Date;
  genesysQueueNames: string[];
};

/** A recorded period with what its live invoices bill. */
export type RecordedPeriod = {
  id: string;
  profileId: string;
  start: CalendarDate;
  end: CalendarDate;
  terms: PeriodTerms;
  billedBefore: boolean;
  invoicedBefore: string;
  billedSecondsBefore: number;
  billedCallsBefore: number;
  covered: DayRange[];
  docNumbers: string[];
};

export type PlannedBox = ClaimBox & { queueId: string; queueName: string; calls: number; billedSeconds: number };

export type PlannedPeriod = {
  /** The recorded period's id; null when this invoice would be the first to touch it. */
  periodId: string | null;
  start: CalendarDate;
  end: CalendarDate;
  terms: PeriodTerms;
  /** Days of the period the job bills (the line's covered days); null for late calls only. */
  requested: DayRange | null;
  billedBefore: boolean;
  invoicedBefore: string;
  billedSecondsBefore: number;
  boxes: PlannedBox[];
  calls: number;
  billedSeconds: number;
  charge: PeriodCharge;
};

export type CustomerOutcome = 'INVOICE' | 'SETTLEMENT' | 'SKIP' | 'FAIL';

export type CustomerRating = {
  customerId: string;
  profileId: string | null;
  outcome: CustomerOutcome;
  reason: string | null;
  periods: PlannedPeriod[];
  lines: ChargeLine[];
  amount: string;
  calls: number;
  billedSeconds: number;
  billedMinutes: string;
  queueUsage: Array<{ queueName: string; calls: number; billedMinutes: string }>;
  /** First and last day of the periods the invoice touches. */
  span: DayRange | null;
  qboCustomerId: string | null;
};

const NO_QBO_CUSTOMER = 'This customer has no QuickBooks customer id: connect the profile to a QuickBooks customer';

// ------------------------------------------------------------------ reading what is billed

export async function loadProfiles(tx: Reader, profileIds: string[]): Promise<Map<string, ProfileRow>> {
  if (profileIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<ProfileRow[]>`
    SELECT id::text, "isActive", "archivedAt", "qboCustomerId", "ratePerMinute"::text AS "ratePerMinute", "minimumMinutes",
           "overageRatePerMinute"::text AS "overageRatePerMinute", "taxCode", "billingPeriodStart", "billingPeriodEnd",
           to_char("billingStartDate", 'YYYY-MM-DD') AS "billingStartDate", "createdAt", "genesysQueueNames"
    FROM customer_profiles WHERE id = ANY(${profileIds}::uuid[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The recorded periods of these profiles with what their live invoices (anything not released)
 * bill: amount, billed seconds, covered days and DocNumbers. `lockIds` locks those period rows
 * first (FOR UPDATE), so two jobs never both bill a period as its first invoice.
 */
export async function loadRecordedPeriods(tx: Reader, profileIds: string[], lockIds: string[] = []): Promise<Map<string, RecordedPeriod[]>> {
  const byProfile = new Map<string, RecordedPeriod[]>();
  if (profileIds.length === 0) return byProfile;
  if (lockIds.length > 0) {
    await tx.$queryRaw`SELECT id FROM billing_periods WHERE id = ANY(${lockIds}::uuid[]) ORDER BY id FOR UPDATE`;
  }
  const rows = await tx.$queryRaw<
    Array<{
      id: string;
      profileId: string;
      start: string;
      end: string;
      ratePerMinute: string;
      minimumMinutes: number;
      overageRatePerMinute: string;
      lines: number;
      invoiced: string;
      billedSeconds: bigint;
      billedCalls: number;
      covered: Array<{ start: string; end: string }> | null;
      docNumbers: string[] | null;
    }>
  >`
    SELECT bp.id::text, bp."profileId"::text AS "profileId", to_char(bp."periodStart", 'YYYY-MM-DD') AS start, to_char(bp."periodEnd", 'YYYY-MM-DD') AS "end",
           bp."ratePerMinute"::text AS "ratePerMinute", bp."minimumMinutes", bp."overageRatePerMinute"::text AS "overageRatePerMinute",
           count(l.id)::int AS lines,
           COALESCE(sum(pl.amount) FILTER (WHERE l.id IS NOT NULL), 0)::text AS invoiced,
           COALESCE(sum(pl."billedSeconds") FILTER (WHERE l.id IS NOT NULL), 0)::bigint AS "billedSeconds",
           COALESCE(sum(pl.calls) FILTER (WHERE l.id IS NOT NULL), 0)::int AS "billedCalls",
           jsonb_agg(jsonb_build_object('start', to_char(pl."coveredFrom", 'YYYY-MM-DD'), 'end', to_char(pl."coveredTo", 'YYYY-MM-DD')))
             FILTER (WHERE l.id IS NOT NULL AND pl."coveredFrom" IS NOT NULL) AS covered,
           array_agg(DISTINCT l."docNumber") FILTER (WHERE l.id IS NOT NULL AND l.kind = 'INVOICE') AS "docNumbers"
    FROM billing_periods bp
    LEFT JOIN invoice_period_lines pl ON pl."periodId" = bp.id
    LEFT JOIN invoice_ledger l ON l.id = pl."ledgerId" AND l.state <> 'RELEASED'
    WHERE bp."profileId" = ANY(${profileIds}::uuid[])
    GROUP BY bp.id
    ORDER BY bp."periodStart"`;
  for (const row of rows) {
    const list = byProfile.get(row.profileId) ?? [];
    list.push({
      id: row.id,
      profileId: row.profileId,
      start: row.start,
      end: row.end,
      terms: { ratePerMinute: row.ratePerMinute, minimumMinutes: row.minimumMinutes, overageRatePerMinute: row.overageRatePerMinute },
      billedBefore: row.lines > 0,
      invoicedBefore: row.invoiced,
      billedSecondsBefore: Number(row.billedSeconds),
      billedCallsBefore: row.billedCalls,
      covered: mergeDayRanges(row.covered ?? []),
      docNumbers: (row.docNumbers ?? []).sort(),
    });
    byProfile.set(row.profileId, list);
  }
  return byProfile;
}

/** A profile's billing start day: set on the profile, or the first day of the period holding its creation day. */
export function billingStartDateOf(
  profile: Pick<ProfileRow, 'billingPeriodStart' | 'billingPeriodEnd' | 'createdAt'> & { billingStartDate: CalendarDate | Date | null },
  timeZone: string,
): CalendarDate {
  if (profile.billingStartDate) return typeof profile.billingStartDate === 'string' ? profile.billingStartDate : calendarFromDate(profile.billingStartDate);
  return defaultBillingStartDate(profile, calendarDateInZone(profile.createdAt, timeZone));
}

// ------------------------------------------------------------------ which days each customer bills

type PeriodScope = {
  period: ProfilePeriod;
  recorded: RecordedPeriod | null;
  requested: DayRange | null;
  windows: DayRange[];
};

/**
 * The periods a customer's invoice touches and the days scanned for calls in each: the job's days
 * (split along the profile's periods, never before its billing start), and, for periods already
 * billed that ended within the late-usage window, the days they billed (calls found there arrived late).
 */
function periodScopes(request: RatingRequest, profile: ProfileRow, recorded: RecordedPeriod[], settings: RatingSettings): PeriodScope[] | string {
  const billingStart = billingStartDateOf(profile, settings.timeZone);
  const lateSince = addDays(request.referenceDay, -settings.lateUsageWindowDays);
  const scopes = new Map<string, PeriodScope>();
  const requestedPeriods = billingPeriodsBetween(profile, billingStart, request.start, request.end, recorded);
  for (const period of requestedPeriods) {
    const record = recorded.find((candidate) => candidate.start === period.start) ?? null;
    const clipped = intersectDayRanges(period, { start: request.start, end: request.end });
    const requested = clipped ? intersectDayRanges(clipped, { start: billingStart, end: clipped.end }) : null;
    if (!requested) continue;
    // A scheduled run does not go back over old periods that are billed in full.
    if (request.jobType === 'MONTHLY' && record && coversDays(record.covered, period) && compareDates(period.end, lateSince) < 0) continue;
    scopes.set(period.start, { period, recorded: record, requested, windows: [requested] });
  }
  for (const record of recorded) {
    if (!record.billedBefore || compareDates(record.end, lateSince) < 0 || record.covered.length === 0) continue;
    const late = record.covered
      .map((range) => intersectDayRanges(range, { start: billingStart, end: range.end }))
      .filter((range): range is DayRange => range !== null);
    if (late.length === 0) continue;
    const scope = scopes.get(record.start) ?? { period: { start: record.start, end: record.end, recorded: true }, recorded: record, requested: null, windows: [] };
    scope.windows = mergeDayRanges([...scope.windows, ...late]);
    scopes.set(record.start, scope);
  }
  if (scopes.size === 0) {
    if (compareDates(request.end, billingStart) < 0) {
      return `Nothing to bill: ${displayDateRange(request.start, request.end)} is before this profile's billing start date ${displayDate(billingStart)}`;
    }
    if (requestedPeriods.length === 0) return `Nothing to bill: no billing period of this profile holds ${displayDateRange(request.start, request.end)}`;
    return `Already invoiced: every period of ${displayDateRange(request.start, request.end)} is billed in full`;
  }
  return [...scopes.values()].sort((a, b) => compareDates(a.period.start, b.period.start));
}

// ------------------------------------------------------------------ rating

type Window = { scopeIndex: number; customerIndex: number; queueId: string; queueName: string; from: number; to: number };

/**
 * Rates the customers: for each, its periods, the boxes of calls no live invoice holds below the
 * watermark, and what each period owes for them (chargeForPeriod). `watermark` is the next
 * billable sequence number, read under the billable-call lock.
 */
export async function rateCustomers(
  tx: Reader,
  request: RatingRequest,
  settings: RatingSettings,
  watermark: number,
  recordedByProfile: Map<string, RecordedPeriod[]>,
  options: {
    requireQboCustomer: boolean;
    /** Counts the calls in the boxes; by default on `tx` (see {@link countCallsInBoxes}). */
    countBoxes?: BoxCounter;
  },
): Promise<CustomerRating[]> {
  const profileIds = [...new Set(request.customers.map((customer) => customer.profileId).filter((id): id is string => Boolean(id)))];
  const profiles = await loadProfiles(tx, profileIds);

  type Draft = { customer: RatingRequest['customers'][number]; profile: ProfileRow | null; scopes: PeriodScope[]; reason: string | null; outcome: CustomerOutcome | null };
  const drafts: Draft[] = request.customers.map((customer) => {
    const profile = customer.profileId ? profiles.get(customer.profileId) ?? null : null;
    if (!profile) return { customer, profile, scopes: [], reason: 'The customer profile no longer exists', outcome: 'SKIP' };
    if (profile.archivedAt) return { customer, profile, scopes: [], reason: 'The customer profile is archived', outcome: 'SKIP' };
    if (!profile.isActive) return { customer, profile, scopes: [], reason: 'The customer profile is inactive', outcome: 'SKIP' };
    const scopes = periodScopes(request, profile, recordedByProfile.get(profile.id) ?? [], settings);
    if (typeof scopes === 'string') return { customer, profile, scopes: [], reason: scopes, outcome: 'SKIP' };
    return { customer, profile, scopes, reason: null, outcome: null };
  });

  // Queue names to Genesys queue ids (calls carry the id of their first queue).
  const names = [...new Set(drafts.flatMap((draft) => (draft.scopes.length ? draft.profile!.genesysQueueNames : [])))];
  const queueRows = names.length
    ? await tx.$queryRaw<Array<{ id: string; name: string }>>`SELECT id, name FROM genesys_queues WHERE name = ANY(${names}::text[])`
    : [];
  const queueIdsByName = new Map<string, string[]>();
  for (const row of queueRows) queueIdsByName.set(row.name, [...(queueIdsByName.get(row.name) ?? []), row.id]);

  // Every window as instants, per queue id.
  const windows: Window[] = [];
  drafts.forEach((draft, customerIndex) => {
    draft.scopes.forEach((scope, scopeIndex) => {
      for (const days of scope.windows) {
        const { from, toExclusive } = dayRangeToInstants(days.start, days.end, settings.timeZone);
        for (const queueName of draft.profile!.genesysQueueNames) {
          for (const queueId of queueIdsByName.get(queueName) ?? []) {
            windows.push({ customerIndex, scopeIndex, queueId, queueName, from: from.getTime(), to: toExclusive.getTime() });
          }
        }
      }
    });
  });

  // What live invoices hold of those queues in that time.
  const queueIds = [...new Set(windows.map((window) => window.queueId))];
  const spanFrom = windows.length ? Math.min(...windows.map((window) => window.from)) : 0;
  const spanTo = windows.length ? Math.max(...windows.map((window) => window.to)) : 0;
  const live = queueIds.length
    ? await tx.$queryRaw<Array<{ queueId: string; startFrom: Date; startTo: Date; seqFrom: bigint; seqTo: bigint }>>`
        SELECT "queueId", "startFrom", "startTo", "seqFrom", "seqTo" FROM call_claims
        WHERE live AND "queueId" = ANY(${queueIds}::text[])
          AND "startTo" > ${new Date(spanFrom)} AND "startFrom" < ${new Date(spanTo)}`
    : [];
  const liveByQueue = new Map<string, ClaimBox[]>();
  for (const row of live) {
    const list = liveByQueue.get(row.queueId) ?? [];
    list.push({ startFrom: row.startFrom.getTime(), startTo: row.startTo.getTime(), seqFrom: Number(row.seqFrom), seqTo: Number(row.seqTo) });
    liveByQueue.set(row.queueId, list);
  }

  // The boxes of calls still free, then their calls counted in one statement.
  const boxes: Array<ClaimBox & { customerIndex: number; scopeIndex: number; queueId: string; queueName: string }> = [];
  for (const window of windows) {
    for (const box of freeBoxes(window, liveByQueue.get(window.queueId) ?? [], watermark)) {
      boxes.push({ ...box, customerIndex: window.customerIndex, scopeIndex: window.scopeIndex, queueId: window.queueId, queueName: window.queueName });
    }
  }
  const counted = await (options.countBoxes ?? ((all, increment) => countCallsInBoxes(tx, all, increment)))(boxes, settings.incrementSeconds);

  const plannedBoxes = new Map<string, PlannedBox[]>();
  boxes.forEach((box, index) => {
    const count = counted.get(index);
    if (!count) return; // nothing inside: a box only ever holds the calls it was drawn over
    const key = `${box.customerIndex}:${box.scopeIndex}`;
    const list = plannedBoxes.get(key) ?? [];
    list.push({ startFrom: box.startFrom, startTo: box.startTo, seqFrom: box.seqFrom, seqTo: box.seqTo, queueId: box.queueId, queueName: box.queueName, ...count });
    plannedBoxes.set(key, list);
  });

  return drafts.map((draft, customerIndex) => {
    const base = {
      customerId: draft.customer.customerId,
      profileId: draft.customer.profileId,
      periods: [] as PlannedPeriod[],
      lines: [] as ChargeLine[],
      amount: '0.00',
      calls: 0,
      billedSeconds: 0,
      billedMinutes: usageMinutes(0),
      queueUsage: [] as CustomerRating['queueUsage'],
      span: null,
      qboCustomerId: draft.profile?.qboCustomerId?.trim() || null,
    };
    if (draft.outcome) return { ...base, outcome: draft.outcome, reason: draft.reason };
    const profile = draft.profile!;
    const periods: PlannedPeriod[] = draft.scopes.map((scope, scopeIndex) => {
      const periodBoxes = plannedBoxes.get(`${customerIndex}:${scopeIndex}`) ?? [];
      const calls = periodBoxes.reduce((sum, box) => sum + box.calls, 0);
      const billedSeconds = periodBoxes.reduce((sum, box) => sum + box.billedSeconds, 0);
      const terms: PeriodTerms = scope.recorded?.terms ?? {
        ratePerMinute: profile.ratePerMinute,
        minimumMinutes: profile.minimumMinutes,
        overageRatePerMinute: profile.overageRatePerMinute,
      };
      const billedBefore = scope.recorded?.billedBefore ?? false;
      const newDays = scope.requested ? subtractDayRanges(scope.requested, scope.recorded?.covered ?? []) : [];
      const charge = chargeForPeriod({
        period: { start: scope.period.start, end: scope.period.end },
        terms,
        taxCode: profile.taxCode,
        billedBefore,
        billedSecondsBefore: scope.recorded?.billedSecondsBefore ?? 0,
        invoicedBefore: scope.recorded?.invoicedBefore ?? '0',
        newSeconds: billedSeconds,
        newDays: newDays.length ? { start: newDays[0]!.start, end: newDays[newDays.length - 1]!.end } : null,
      });
      return {
        periodId: scope.recorded?.id ?? null,
        start: scope.period.start,
        end: scope.period.end,
        terms,
        requested: newDays.length || !billedBefore ? scope.requested : null,
        billedBefore,
        invoicedBefore: scope.recorded?.invoicedBefore ?? '0.00',
        billedSecondsBefore: scope.recorded?.billedSecondsBefore ?? 0,
        boxes: periodBoxes,
        calls,
        billedSeconds,
        charge,
      };
    });
    // A period the invoice changes nothing of (no new days, no new calls) stays out of it.
    const touched = periods.filter((period) => period.boxes.length > 0 || period.requested !== null);
    const lines = touched.flatMap((period) => period.charge.lines);
    const amount = formatDecimal(touched.reduce((sum, period) => addDecimals(sum, period.charge.amount), parseDecimal(0n)), AMOUNT_PLACES);
    const calls = touched.reduce((sum, period) => sum + period.calls, 0);
    const billedSeconds = touched.reduce((sum, period) => sum + period.billedSeconds, 0);
    const perQueue = new Map<string, { calls: number; billedSeconds: number }>();
    for (const box of touched.flatMap((period) => period.boxes)) {
      const entry = perQueue.get(box.queueName) ?? { calls: 0, billedSeconds: 0 };
      entry.calls += box.calls;
      entry.billedSeconds += box.billedSeconds;
      perQueue.set(box.queueName, entry);
    }
    const rated = {
      ...base,
      periods: touched,
      lines,
      amount,
      calls,
      billedSeconds,
      billedMinutes: usageMinutes(billedSeconds),
      queueUsage: [...perQueue.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([queueName, usage]) => ({ queueName, calls: usage.calls, billedMinutes: usageMinutes(usage.billedSeconds) })),
      span: touched.length ? { start: touched[0]!.start, end: touched[touched.length - 1]!.end } : null,
    };
    if (touched.length === 0) {
      const invoices = [...new Set(draft.scopes.flatMap((scope) => scope.recorded?.docNumbers ?? []))];
      const range = displayDateRange(request.start, request.end);
      return { ...rated, outcome: 'SKIP' as const, reason: `Already invoiced: every call of ${range} is billed${invoices.length ? ` (invoice ${invoices.join(', ')})` : ''}` };
    }
    if (parseDecimal(amount).coefficient === 0n) {
      const reason = calls > 0
        ? 'Nothing more to invoice: these calls are within the minimum commitment already invoiced'
        : 'No usage and no minimum commitment: nothing to invoice';
      return { ...rated, outcome: 'SETTLEMENT' as const, reason };
    }
    if (options.requireQboCustomer && !rated.qboCustomerId) return { ...rated, outcome: 'FAIL' as const, reason: NO_QBO_CUSTOMER };
    return { ...rated, outcome: 'INVOICE' as const, reason: null };
  });
}

type BoxCount = { calls: number; billedSeconds: number };
export type BoxCounter = (boxes: Array<ClaimBox & { queueId: string }>, incrementSeconds: number) => Promise<Map<number, BoxCount>>;

/**
 * Counts the boxes in `parts` statements at once, each on its own connection of `db`'s pool, while
 * the rating's transaction holds the billable-call lock. Each box is bounded by the watermark, every
 * call below it was committed before the watermark was read and keeps its billing attributes, and
 * the transaction writes no call: so any snapshot taken since counts exactly what the transaction
 * would, and the parts use the server's cores as a parallel plan of one statement would.
 */
export function countBoxesInParallel(db: Reader, parts: number): BoxCounter {
  return async (boxes, incrementSeconds) => {
    if (parts <= 1 || boxes.length < 2 * PARALLEL_COUNT_MIN_BOXES) return countCallsInBoxes(db, boxes, incrementSeconds);
    const size = Math.ceil(boxes.length / parts);
    const slices = Array.from({ length: Math.ceil(boxes.length / size) }, (_, index) => index * size);
    const counts = await Promise.all(slices.map((offset) => countCallsInBoxes(db, boxes.slice(offset, offset + size), incrementSeconds)));
    const merged = new Map<number, BoxCount>();
    counts.forEach((part, slice) => part.forEach((count, index) => merged.set(slices[slice]! + index, count)));
    return merged;
  };
}

/** Below this many boxes per statement a second connection costs more than it saves. */
const PARALLEL_COUNT_MIN_BOXES = 100;

/**
 * Calls and billed seconds inside each box, in one statement. Each box is read through the
 * billable-calls index (queue, start), keeping only the calls in its sequence range.
 */
export async function countCallsInBoxes(
  tx: Reader,
  boxes: Array<ClaimBox & { queueId: string }>,
  incrementSeconds: number,
): Promise<Map<number, BoxCount>> {
  const result = new Map<number, BoxCount>();
  if (boxes.length === 0) return result;
  const toTimestamp = (ms: number) => new Date(ms).toISOString().replace('Z', '');
  const billed = Prisma.raw(billedSecondsSql('c.duration', Math.max(1, Math.trunc(incrementSeconds))));
  const rows = await tx.$queryRaw<Array<{ idx: number; calls: number; billed: bigint }>>`
    SELECT b.idx, count(*)::int AS calls, COALESCE(sum(${billed}), 0)::bigint AS billed
    FROM unnest(
      ${boxes.map((_, index) => index)}::int[],
      ${boxes.map((box) => box.queueId)}::text[],
      ${boxes.map((box) => toTimestamp(box.startFrom))}::timestamp[],
      ${boxes.map((box) => toTimestamp(box.startTo))}::timestamp[],
      ${boxes.map((box) => box.seqFrom)}::bigint[],
      ${boxes.map((box) => box.seqTo)}::bigint[]
    ) AS b(idx, q, f, t, sf, st)
    JOIN call_records c ON c."queueId" = b.q AND c."startTime" >= b.f AND c."startTime" < b.t
      AND c."billableSeq" IS NOT NULL AND c."billableSeq" >= b.sf AND c."billableSeq" < b.st
    GROUP BY b.idx`;
  for (const row of rows) result.set(row.idx, { calls: row.calls, billedSeconds: Number(row.billed) });
  return result;
}

