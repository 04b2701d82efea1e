/**
 * Customer profiles: list with the screen's filters, create, update, delete (DESIGN.md §4,
 * spec 001 §2-§9). The profile's queue names are mirrored into customer_profile_queues in the same
 * transaction, where a partial unique index refuses a queue held by two ACTIVE profiles.
 */
import { Prisma, type CustomerProfile, type Database } from '@phone-billing/db';
import { recordAudit, type AuditActor } from '../auth/audit';
import { changedFields } from '../auth/audit-changes';
import { lockForVersionedSave, versionStamp } from '../row-versions';
import { AppError, notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import { QBO_CONTACT_FIELDS, type TCustomerProfileForm } from '../shared/customer-profile';
import { nextRunAfter } from '../domain/schedule';
import { calendarDateInZone, dateFromCalendar } from '../domain/calendar';
import { defaultBillingStartDate } from '../domain/billing-period';
import { toProfileDto, type CustomerProfileDto } from './profile-dto';
import { periodRuleHistoryOnSave } from './period-rule-change';

/** What a save carries: the form plus the QuickBooks customer's snapshot (set by 'Connect'). */
export type CustomerProfileInput = TCustomerProfileForm & { qboMetadata?: Record<string, unknown> | null };

/** An update: the form, and the version it was based on (none: last write wins). */
export type CustomerProfileUpdate = CustomerProfileInput & { version?: number };

/** The fields an update's audit entry compares (the form's, as the API shows them). */
const AUDITED_FIELDS = [
  'qboDisplayName',
  'qboCustomerId',
  'isActive',
  'ratePerMinute',
  'overageRatePerMinute',
  'minimumMinutes',
  'billDate',
  'billTime',
  'billingPeriodStart',
  'billingPeriodEnd',
  'billingStartDate',
  'taxCode',
  'notes',
  'genesysQueueNames',
  'qboCompanyName',
  'qboGivenName',
  'qboMiddleName',
  'qboFamilyName',
  'qboTitle',
  'qboSuffix',
  ...QBO_CONTACT_FIELDS,
] as const satisfies ReadonlyArray<keyof CustomerProfileDto>;

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
    where: {
      queueName: { in: [...queueNames] },
      profileActive: true,
      ...(exceptId ? { profileId: { not: exceptId } } : {}),
    },
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

function profileData(input: CustomerProfileUpdate) {
  const { qboMetadata, billingStartDate, version: _basedOn, ...form } = input;
  return {
    ...form,
    ...(billingStartDate ? { billingStartDate: dateFromCalendar(billingStartDate) } : {}),
    ...(qboMetadata !== undefined
      ? { qboMetadata: qboMetadata === null ? Prisma.DbNull : (qboMetadata as Prisma.InputJsonValue) }
      : {}),
  };
}

/**
 * Writes the profile and its queue rows in one transaction. A queue claimed by another active
 * profile is a 409 naming it (checked first for the message; the unique index decides races).
 */
async function saveProfile(
  db: Database,
  id: string | null,
  input: CustomerProfileUpdate,
  actor: AuditActor | null,
  nextRunAt: (existing: CustomerProfile | null) => Date | null,
): Promise<{ profile: CustomerProfile; before: CustomerProfile | null }> {
  if (input.isActive) {
    const conflict = await findQueueConflict(db, input.genesysQueueNames, id);
    if (conflict) throw conflictError(conflict);
  }
  try {
    return await db.$transaction(async (tx) => {
      if (id && !(await lockForVersionedSave(tx, 'customer_profiles', id, input.version)))
        throw notFound('Customer profile');
      const existing = id ? await tx.customerProfile.findUnique({ where: { id } }) : null;
      if (id && !existing) throw notFound('Customer profile');
      const periodRuleHistory = await periodRuleHistoryOnSave(tx, existing, input);
      const data = {
        ...profileData(input),
        ...(periodRuleHistory ? { periodRuleHistory } : {}),
        nextRunAt: nextRunAt(existing),
        // Turning an archived profile active again brings it back.
        ...(existing?.archivedAt && input.isActive ? { archivedAt: null } : {}),
      };
      const profile = id
        ? await tx.customerProfile.update({ where: { id }, data: { ...data, ...versionStamp(actor) } })
        : await tx.customerProfile.create({
            data: { ...data, changedBy: actor?.email ?? null, changedAt: new Date() },
          });
      await tx.customerProfileQueue.deleteMany({ where: { profileId: profile.id } });
      if (profile.genesysQueueNames.length > 0) {
        await tx.customerProfileQueue.createMany({
          data: profile.genesysQueueNames.map((queueName) => ({
            profileId: profile.id,
            queueName,
            profileActive: profile.isActive,
          })),
        });
      }
      return { profile, before: existing };
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
export async function createProfile(
  db: Database,
  input: CustomerProfileInput,
  actor: AuditActor | null,
  now = new Date(),
): Promise<CustomerProfile> {
  const profile = await insertProfile(db, input, now, actor);
  await recordAudit(db, {
    actor,
    action: 'customer-profile.created',
    target: profile.qboDisplayName,
    details: { id: profile.id },
  });
  return profile;
}

/** Creates a profile without an audit entry: for demo data, which no person created. */
export async function insertProfile(
  db: Database,
  input: CustomerProfileInput,
  now = new Date(),
  actor: AuditActor | null = null,
): Promise<CustomerProfile> {
  const { timezone } = await getOrganizationSettings(db);
  // Billing starts with the period holding today unless the form says otherwise.
  const billingStartDate = input.billingStartDate ?? defaultBillingStartDate(input, calendarDateInZone(now, timezone));
  const saved = await saveProfile(db, null, { ...input, billingStartDate }, actor, () =>
    computeNextRun(input, now, timezone),
  );
  return saved.profile;
}

/**
 * Replaces a profile's fields. Its next run is kept when it stays active on the same schedule
 * (so an edit made just after a run fell due cannot skip that run), recomputed otherwise, and
 * cleared when the profile is deactivated. Audited as `actor`'s.
 */
export async function updateProfile(
  db: Database,
  id: string,
  input: CustomerProfileUpdate,
  actor: AuditActor | null,
  now = new Date(),
): Promise<CustomerProfile> {
  const { timezone } = await getOrganizationSettings(db);
  const { profile, before } = await saveProfile(db, id, input, actor, (existing) => {
    const sameSchedule =
      existing !== null &&
      existing.isActive &&
      existing.nextRunAt !== null &&
      existing.billDate === input.billDate &&
      existing.billTime === input.billTime;
    if (input.isActive && sameSchedule) return existing.nextRunAt;
    return computeNextRun(input, now, timezone);
  });
  const changes = before ? changedFields(toProfileDto(before), toProfileDto(profile), AUDITED_FIELDS) : [];
  await recordAudit(db, {
    actor,
    action: 'customer-profile.updated',
    target: profile.qboDisplayName,
    details: { id, changes },
  });
  return profile;
}

/**
 * DELETE of a profile: one with billing history (any invoice or settlement in the ledger) is
 * archived — inactive, its queues free for other profiles, hidden unless asked for, its invoices
 * and billed calls kept — so a new profile on its queues never bills those calls again. A profile
 * never invoiced is deleted. Audited as `actor`'s.
 */
export async function deleteProfile(
  db: Database,
  id: string,
  actor: AuditActor | null,
  now = new Date(),
): Promise<{ profile: CustomerProfile; archived: boolean }> {
  const result = await archiveOrDeleteProfile(db, id, now);
  const action = result.archived ? 'customer-profile.archived' : 'customer-profile.deleted';
  await recordAudit(db, { actor, action, target: result.profile.qboDisplayName, details: { id: result.profile.id } });
  return result;
}

async function archiveOrDeleteProfile(
  db: Database,
  id: string,
  now: Date,
): Promise<{ profile: CustomerProfile; archived: boolean }> {
  const profile = await getProfile(db, id);
  const invoiced = await db.invoiceLedgerEntry.findFirst({ where: { profileId: id }, select: { id: true } });
  if (invoiced) {
    const archived = await db.$transaction(async (tx) => {
      await tx.scheduledRun.deleteMany({ where: { profileId: id, billingJobId: null } });
      await tx.customerProfileQueue.updateMany({ where: { profileId: id }, data: { profileActive: false } });
      return tx.customerProfile.update({
        where: { id },
        data: { isActive: false, nextRunAt: null, archivedAt: profile.archivedAt ?? now },
      });
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
      throw new AppError(
        'CONFLICT',
        'This customer profile has billing history and cannot be deleted; deactivate it instead',
      );
    }
    throw error;
  }
  return { profile, archived: false };
}
