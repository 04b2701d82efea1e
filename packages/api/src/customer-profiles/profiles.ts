/**
 * Customer profiles: list with the screen's filters, create, update, delete (DESIGN.md §4,
 * spec 001 §2-§9). The profile's queue names are mirrored into customer_profile_queues in the same
 * transaction, where a partial unique index refuses a queue held by two ACTIVE profiles.
 */
import { Prisma, type CustomerProfile, type Database } from '@phone-billing/db';
import { AppError, notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import { profileCompleteness, type TCustomerProfileForm } from '../shared/customer-profile';
import { nextRunAfter } from '../domain/schedule';
import { containsLiterally, equalsIgnoringCase } from '../literal-search';

/** A profile as the API answers it: rates as decimal text, timestamps as ISO text. */
export type CustomerProfileDto = Omit<
  CustomerProfile,
  'ratePerMinute' | 'overageRatePerMinute' | 'nextRunAt' | 'createdAt' | 'updatedAt' | 'qboMetadata'
> & {
  ratePerMinute: string;
  overageRatePerMinute: string;
  qboMetadata: Record<string, unknown> | null;
  nextRunAt: string | null;
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
  const text = new Prisma.Decimal(value).toFixed(4);
  return text.replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1');
}

export function toProfileDto(profile: CustomerProfile): CustomerProfileDto {
  const metadata = profile.qboMetadata;
  return {
    ...profile,
    ratePerMinute: formatRate(profile.ratePerMinute),
    overageRatePerMinute: formatRate(profile.overageRatePerMinute),
    qboMetadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : null,
    nextRunAt: profile.nextRunAt ? profile.nextRunAt.toISOString() : null,
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
};

function listWhere(filters: ProfileListFilters): Prisma.CustomerProfileWhereInput {
  const and: Prisma.CustomerProfileWhereInput[] = [];
  const search = filters.search?.trim();
  if (search) {
    const contains = containsLiterally(search);
    and.push({
      OR: [
        { qboDisplayName: contains },
        { qboCompanyName: contains },
        { qboPrimaryEmailAddr: contains },
        { queues: { some: { queueName: contains } } },
      ],
    });
  }
  if (filters.isActive !== undefined) and.push({ isActive: filters.isActive });
  if (filters.hasQboCustomerId === true) and.push({ qboCustomerId: { not: null } }, { NOT: { qboCustomerId: '' } });
  if (filters.hasQboCustomerId === false) and.push({ OR: [{ qboCustomerId: null }, { qboCustomerId: '' }] });
  if (filters.hasGenesysQueues === true) and.push({ genesysQueueNames: { isEmpty: false } });
  if (filters.hasGenesysQueues === false) and.push({ genesysQueueNames: { isEmpty: true } });
  const queueName = filters.queueName?.trim();
  if (queueName) and.push({ queues: { some: { queueName: equalsIgnoringCase(queueName) } } });
  return and.length > 0 ? { AND: and } : {};
}

export async function listProfiles(db: Database, filters: ProfileListFilters) {
  const where = listWhere(filters);
  const [total, rows] = await Promise.all([
    db.customerProfile.count({ where }),
    db.customerProfile.findMany({
      where,
      orderBy: [{ qboDisplayName: 'asc' }, { id: 'asc' }],
      skip: (filters.page - 1) * filters.limit,
      take: filters.limit,
    }),
  ]);
  return {
    data: rows.map(toProfileDto),
    pagination: { page: filters.page, limit: filters.limit, total, pages: Math.ceil(total / filters.limit) },
  };
}

/** Counts for the screen's five stat cards, over every profile (not only the filtered page). */
export async function profileSummary(db: Database) {
  const rows = await db.customerProfile.findMany({
    select: {
      isActive: true,
      qboCustomerId: true,
      genesysQueueNames: true,
      qboDisplayName: true,
      qboCompanyName: true,
      qboGivenName: true,
      qboFamilyName: true,
      qboPrimaryEmailAddr: true,
      qboPrimaryPhone: true,
      qboLine1: true,
      qboCity: true,
      qboCountrySubDivisionCode: true,
      qboPostalCode: true,
      qboCountry: true,
    },
  });
  return {
    total: rows.length,
    active: rows.filter((row) => row.isActive).length,
    withQboMapping: rows.filter((row) => (row.qboCustomerId ?? '').trim() !== '').length,
    withQueues: rows.filter((row) => row.genesysQueueNames.length > 0).length,
    complete: rows.filter((row) => profileCompleteness(row).band === 'complete').length,
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
  const { qboMetadata, ...form } = input;
  return {
    ...form,
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
      const data = { ...profileData(input), nextRunAt: nextRunAt(existing) };
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

export async function createProfile(db: Database, input: CustomerProfileInput, now = new Date()): Promise<CustomerProfile> {
  const { timezone } = await getOrganizationSettings(db);
  return saveProfile(db, null, input, () => computeNextRun(input, now, timezone));
}

/**
 * Replaces a profile's fields. Its next run is kept when it stays active on the same schedule
 * (so an edit made just after a run fell due cannot skip that run), recomputed otherwise, and
 * cleared when the profile is deactivated.
 */
export async function updateProfile(db: Database, id: string, input: CustomerProfileInput, now = new Date()): Promise<CustomerProfile> {
  const { timezone } = await getOrganizationSettings(db);
  return saveProfile(db, id, input, (existing) => {
    const sameSchedule =
      existing !== null &&
      existing.isActive &&
      existing.nextRunAt !== null &&
      existing.billDate === input.billDate &&
      existing.billTime === input.billTime;
    if (input.isActive && sameSchedule) return existing.nextRunAt;
    return computeNextRun(input, now, timezone);
  });
}

export async function deleteProfile(db: Database, id: string): Promise<CustomerProfile> {
  const profile = await getProfile(db, id);
  try {
    // Queue rows go with it (ON DELETE CASCADE); scheduled runs are dropped too.
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
  return profile;
}
