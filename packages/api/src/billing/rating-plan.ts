/**
 * The pure half of rating (DESIGN.md §4): from a job's request, its profiles and their recorded
 * periods, which periods each customer's invoice touches and which instants are scanned for calls
 * in each; then, once the calls are counted, what each period owes. No database here: the queries
 * are in rating-queries.ts, the orchestration in rate-customers.ts.
 */
import {
  addDays,
  billingPeriodsBetween,
  billingStartDateOf,
  compareDates,
  dayRangeToInstants,
  coversDays,
  displayDate,
  displayDateRange,
  intersectDayRanges,
  mergeDayRanges,
  mergeInstants,
  startOfDayInZone,
  type CalendarDate,
  type ClaimBox,
  type DayRange,
  type ActivityChange,
  type ProfilePeriod,
} from '../domain';
import type { ChargeLine, PeriodCharge, PeriodTerms } from '../domain/period-charge';
import type { ChargeUsage } from '../domain/rate-plan';
import { periodsReachedInOtherZones } from './rating-zones';

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
  /** The rules it had before (domain/billing-period.ts EarlierPeriodRule, as stored). */
  periodRuleHistory: unknown;
  billingStartDate: string | null;
  createdAt: Date;
  genesysQueueNames: string[];
  /** When it became active or inactive (archived counts as inactive), oldest first. */
  activity: ActivityChange[];
};

/** A period's days, as instants (epoch ms, half-open) with the zone its days are billed in, and its terms. */
type PeriodSpan = {
  start: CalendarDate;
  end: CalendarDate;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  terms: PeriodTerms;
};

/** A recorded period with what its live invoices bill. */
export type RecordedPeriod = PeriodSpan & {
  id: string;
  profileId: string;
  /**
   * An invoice holds a line for it, so its terms are fixed (DESIGN.md §4 "Terms are fixed by what QuickBooks
   * holds"); one only settled or billed nothing (no line) so far rates with the profile's terms of the moment.
   */
  termsFixed: boolean;
  billedBefore: boolean;
  /** An invoice of this period was released for re-billing: its calls are unbilled, whatever their age. */
  releasedBefore: boolean;
  invoicedBefore: string;
  billedSecondsBefore: number;
  billedCallsBefore: number;
  /** Under a rate plan: what its live invoices bill per charge. */
  chargeUsageBefore?: ChargeUsage[];
  covered: DayRange[];
  docNumbers: string[];
};

/** A box of interactions to claim; under a rate plan also its usage per charge and those no charge prices. */
export type PlannedBox = ClaimBox & {
  queueId: string;
  queueName: string;
  calls: number;
  billedSeconds: number;
  charges?: ChargeUsage[];
  notInPlan?: number;
};

/** Its span is what a new period row records. */
export type PlannedPeriod = PeriodSpan & {
  /** The recorded period's id; null when this invoice would be the first to touch it. */
  periodId: string | null;
  /**
   * A recorded period whose terms no invoice fixed yet: an invoice of this rating that holds a line
   * for it fixes them to `terms` (ledger-writes; one that bills the period nothing does not).
   */
  fixesTerms: boolean;
  /** Days of the period the job bills (the line's covered days); null for late calls only. */
  requested: DayRange | null;
  billedBefore: boolean;
  invoicedBefore: string;
  billedSecondsBefore: number;
  boxes: PlannedBox[];
  calls: number;
  billedSeconds: number;
  /** Under a rate plan: the usage per charge this invoice adds (null under the three fields). */
  chargeUsage: ChargeUsage[] | null;
  charge: PeriodCharge;
};

export type CustomerOutcome = 'INVOICE' | 'SETTLEMENT' | 'SKIP' | 'FAIL';

export type CustomerRating = {
  customerId: string;
  profileId: string | null;
  outcome: CustomerOutcome;
  reason: string | null;
  periods: PlannedPeriod[];
  /** Invoice lines and what the invoice bills (≥ 0). */
  lines: ChargeLine[];
  amount: string;
  /** Credit memo lines ("Credit, <period>") and what the credit memo gives back (≥ 0). */
  creditLines: ChargeLine[];
  creditAmount: string;
  calls: number;
  billedSeconds: number;
  billedMinutes: string;
  queueUsage: Array<{ queueName: string; calls: number; billedMinutes: string }>;
  /** First and last day of the periods the invoice touches. */
  span: DayRange | null;
  qboCustomerId: string | null;
};

export type PeriodScope = {
  period: ProfilePeriod;
  recorded: RecordedPeriod | null;
  requested: DayRange | null;
  /** The job's days in this period as instants (see {@link requestedInstants}); null for late calls only. */
  requestedAt: { from: number; to: number } | null;
  /** Days of the period already billed that are scanned again (late or released calls), read in its zone. */
  windows: DayRange[];
  /** The whole period as instants, and the zone its days are read in. */
  bounds: { from: number; to: number };
  timeZone: string;
};

/**
 * A period as instants (DESIGN.md §4, periods are instants): a recorded one as it was recorded; a
 * new one in the company's zone, except that it starts where the recorded period before it ended
 * (and ends where the recorded one after it starts), so that after a timezone change no call falls
 * between two periods.
 */
export function periodBounds(
  period: DayRange,
  recorded: readonly RecordedPeriod[],
  timeZone: string,
): { from: number; to: number } {
  const previous = recorded.find((candidate) => addDays(candidate.end, 1) === period.start);
  const next = recorded.find((candidate) => addDays(period.end, 1) === candidate.start);
  return {
    from: previous ? previous.endsAt : startOfDayInZone(period.start, timeZone).getTime(),
    to: next ? next.startsAt : startOfDayInZone(addDays(period.end, 1), timeZone).getTime(),
  };
}

/** Days of a scope as instants: in its zone, stretched to its bounds at the period's first and last day. */
export function windowInstants(
  scope: Pick<PeriodScope, 'period' | 'bounds' | 'timeZone'>,
  days: DayRange,
): { from: number; to: number } | null {
  const from =
    days.start === scope.period.start
      ? scope.bounds.from
      : Math.max(scope.bounds.from, startOfDayInZone(days.start, scope.timeZone).getTime());
  const to =
    days.end === scope.period.end
      ? scope.bounds.to
      : Math.min(scope.bounds.to, startOfDayInZone(addDays(days.end, 1), scope.timeZone).getTime());
  return from < to ? { from, to } : null;
}

/**
 * The job's days within a period as instants. The days are the company's (DESIGN.md §4: one rule
 * everywhere), also in a period recorded in another zone before a timezone change: a clerk who runs
 * 16 January after the change asks for the calls the app now shows on 16 January, which the
 * period's old zone puts partly on other days: all `jobDays` within the period's bounds (its last
 * hours can be on the job's next day, not in `days`). In the period's own zone: {@link windowInstants}.
 */
export function requestedInstants(
  scope: Pick<PeriodScope, 'period' | 'bounds' | 'timeZone'>,
  days: DayRange,
  companyZone: string,
  jobDays: DayRange,
): { from: number; to: number } | null {
  if (scope.timeZone === companyZone) return windowInstants(scope, days);
  const jobAt = dayRangeToInstants(jobDays.start, jobDays.end, companyZone);
  const from = Math.max(scope.bounds.from, jobAt.from.getTime());
  const to = Math.min(scope.bounds.to, jobAt.toExclusive.getTime());
  return from < to ? { from, to } : null;
}

/**
 * The periods a customer's invoice touches and the days scanned for calls in each: the job's days
 * (split along the profile's periods, never before its billing start); for periods already billed
 * that ended within the late-usage window, the days they billed (calls found there arrived late);
 * and, whatever their age, the days of periods one of whose invoices was released for re-billing.
 */
export function periodScopes(
  request: RatingRequest,
  profile: ProfileRow,
  recorded: RecordedPeriod[],
  settings: RatingSettings,
): PeriodScope[] | string {
  const billingStart = billingStartDateOf(profile, settings.timeZone);
  const lateSince = addDays(request.referenceDay, -settings.lateUsageWindowDays);
  const scopes = new Map<string, PeriodScope>();
  const scopeOf = (
    period: ProfilePeriod,
    record: RecordedPeriod | null,
  ): Omit<PeriodScope, 'requested' | 'requestedAt' | 'windows'> =>
    record
      ? { period, recorded: record, bounds: { from: record.startsAt, to: record.endsAt }, timeZone: record.timeZone }
      : {
          period,
          recorded: null,
          bounds: periodBounds(period, recorded, settings.timeZone),
          timeZone: settings.timeZone,
        };
  const requestedPeriods = billingPeriodsBetween(profile, billingStart, request.start, request.end, recorded);
  const jobDays = intersectDayRanges(request, { start: billingStart, end: request.end });
  for (const period of requestedPeriods) {
    const record = recorded.find((candidate) => candidate.start === period.start) ?? null;
    const clipped = intersectDayRanges(period, { start: request.start, end: request.end });
    const requested = clipped ? intersectDayRanges(clipped, { start: billingStart, end: clipped.end }) : null;
    if (!requested) continue;
    // A scheduled run does not go back over old periods that are billed in full (released calls aside).
    const old = record && coversDays(record.covered, period) && compareDates(period.end, lateSince) < 0;
    if (request.jobType === 'MONTHLY' && old && !record.releasedBefore) continue;
    const scope = scopeOf(period, record);
    const requestedAt = requestedInstants(scope, requested, settings.timeZone, jobDays ?? requested);
    scopes.set(period.start, Object.assign(scope, { requested, requestedAt, windows: [] })); // a spread here is V8's slow copy
  }
  // A manual run's days also reach old-zone periods ending within them (rating-zones.ts).
  for (const reach of periodsReachedInOtherZones(request, recorded, requestedPeriods, billingStart, settings.timeZone))
    scopes.set(reach.period.start, Object.assign(scopeOf(reach.period, reach.record), reach.scanned, { windows: [] }));
  for (const record of recorded) {
    if (!record.billedBefore || record.covered.length === 0) continue;
    if (compareDates(record.end, lateSince) < 0 && !record.releasedBefore) continue;
    const late = record.covered
      .map((range) => intersectDayRanges(range, { start: billingStart, end: range.end }))
      .filter((range): range is DayRange => range !== null);
    if (late.length === 0) continue;
    const scope = scopes.get(record.start) ?? {
      ...scopeOf({ start: record.start, end: record.end, recorded: true }, record),
      requested: null,
      requestedAt: null,
      windows: [],
    };
    scope.windows = mergeDayRanges([...scope.windows, ...late]);
    scopes.set(record.start, scope);
  }
  if (scopes.size === 0) {
    if (compareDates(request.end, billingStart) < 0) {
      return `Nothing to bill: ${displayDateRange(request.start, request.end)} is before this profile's billing start date ${displayDate(billingStart)}`;
    }
    if (requestedPeriods.length === 0)
      return `Nothing to bill: no billing period of this profile holds ${displayDateRange(request.start, request.end)}`;
    return `Already invoiced: every period of ${displayDateRange(request.start, request.end)} is billed in full`;
  }
  return [...scopes.values()].sort((a, b) => compareDates(a.period.start, b.period.start));
}

export type CustomerDraft = {
  customer: RatingRequest['customers'][number];
  profile: ProfileRow | null;
  scopes: PeriodScope[];
  reason: string | null;
  outcome: CustomerOutcome | null;
};

/** Each customer's periods to rate, or why it is skipped. */
export function draftCustomers(
  request: RatingRequest,
  settings: RatingSettings,
  profiles: Map<string, ProfileRow>,
  recordedByProfile: Map<string, RecordedPeriod[]>,
): CustomerDraft[] {
  return request.customers.map((customer) => {
    const profile = customer.profileId ? (profiles.get(customer.profileId) ?? null) : null;
    if (!profile)
      return { customer, profile, scopes: [], reason: 'The customer profile no longer exists', outcome: 'SKIP' };
    if (profile.archivedAt)
      return { customer, profile, scopes: [], reason: 'The customer profile is archived', outcome: 'SKIP' };
    if (!profile.isActive)
      return { customer, profile, scopes: [], reason: 'The customer profile is inactive', outcome: 'SKIP' };
    const scopes = periodScopes(request, profile, recordedByProfile.get(profile.id) ?? [], settings);
    if (typeof scopes === 'string') return { customer, profile, scopes: [], reason: scopes, outcome: 'SKIP' };
    return { customer, profile, scopes, reason: null, outcome: null };
  });
}

export type ScanWindow = {
  scopeIndex: number;
  customerIndex: number;
  queueId: string;
  queueName: string;
  from: number;
  to: number;
};

/** Every window of every draft as instants, per Genesys queue id (calls carry the id of their first queue). */
export function scanWindows(drafts: CustomerDraft[], queueIdsByName: Map<string, string[]>): ScanWindow[] {
  const windows: ScanWindow[] = [];
  drafts.forEach((draft, customerIndex) => {
    draft.scopes.forEach((scope, scopeIndex) => {
      const scanned = [scope.requestedAt, ...scope.windows.map((days) => windowInstants(scope, days))];
      for (const instants of mergeInstants(scanned)) {
        for (const queueName of draft.profile!.genesysQueueNames) {
          for (const queueId of queueIdsByName.get(queueName) ?? []) {
            windows.push({ customerIndex, scopeIndex, queueId, queueName, ...instants });
          }
        }
      }
    });
  });
  return windows;
}
