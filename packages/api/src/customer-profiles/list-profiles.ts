/**
 * The customers screen's list (spec 001 §4): one page of profiles with the screen's filters, how
 * many match, and the five stat cards, counted in the database by the shared completeness rule.
 */
import { Prisma, queryRows, type CustomerProfile, type Database, type PgRow } from '@phone-billing/db';
import { escapeLikePattern } from '../literal-search';
import { profileCountsCacheKey, type RequestCache } from '../request-cache';
import { COMPLETENESS_CHECK_COUNT, COMPLETENESS_QBO_FIELDS, completenessBand } from '../shared/customer-profile';
import { ratePlanViewOf } from '../rate-plans/profile-rate-plan';
import { readSettingsForRequest } from '../settings/organization-settings';
import { toProfileDto } from './profile-dto';

type ListedRow = PgRow<CustomerProfile> & { ratePlanEffectiveFrom: string | null; ratePlanJson: unknown };

/** A listed row as the API shows it, with the plan in force (its latest version, or the one the spec's fields mean). */
function listedProfile(row: ListedRow, billingIncrementSeconds: number) {
  const { ratePlanEffectiveFrom, ratePlanJson, ...profile } = row;
  const latest = ratePlanEffectiveFrom ? { effectiveFrom: ratePlanEffectiveFrom, plan: ratePlanJson } : null;
  return { ...toProfileDto(profile), ratePlan: ratePlanViewOf(profile, latest, billingIncrementSeconds) };
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
const NOT_ONLY_WHITESPACE =
  '[^ \\t\\n\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** The completeness checks a profile row `p` passes, as SQL (profileCompleteness, counted in the database). */
const PASSED_CHECKS = Prisma.sql`(${Prisma.join(
  [
    ...COMPLETENESS_QBO_FIELDS.map(
      (field) => Prisma.sql`(COALESCE(p.${Prisma.raw(`"${field}"`)} ~ ${NOT_ONLY_WHITESPACE}, false))::int`,
    ),
    Prisma.sql`(EXISTS (SELECT 1 FROM unnest(p."genesysQueueNames") AS name WHERE name ~ ${NOT_ONLY_WHITESPACE}))::int`,
    Prisma.sql`(COALESCE(p."qboCustomerId" ~ ${NOT_ONLY_WHITESPACE}, false))::int`,
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
  if (filters.hasQboCustomerId === true)
    conditions.push(Prisma.sql`(p."qboCustomerId" IS NOT NULL AND p."qboCustomerId" <> '')`);
  if (filters.hasQboCustomerId === false)
    conditions.push(Prisma.sql`(p."qboCustomerId" IS NULL OR p."qboCustomerId" = '')`);
  if (filters.hasGenesysQueues === true)
    conditions.push(Prisma.sql`COALESCE(cardinality(p."genesysQueueNames"), 0) > 0`);
  if (filters.hasGenesysQueues === false)
    conditions.push(Prisma.sql`COALESCE(cardinality(p."genesysQueueNames"), 0) = 0`);
  const status = filters.status ?? 'current';
  if (status === 'current') conditions.push(Prisma.sql`p."archivedAt" IS NULL`);
  if (status === 'archived') conditions.push(Prisma.sql`p."archivedAt" IS NOT NULL`);
  const queueName = filters.queueName?.trim();
  if (queueName)
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM customer_profile_queues q WHERE q."profileId" = p.id AND q."queueName" ILIKE ${escapeLikePattern(queueName)})`,
    );
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
async function readProfileCounts(
  db: Database,
  filters: ProfileListFilters,
  cache: RequestCache | undefined,
): Promise<ProfileCounts> {
  const load = async (): Promise<ProfileCounts> => {
    const [row] = await queryRows<
      { matching: number } & { [Field in keyof ProfileSummary as `summary_${Field}`]: number }
    >(
      db,
      Prisma.sql`
      SELECT (SELECT count(*) FROM customer_profiles p WHERE ${listConditions(filters)})::int AS matching,
             count(*)::int AS "summary_total",
             count(*) FILTER (WHERE p."isActive")::int AS "summary_active",
             count(*) FILTER (WHERE p."qboCustomerId" ~ ${NOT_ONLY_WHITESPACE})::int AS "summary_withQboMapping",
             count(*) FILTER (WHERE COALESCE(cardinality(p."genesysQueueNames"), 0) > 0)::int AS "summary_withQueues",
             count(*) FILTER (WHERE ${PASSED_CHECKS} >= ${COMPLETE_FROM_CHECKS})::int AS "summary_complete"
        FROM customer_profiles p WHERE p."archivedAt" IS NULL`,
    );
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
  const counted: {
    [Filter in Exclude<keyof ProfileListFilters, 'page' | 'limit'>]-?: ProfileListFilters[Filter] | undefined;
  } = {
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
 * One page of the list with each profile's rate plan (read on every request), the number of profiles
 * matching the filters and the five stat cards (readProfileCounts): at most three statements, side by side
 * (the settings and the counts usually from the request cache).
 */
export async function listProfiles(db: Database, filters: ProfileListFilters, options: { cache?: RequestCache } = {}) {
  // Each profile's latest plan version in the same statement (rate_plans is keyed by profile and day).
  const [profiles, counts, settings] = await Promise.all([
    queryRows<ListedRow>(
      db,
      Prisma.sql`
      SELECT p.*, rp."effectiveFrom" AS "ratePlanEffectiveFrom", rp.plan AS "ratePlanJson"
        FROM customer_profiles p
        LEFT JOIN LATERAL (SELECT to_char(r."effectiveFrom", 'YYYY-MM-DD') AS "effectiveFrom", r.plan FROM rate_plans r
                            WHERE r."profileId" = p.id ORDER BY r."effectiveFrom" DESC LIMIT 1) rp ON true
       WHERE ${listConditions(filters)}
       ORDER BY p."qboDisplayName", p.id OFFSET ${(filters.page - 1) * filters.limit} LIMIT ${filters.limit}`,
    ),
    readProfileCounts(db, filters, options.cache),
    readSettingsForRequest(db, options.cache),
  ]);
  const total = counts.matching;
  return {
    data: profiles.map((row) => listedProfile(row, settings.billingIncrementSeconds)),
    pagination: { page: filters.page, limit: filters.limit, total, pages: Math.ceil(total / filters.limit) },
    summary: { ...counts.summary },
  };
}
