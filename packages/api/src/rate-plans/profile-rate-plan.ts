/**
 * A profile's rate plan versions (DESIGN.md §4 "Rate plans", effective dates): read the plan in
 * force, save a new version from a period start, and the plan each period is rated under. A
 * profile with no version is rated by the spec's three fields (planFromProfileFields), as before.
 */
import { Prisma, type Database } from '@phone-billing/db';
import { recordAudit, type AuditActor } from '../auth/audit';
import { AppError, notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import {
  addDays,
  calendarDateInZone,
  calendarFromDate,
  compareDates,
  dateFromCalendar,
  displayDate,
  displayDateRange,
  isCalendarDate,
  periodContaining,
  type CalendarDate,
  type PeriodRule,
} from '../domain';
import { planFromProfileFields, type RatePlan } from '../domain/rate-plan';
import type { TRatePlan, TRatePlanView } from '../shared/rate-plan';
import { billingStartDateOf } from '../domain/billing-period';

type ProfileTerms = {
  id: string;
  ratePerMinute: Prisma.Decimal | string;
  minimumMinutes: number;
  overageRatePerMinute: Prisma.Decimal | string;
  billingPeriodStart: number;
  billingPeriodEnd: number;
  billingStartDate: Date | null;
  createdAt: Date;
};

/** A stored version: from `effectiveFrom`, `plan` (null: the spec's fields). */
export type RatePlanVersion = { effectiveFrom: CalendarDate; plan: RatePlan | null };

/** A saved plan (the API's shape, without effectiveFrom) as rating reads it. */
export function storedPlan(json: unknown): RatePlan | null {
  if (!json || typeof json !== 'object') return null;
  const { effectiveFrom: _effectiveFrom, source: _source, ...plan } = json as TRatePlan & { source?: string };
  return { ...plan, source: 'plan' };
}

/** The versions of these profiles' plans, oldest first. */
export async function loadRatePlanVersions(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
  profileIds: string[],
): Promise<Map<string, RatePlanVersion[]>> {
  const byProfile = new Map<string, RatePlanVersion[]>();
  if (profileIds.length === 0) return byProfile;
  const rows = await db.$queryRaw<Array<{ profileId: string; effectiveFrom: string; plan: unknown }>>`
    SELECT "profileId"::text AS "profileId", to_char("effectiveFrom", 'YYYY-MM-DD') AS "effectiveFrom", plan
    FROM rate_plans WHERE "profileId" = ANY(${profileIds}::uuid[]) ORDER BY "effectiveFrom"`;
  for (const row of rows) {
    byProfile.set(row.profileId, [
      ...(byProfile.get(row.profileId) ?? []),
      { effectiveFrom: row.effectiveFrom, plan: storedPlan(row.plan) },
    ]);
  }
  return byProfile;
}

/** The plan version in force on `day`: the latest effective on or before it; null when the spec's fields apply. */
export function planInForce(versions: readonly RatePlanVersion[], day: CalendarDate): RatePlan | null {
  let plan: RatePlan | null = null;
  for (const version of versions) if (compareDates(version.effectiveFrom, day) <= 0) plan = version.plan;
  return plan;
}

function view(plan: RatePlan, effectiveFrom: CalendarDate | null): TRatePlanView {
  return { ...plan, charges: plan.charges.map((charge) => ({ ...charge })), effectiveFrom };
}

async function loadProfile(db: Database, profileId: string): Promise<ProfileTerms> {
  const profile = await db.customerProfile.findUnique({ where: { id: profileId } });
  if (!profile) throw notFound('Customer profile');
  return profile;
}

/** A profile's latest saved version (its `plan` null when it returned to the spec's fields), or null when it never had one. */
export type LatestRatePlan = { effectiveFrom: CalendarDate; plan: unknown } | null;

/**
 * The plan a profile shows, from its latest saved version: that plan, or, for a profile set by the
 * spec's fields, the plan they mean (source 'profileFields'). Pure: the list reads every profile's
 * latest version in its own statement.
 */
export function ratePlanViewOf(
  profile: Pick<ProfileTerms, 'ratePerMinute' | 'minimumMinutes' | 'overageRatePerMinute'>,
  latest: LatestRatePlan,
  billingIncrementSeconds: number,
): TRatePlanView {
  const plan = latest ? storedPlan(latest.plan) : null;
  if (plan) return view(plan, latest!.effectiveFrom);
  return view(planFromProfileFields(fieldTerms(profile), billingIncrementSeconds), latest?.effectiveFrom ?? null);
}

/**
 * The profile's plan as the API shows it: its latest saved version, or, for a profile set by the
 * spec's fields, the plan they mean (source 'profileFields').
 */
export async function getProfileRatePlan(db: Database, profileId: string): Promise<TRatePlanView> {
  const profile = await loadProfile(db, profileId);
  const versions = (await loadRatePlanVersions(db, [profileId])).get(profileId) ?? [];
  const latest = versions[versions.length - 1];
  const { billingIncrementSeconds } = await getOrganizationSettings(db);
  return ratePlanViewOf(
    profile,
    latest ? { effectiveFrom: latest.effectiveFrom, plan: latest.plan } : null,
    billingIncrementSeconds,
  );
}

const fieldTerms = (profile: Pick<ProfileTerms, 'ratePerMinute' | 'minimumMinutes' | 'overageRatePerMinute'>) => ({
  ratePerMinute: String(profile.ratePerMinute),
  minimumMinutes: profile.minimumMinutes,
  overageRatePerMinute: String(profile.overageRatePerMinute),
});

/** The latest period of the profile that a live invoice bills, with that invoice's number. */
async function lastInvoicedPeriod(
  db: Database,
  profileId: string,
): Promise<{ start: CalendarDate; end: CalendarDate; docNumber: string } | null> {
  const rows = await db.$queryRaw<Array<{ start: string; end: string; docNumber: string }>>`
    SELECT to_char(bp."periodStart", 'YYYY-MM-DD') AS start, to_char(bp."periodEnd", 'YYYY-MM-DD') AS "end", l."docNumber"
    FROM billing_periods bp
    JOIN invoice_period_lines pl ON pl."periodId" = bp.id
    JOIN invoice_ledger l ON l.id = pl."ledgerId" AND l.state <> 'RELEASED' AND l.kind = 'INVOICE'
    WHERE bp."profileId" = ${profileId}::uuid
    ORDER BY bp."periodEnd" DESC, l."createdAt" DESC LIMIT 1`;
  return rows[0] ?? null;
}

/**
 * Refuses an effective date that does not start one of the profile's periods (400) or falls in a
 * period a live invoice bills (409 naming the invoice): earlier periods keep their terms.
 */
function assertPlanCanStart(
  rule: PeriodRule,
  effectiveFrom: string,
  invoiced: { start: CalendarDate; end: CalendarDate; docNumber: string } | null,
): void {
  const period = isCalendarDate(effectiveFrom) ? periodContaining(rule, effectiveFrom) : null;
  if (!period || period.start !== effectiveFrom) {
    const hint = period ? ` (the period holding it starts ${displayDate(period.start)})` : '';
    const message = `Effective from must be the first day of a billing period${hint}`;
    throw new AppError('BAD_REQUEST', message, [{ msg: message, path: 'ratePlan.effectiveFrom' }]);
  }
  if (invoiced && compareDates(effectiveFrom, invoiced.end) <= 0) {
    const message = `Effective from ${displayDate(effectiveFrom)} falls in an invoiced period: ${displayDateRange(invoiced.start, invoiced.end)} is billed by invoice ${invoiced.docNumber}; choose ${displayDate(addDays(invoiced.end, 1))} or later`;
    throw new AppError('CONFLICT', message, [{ msg: message, path: 'ratePlan.effectiveFrom' }]);
  }
}

/**
 * Checks, before a profile is created or its fields are saved, that a plan carried with them can
 * start where it says under the period rule being saved (and, for an existing profile, after its
 * invoiced periods), so a refused plan leaves the profile unchanged. No date: nothing to check
 * (the default is always a period start with no invoice).
 */
export async function checkRatePlanStart(
  db: Database,
  profileId: string | null,
  rule: PeriodRule,
  plan: TRatePlan | null,
): Promise<void> {
  if (!plan?.effectiveFrom) return;
  assertPlanCanStart(rule, plan.effectiveFrom, profileId ? await lastInvoicedPeriod(db, profileId) : null);
}

/**
 * Saves a plan version from `plan.effectiveFrom` (default: the first period with no invoice), or,
 * with `plan` null, returns the profile to its spec fields from that period. The date must start a
 * period of the profile (400) and come after every invoiced period (409 naming the invoice).
 * A version saved for the same day replaces it. Audited with the plan before and after.
 */
export async function saveProfileRatePlan(
  db: Database,
  profileId: string,
  plan: TRatePlan | null,
  actor: AuditActor | null,
  options: { effectiveFrom?: string | null; now?: Date } = {},
): Promise<TRatePlanView> {
  const profile = await loadProfile(db, profileId);
  const { timezone } = await getOrganizationSettings(db);
  const invoiced = await lastInvoicedPeriod(db, profileId);
  const requested = plan?.effectiveFrom ?? options.effectiveFrom ?? null;
  const effectiveFrom = requested ?? defaultEffectiveFrom(profile, invoiced, timezone, options.now ?? new Date());
  assertPlanCanStart(profile, effectiveFrom, invoiced);
  const before = await getProfileRatePlan(db, profileId);
  const stored = plan ? (({ effectiveFrom: _effectiveFrom, ...rest }) => rest)(plan) : null;
  await db.ratePlan.upsert({
    where: { profileId_effectiveFrom: { profileId, effectiveFrom: dateFromCalendar(effectiveFrom) } },
    create: {
      profileId,
      effectiveFrom: dateFromCalendar(effectiveFrom),
      plan: stored === null ? Prisma.DbNull : (stored as Prisma.InputJsonValue),
      createdById: actor?.id ?? null,
      createdByEmail: actor?.email ?? null,
    },
    update: {
      plan: stored === null ? Prisma.DbNull : (stored as Prisma.InputJsonValue),
      createdAt: new Date(),
      createdById: actor?.id ?? null,
      createdByEmail: actor?.email ?? null,
    },
  });
  const after = await getProfileRatePlan(db, profileId);
  await recordAudit(db, {
    actor,
    action: 'customer-profile.rate-plan',
    target: profileId,
    details: { id: profileId, effectiveFrom, changes: [{ field: 'ratePlan', from: before, to: after }] },
  });
  return after;
}

/** The first period with no invoice: after the last invoiced one, else the one holding the billing start date. */
function defaultEffectiveFrom(
  profile: ProfileTerms,
  invoiced: { end: CalendarDate } | null,
  timeZone: string,
  now: Date,
): CalendarDate {
  const start = invoiced
    ? addDays(invoiced.end, 1)
    : billingStartDateOf(
        { ...profile, billingStartDate: profile.billingStartDate ? calendarFromDate(profile.billingStartDate) : null },
        timeZone,
      );
  const period = periodContaining(profile, start) ?? periodContaining(profile, calendarDateInZone(now, timeZone));
  return period!.start;
}
