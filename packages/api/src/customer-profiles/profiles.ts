/**
 * Customer profiles: list with the screen's filters, create, update, delete (DESIGN.md §4,
 * spec 001 §2-§9). The profile's queue names are mirrored into customer_profile_queues in the same
 * transaction, where a partial unique index refuses a queue held by two ACTIVE profiles.
 */
import { Prisma, queryRows, type CustomerProfile, type Database, type PgRow } from '@phone-billing/db';
import { recordAudit, type AuditActor } from '../auth/audit';
import { AppError, notFound } from '../errors';
import { profileCountsCacheKey, type RequestCache } from '../request-cache';
import { getOrganizationSettings } from '../settings/organization-settings';
import {
  COMPLETENESS_CHECK_COUNT,
  COMPLETENESS_QBO_FIELDS,
  completenessBand,
  type TCustomerProfileForm,
} from '../shared/customer-profile';
import { nextRunAfter } from '../domain/schedule';
import { escapeLikePattern } from '../literal-search';
import { calendarDateInZone, calendarFromDate, dateFromCalendar } from '../domain/calendar';
import { defaultBillingStartDate } from '../domain/billing-period';

/** A profile as the API answers it: rates as decimal text, timestamps as ISO text. */
export type CustomerProfileDto = Omit<
  CustomerProfile,
  'ratePerMinute' | 'overageRatePerMinute' | 'nextRunAt' | 'createdAt' | 'updatedAt' | 'qboMetadata' | 'billingStartDate' | 'archivedAt'
> & {
  ratePerMinute: string;
  overageRatePerMinute: string;
  qboMetadata: Record<string, unknown> | null;
  nextRunAt: string | null;
  billingStartDate: string;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What a save carries: the form plus the QuickBooks customer's snapshot (set by 'Connect'). */
export type CustomerProfileInput = TCustomerProfileForm & { qboMetadata?: Record<string, unknown> | null };

/**
 * Decimal text of a stored rate: at least two places, trailing zeros beyond them dropped
 * ('1.0000' → '1.00', '0.0125' → '0.0125').
 */
export function formatRate(value: Prisma.Decimal | string | number): string {
  // The column's own text ('0.0500', scale 4) needs no decimal arithmetic.
  const text = typeof value === 'string' && /^\d+\.\d{4}$/.test(value) ? value : new Prisma.Decimal(value).toFixed(4);
  return text.replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1');
}

const dayOf = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : calendarFromDate(value));

export function toProfileDto(profile: CustomerProfile | PgRow<CustomerProfile>): CustomerProfileDto {
  const metadata = profile.qboMetadata;
  return {
    ...profile,
    ratePerMinute: formatRate(profile.ratePerMinute),
    overageRatePerMinute: formatRate(profile.overageRatePerMinute),
    qboMetadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : null,
    nextRunAt: profile.nextRunAt ? profile.nextRunAt.toISOString() : null,
    // Always set since migration 20261126_billing_claims; the creation day is a safe fallback.
    // A date column comes as a Date through Prisma and as 'YYYY-MM-DD' text through the lean reads
    // (packages/db/src/lean-query.ts). Always set since migration 20261126_billing_claims.
    billingStartDate: dayOf((profile.billingStartDate as Date | string | null) ?? profile.createdAt),
    archivedAt: profile.archivedAt ? profile.archivedAt.toISOString() : null,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

export type ProfileListFilters = {
  page: number;
  limit: number;
  search?: string;
  isActive?: boolean;
  hasQboCustomerId?: boolean;
  hasGenesysQueues?: boolean;
  queueName?: string;
  /** 'current' (default): not archived; 'archived': only archived; 'all': both. */
  status?: 'current' | 'archived' | 'all';
};

/**
 * Least checks a profile must pass to count as complete, from the completeness rule itself
 * (shared/customer-profile.ts), so the SQL below cannot drift from what the badge shows.
 */
const COMPLETE_FROM_CHECKS = Array.from({ length: COMPLETENESS_CHECK_COUNT + 1 }, (_, checks) => checks).find(
  (checks) => completenessBand(Math.round((checks / COMPLETENESS_CHECK_COUNT) * 100)) === 'complete',
)!;

/** Text with something in it once trimmed the way JavaScript's trim() does (shared hasText). */
const NOT_ONLY_WHITESPACE = '[^ \\t\\n\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** The completeness checks a profile row `p` passes, as SQL (profileCompleteness, counted in the database). */
const PASSED_CHECKS = Prisma.sql`(${Prisma.join(
  [
    ...COMPLETENESS_QBO_FIELDS.map((field) => Prisma.sql`(COALESCE(p.${Prisma.raw(`"${field}"`)} ~ ${NOT_ONLY_WHITESPACE}, false))::int`),
    Prisma.sql`(EXISTS (SELECT 1 FROM unnest(p."genesysQueueNames") AS name WHERE name ~ ${NOT_ONLY_WHITESPACE}))::int`,
  ],
  ' + ',
)})`;

/** The screen's filters as SQL over a profile row `p`: what was typed matches literally, in any case (literal-search.ts). */
function listConditions(filters: ProfileListFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLikePattern(search)}%`;
    conditions.push(Prisma.sql`(p."qboDisplayName" ILIKE ${pattern} OR p."qboCompanyName" ILIKE ${pattern} OR p."qboPrimaryEmailAddr" ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM customer_profile_queues q WHERE q."profileId" = p.id AND q."queueName" ILIKE ${pattern}))`);
  }
  if (filters.isActive !== undefined) conditions.push(Prisma.sql`p."isActive" = ${filters.isActive}`);
  if (filters.hasQboCustomerId === true) conditions.push(Prisma.sql`(p."qboCustomerId" IS NOT NULL AND p."qboCustomerId" <> '')`);
  if (filters.hasQboCustomerId === false) conditions.push(Prisma.sql`(p."qboCustomerId" IS NULL OR p."qboCustomerId" = '')`);
  if (filters.hasGenesysQueues === true) conditions.push(Prisma.sql`COALESCE(cardinality(p."genesysQueueNames"), 0) > 0`);
  if (filters.hasGenesysQueues === false) conditions.push(Prisma.sql`COALESCE(cardinality(p."genesysQueueNames"), 0) = 0`);
  const status = filters.status ?? 'current';
  if (status === 'current') conditions.push(Prisma.sql`p."archivedAt" IS NULL`);
  if (status === 'archived') conditions.push(Prisma.sql`p."archivedAt" IS NOT NULL`);
  const queueName = filters.queueName?.trim();
  if (queueName) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM customer_profile_queues q WHERE q."profileId" = p.id AND q."queueName" ILIKE ${escapeLikePattern(queueName)})`);
  return conditions.length > 0 ? Prisma.join(conditions, ' AND ') : Prisma.sql`true`;
}

export interface ProfileSummary {
  total: number;
  active: number;
  withQboMapping: number;
  withQueues: number;
  complete: number;
}

type ProfileCounts = { matching: number; summary: ProfileSummary };

/**
 * How many profiles match the filters, and the screen's five stat cards over every profile not
 * archived (not only the filtered page): one statement that reads every profile and runs the
 * completeness checks on each. The customers screen is read far more often than profiles change,
 * so with a request cache these counts are kept per set of filters until a profile or its queues
 * change (every process hears it at once: migration 20261204_profile_counts_notify).
 */
async function readProfileCounts(db: Database, filters: ProfileListFilters, cache: RequestCache | undefined): Promise<ProfileCounts> {
  const load = async (): Promise<ProfileCounts> => {
    const [row] = await queryRows<{ matching: number } & { [Field in keyof ProfileSummary as `summary_${Field}`]: number }>(db, Prisma.sql`
      SELECT (SELECT count(*) FROM customer_profiles p WHERE ${listConditions(filters)})::int AS matching,
             count(*)::int AS "summary_total",
             count(*) FILTER (WHERE p."isActive")::int AS "summary_active",
             count(*) FILTER (WHERE p."qboCustomerId" ~ ${NOT_ONLY_WHITESPACE})::int AS "summary_withQboMapping",
             count(*) FILTER (WHERE COALESCE(cardinality(p."genesysQueueNames"), 0) > 0)::int AS "summary_withQueues",
             count(*) FILTER (WHERE ${PASSED_CHECKS} >= ${COMPLETE_FROM_CHECKS})::int AS "summary_complete"
        FROM customer_profiles p WHERE p."archivedAt" IS NULL`);
    return {
      matching: row!.matching,
      summary: {
        total: row!.summary_total,
        active: row!.summary_active,
        withQboMapping: row!.summary_withQboMapping,
        withQueues: row!.summary_withQueues,
        complete: row!.summary_complete,
      },
    };
  };
  if (!cache) return load();
  // Every filter but the page (the type makes a new filter a compile error here until it is added).
  const counted: { [Filter in Exclude<keyof ProfileListFilters, 'page' | 'limit'>]-?: ProfileListFilters[Filter] | undefined } = {
    search: filters.search?.trim() || undefined,
    isActive: filters.isActive,
    hasQboCustomerId: filters.hasQboCustomerId,
    hasGenesysQueues: filters.hasGenesysQueues,
    queueName: filters.queueName?.trim() || undefined,
    status: filters.status ?? 'current',
  };
  return (await cache.read(profileCountsCacheKey(JSON.stringify(counted)), load))!;
}

/**
 * One page of the list (read on every request), the number of profiles matching the filters and
 * the five stat cards (readProfileCounts): at most two statements, side by side.
 */
export async function listProfiles(db: Database, filters: ProfileListFilters, options: { cache?: RequestCache } = {}) {
  const [profiles, counts] = await Promise.all([
    queryRows<PgRow<CustomerProfile>>(db, Prisma.sql`
      SELECT p.* FROM customer_profiles p WHERE ${listConditions(filters)}
       ORDER BY p."qboDisplayName", p.id OFFSET ${(filters.page - 1) * filters.limit} LIMIT ${filters.limit}`),
    readProfileCounts(db, filters, options.cache),
  ]);
  const total = counts.matching;
  return {
    data: profiles.map(toProfileDto),
    pagination: { page: filters.page, limit: filters.limit, total, pages: Math.ceil(total / filters.limit) },
    summary: { ...counts.summary },
  };
}

export async function getProfile(db: Database, id: string): Promise<CustomerProfile> {
  const profile = await db.customerProfile.findUnique({ where: { id } });
  if (!profile) throw notFound('Customer profile');
  return profile;
}

/** The active profile (other than `exceptId`) holding one of `queueNames`, if any. */
async function findQueueConflict(
  db: Database | Prisma.TransactionClient,
  queueNames: readonly string[],
  exceptId: string | null,
): Promise<{ queueName: string; profileName: string } | null> {
  if (queueNames.length === 0) return null;
  const claimed = await db.customerProfileQueue.findFirst({
    where: { queueName: { in: [...queueNames] }, profileActive: true, ...(exceptId ? { profileId: { not: exceptId } } : {}) },
    include: { profile: { select: { qboDisplayName: true } } },
    orderBy: { queueName: 'asc' },
  });
  return claimed ? { queueName: claimed.queueName, profileName: claimed.profile.qboDisplayName } : null;
}

function conflictError(conflict: { queueName: string; profileName: string }): AppError {
  const message = `Queue '${conflict.queueName}' already belongs to active customer profile '${conflict.profileName}'`;
  return new AppError('CONFLICT', message, [{ msg: message, path: 'genesysQueueNames' }]);
}

function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2002') return true;
    if (error.code === 'P2010' && /23505/.test(String(error.meta?.code ?? error.message))) return true;
  }
  return /23505|unique constraint/i.test(error instanceof Error ? error.message : '');
}

function profileData(input: CustomerProfileInput) {
  const { qboMetadata, billingStartDate, ...form } = input;
  return {
    ...form,
    ...(billingStartDate ? { billingStartDate: dateFromCalendar(billingStartDate) } : {}),
    ...(qboMetadata !== undefined ? { qboMetadata: qboMetadata === null ? Prisma.DbNull : (qboMetadata as Prisma.InputJsonValue) } : {}),
  };
}

/**
 * Writes the profile and its queue rows in one transaction. A queue claimed by another active
 * profile is a 409 naming it (checked first for the message; the unique index decides races).
 */
async function saveProfile(
  db: Database,
  id: string | null,
  input: CustomerProfileInput,
  nextRunAt: (existing: CustomerProfile | null) => Date | null,
): Promise<CustomerProfile> {
  if (input.isActive) {
    const conflict = await findQueueConflict(db, input.genesysQueueNames, id);
    if (conflict) throw conflictError(conflict);
  }
  try {
    return await db.$transaction(async (tx) => {
      const existing = id ? await tx.customerProfile.findUnique({ where: { id } }) : null;
      if (id && !existing) throw notFound('Customer profile');
      const data = {
        ...profileData(input),
        nextRunAt: nextRunAt(existing),
        // Turning an archived profile active again brings it back.
        ...(existing?.archivedAt && input.isActive ? { archivedAt: null } : {}),
      };
      const profile = id ? await tx.customerProfile.update({ where: { id }, data }) : await tx.customerProfile.create({ data });
      await tx.customerProfileQueue.deleteMany({ where: { profileId: profile.id } });
      if (profile.genesysQueueNames.length > 0) {
        await tx.customerProfileQueue.createMany({
          data: profile.genesysQueueNames.map((queueName) => ({ profileId: profile.id, queueName, profileActive: profile.isActive })),
        });
      }
      return profile;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) {
      const conflict = await findQueueConflict(db, input.genesysQueueNames, id);
      if (conflict) throw conflictError(conflict);
      throw new AppError('CONFLICT', 'A queue of this profile already belongs to another active customer profile');
    }
    throw error;
  }
}

/** The next run of an active profile's schedule after `now` in `timeZone`; null when inactive. */
export function computeNextRun(
  profile: { isActive: boolean; billDate: number; billTime: string },
  now: Date,
  timeZone: string,
): Date | null {
  if (!profile.isActive) return null;
  return nextRunAfter({ billDate: profile.billDate, billTime: profile.billTime }, now, timeZone);
}

/** Creates a profile, audited as `actor`'s. */
export async function createProfile(db: Database, input: CustomerProfileInput, actor: AuditActor | null, now = new Date()): Promise<CustomerProfile> {
  const profile = await insertProfile(db, input, now);
  await recordAudit(db, { actor, action: 'customer-profile.created', target: profile.qboDisplayName, details: { id: profile.id } });
  return profile;
}

/** Creates a profile without an audit entry: for demo data, which no person created. */
export async function insertProfile(db: Database, input: CustomerProfileInput, now = new Date()): Promise<CustomerProfile> {
  const { timezone } = await getOrganizationSettings(db);
  // Billing starts with the period holding today unless the form says otherwise.
  const billingStartDate = input.billingStartDate ?? defaultBillingStartDate(input, calendarDateInZone(now, timezone));
  return saveProfile(db, null, { ...input, billingStartDate }, () => computeNextRun(input, now, timezone));
}

/**
 * Replaces a profile's fields. Its next run is kept when it stays active on the same schedule
 * (so an edit made just after a run fell due cannot skip that run), recomputed otherwise, and
 * cleared when the profile is deactivated. Audited as `actor`'s.
 */
export async function updateProfile(db: Database, id: string, input: CustomerProfileInput, actor: AuditActor | null, now = new Date()): Promise<CustomerProfile> {
  const { timezone } = await getOrganizationSettings(db);
  const profile = await saveProfile(db, id, input, (existing) => {
    const sameSchedule =
      existing !== null &&
      existing.isActive &&
      existing.nextRunAt !== null &&
      existing.billDate === input.billDate &&
      existing.billTime === input.billTime;
    if (input.isActive && sameSchedule) return existing.nextRunAt;
    return computeNextRun(input, now, timezone);
  });
  await recordAudit(db, { actor, action: 'customer-profile.updated', target: profile.qboDisplayName, details: { id } });
  return profile;
}

/**
 * DELETE of a profile: one with billing history (any invoice or settlement in the ledger) is
 * archived — inactive, its queues free for other profiles, hidden unless asked for, its invoices
 * and billed calls kept — so a new profile on its queues never bills those calls again. A profile
 * never invoiced is deleted. Audited as `actor`'s.
 */
export async function deleteProfile(db: Database, id: string, actor: AuditActor | null, now = new Date()): Promise<{ profile: CustomerProfile; archived: boolean }> {
  const result = await archiveOrDeleteProfile(db, id, now);
  const action = result.archived ? 'customer-profile.archived' : 'customer-profile.deleted';
  await recordAudit(db, { actor, action, target: result.profile.qboDisplayName, details: { id: result.profile.id } });
  return result;
}

async function archiveOrDeleteProfile(db: Database, id: string, now: Date): Promise<{ profile: CustomerProfile; archived: boolean }> {
  const profile = await getProfile(db, id);
  const invoiced = await db.invoiceLedgerEntry.findFirst({ where: { profileId: id }, select: { id: true } });
  if (invoiced) {
    const archived = await db.$transaction(async (tx) => {
      await tx.scheduledRun.deleteMany({ where: { profileId: id, billingJobId: null } });
      await tx.customerProfileQueue.updateMany({ where: { profileId: id }, data: { profileActive: false } });
      return tx.customerProfile.update({ where: { id }, data: { isActive: false, nextRunAt: null, archivedAt: profile.archivedAt ?? now } });
    });
    return { profile: archived, archived: true };
  }
  try {
    // Queue rows and periods go with it (ON DELETE CASCADE); scheduled runs are dropped too.
    await db.$transaction([
      db.scheduledRun.deleteMany({ where: { profileId: id, billingJobId: null } }),
      db.customerProfile.delete({ where: { id } }),
    ]);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') {
      throw new AppError('CONFLICT', 'This customer profile has billing history and cannot be deleted; deactivate it instead');
    }
    throw error;
  }
  return { profile, archived: false };
}
