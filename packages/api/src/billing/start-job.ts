/**
 * Starting, retrying and cancelling billing jobs. A job is created with one PENDING row per
 * customer (each with its DocNumber) and queued in pg-boss; run-job.ts does the rest.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import { Prisma } from '@phone-billing/db';
import type { AppServices } from '../services';
import { calendarDateInZone, compareDates, dateFromCalendar, daysInRange } from '../domain/calendar';
import { recordAudit, type AuditActor, type AuditEntry } from '../auth/audit';
import { AppError } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import { docNumberFor } from './invoice-body';
import { RUN_JOB, sendToQueue } from './job-queues';
import { findJob, type JobRow } from './job-views';
import { assertKillSwitchOff } from './kill-switch';
import { dropUnsentReservations } from './ledger';
import { isReviewedBeforeSending } from './review-rules';

/** A manual run bills at most this many days. */
export const MAX_MANUAL_RUN_DAYS = 366;

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short code people can read out: "BJ-" and 6 Crockford base32 characters. */
export function newJobCode(): string {
  let code = 'BJ-';
  for (let index = 0; index < 6; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A profile billed by a job, and whether its invoice waits for a person's review (review-job.ts). */
type ProfileForJob = { id: string; qboDisplayName: string; reviewHeld?: boolean };

/**
 * Creates a job with one PENDING customer row per profile (each with its DocNumber), in one
 * transaction, retrying on the rare job-code collision.
 */
async function insertJob(
  db: Database,
  data: {
    type: 'MANUAL' | 'DRY_RUN' | 'MONTHLY';
    queueNames: string[];
    start: string;
    end: string;
    profileId?: string | null;
    createdById?: string | null;
    /** The job's "today" (its late-usage window counts back from it); tests pass a simulated one. */
    createdAt: Date;
  },
  profiles: ProfileForJob[],
  tx?: Prisma.TransactionClient,
): Promise<JobRow> {
  const sorted = [...profiles].sort(
    (a, b) => a.qboDisplayName.localeCompare(b.qboDisplayName) || a.id.localeCompare(b.id),
  );
  for (let attempt = 0; ; attempt += 1) {
    const code = newJobCode();
    try {
      const create = async (client: Prisma.TransactionClient) => {
        const job = await client.billingJob.create({
          data: {
            jobId: code,
            type: data.type,
            queueName: data.queueNames,
            startDate: dateFromCalendar(data.start),
            endDate: dateFromCalendar(data.end),
            profileId: data.profileId ?? null,
            createdById: data.createdById ?? null,
            createdAt: data.createdAt,
            totalClients: sorted.length,
            holdForReview: sorted.some((profile) => profile.reviewHeld === true),
          },
        });
        if (sorted.length) {
          await client.billingJobCustomer.createMany({
            data: sorted.map((profile, index) => ({
              billingJobId: job.id,
              profileId: profile.id,
              customerName: profile.qboDisplayName,
              periodStart: dateFromCalendar(data.start),
              periodEnd: dateFromCalendar(data.end),
              docNumber: data.type === 'DRY_RUN' ? null : docNumberFor(code, index + 1),
              reviewHeld: data.type !== 'DRY_RUN' && profile.reviewHeld === true,
            })),
          });
        }
        return job;
      };
      return tx ? await create(tx) : await db.$transaction(create);
    } catch (error) {
      if (attempt < 5 && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' && !tx)
        continue;
      throw error;
    }
  }
}

/**
 * Why a manual run over start..end cannot be billed, or null: the range must end before today in
 * the company timezone (days that have not ended hold calls still to come) and span at most 366 days.
 */
export function manualRangeProblem(
  start: string,
  end: string,
  today: string,
  timeZone: string,
): { msg: string; path: string } | null {
  if (compareDates(end, today) >= 0)
    return { msg: `The billing period must end before today (${timeZone})`, path: 'billingPeriodEnd' };
  if (daysInRange(start, end) > MAX_MANUAL_RUN_DAYS)
    return { msg: `The billing period can span at most ${MAX_MANUAL_RUN_DAYS} days`, path: 'billingPeriodStart' };
  return null;
}

/**
 * A manual run (or dry run): every active profile holding one of the selected queues, for the
 * calls of the range not billed yet (split along its periods) and its late calls. Refused with a
 * 409 while the kill switch is on and a 400 for a range that has not ended or is too long.
 * Audited as `actor`'s (who also becomes the job's creator).
 */
export async function startManualJob(
  services: AppServices,
  input: {
    billingPeriodStart: string;
    billingPeriodEnd: string;
    isDryRun: boolean;
    selectedQueues: string[];
    holdForReview?: boolean;
  },
  actor: AuditActor | null,
  now = new Date(),
): Promise<JobRow> {
  const { db } = services;
  const settings = await getOrganizationSettings(db);
  const problem = manualRangeProblem(
    input.billingPeriodStart,
    input.billingPeriodEnd,
    calendarDateInZone(now, settings.timezone),
    settings.timezone,
  );
  if (problem) throw new AppError('BAD_REQUEST', problem.msg, [problem]);
  await assertKillSwitchOff(db);
  const queueNames = [...new Set(input.selectedQueues.map((name) => name.trim()).filter(Boolean))];
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, archivedAt: null, genesysQueueNames: { hasSome: queueNames } },
    select: { id: true, qboDisplayName: true, reviewBeforeSending: true },
  });
  const job = await insertJob(
    db,
    {
      type: input.isDryRun ? 'DRY_RUN' : 'MANUAL',
      queueNames,
      start: input.billingPeriodStart,
      end: input.billingPeriodEnd,
      createdById: actor?.id ?? null,
      createdAt: now,
    },
    profiles.map((profile) => ({
      ...profile,
      reviewHeld: input.holdForReview ?? isReviewedBeforeSending(settings, profile),
    })),
  );
  await queueJobAsActor(services, job, {
    actor,
    action: 'billing.run',
    details: {
      type: job.type,
      start: input.billingPeriodStart,
      end: input.billingPeriodEnd,
      queues: job.queueName,
      customers: job.totalClients,
      holdForReview: job.holdForReview,
    },
  });
  return job;
}

export async function queueJob(services: AppServices, billingJobId: string): Promise<void> {
  await sendToQueue(services.jobs, RUN_JOB, { billingJobId });
}

/** Queues a job a person set going (a run, a retry, an approval) and audits it as theirs, naming the job. */
export async function queueJobAsActor(
  services: AppServices,
  job: { id: string; jobId: string },
  audit: Omit<AuditEntry, 'target'>,
): Promise<void> {
  await queueJob(services, job.id);
  await recordAudit(services.db, { ...audit, target: job.jobId });
}

/** A MONTHLY job for one profile's days (scheduled billing), created at `now`. Runs inside the caller's transaction. */
export async function createMonthlyJob(
  db: Database,
  profile: { id: string; qboDisplayName: string; genesysQueueNames: string[]; reviewBeforeSending?: boolean },
  range: { start: string; end: string },
  tx: Prisma.TransactionClient,
  now = new Date(),
): Promise<JobRow> {
  const data = {
    type: 'MONTHLY' as const,
    queueNames: profile.genesysQueueNames,
    start: range.start,
    end: range.end,
    profileId: profile.id,
    createdAt: now,
  };
  const settings = await tx.organizationSettings.findUnique({
    where: { id: 1 },
    select: { reviewInvoicesBeforeSending: true },
  });
  const reviewHeld = isReviewedBeforeSending(
    { reviewInvoicesBeforeSending: settings?.reviewInvoicesBeforeSending ?? false },
    profile,
  );
  return insertJob(db, data, [{ ...profile, reviewHeld }], tx);
}

/** Retry (FAILED only): the same job again for its customers without an invoice. Audited as `actor`'s. */
export async function retryJob(services: AppServices, idOrCode: string, actor: AuditActor | null): Promise<JobRow> {
  const { db } = services;
  const job = await findJob(db, idOrCode);
  if (job.status !== 'FAILED')
    throw new AppError('CONFLICT', `Only failed jobs can be retried; ${job.jobId} is ${job.status}`);
  await assertKillSwitchOff(db);
  const updated = await db.$transaction(async (tx) => {
    const claimed = await tx.billingJob.updateMany({
      where: { id: job.id, status: 'FAILED' },
      data: { status: 'PENDING', error: null, completedAt: null, cancelRequestedAt: null, heartbeatAt: null },
    });
    if (claimed.count === 0)
      throw new AppError('CONFLICT', `Only failed jobs can be retried; ${job.jobId} changed meanwhile`);
    await tx.billingJobCustomer.updateMany({
      where: { billingJobId: job.id, status: 'FAILED' },
      data: { status: 'PENDING', error: null },
    });
    return tx.billingJob.findUniqueOrThrow({ where: { id: job.id } });
  });
  await queueJobAsActor(services, job, { actor, action: 'billing.retry' });
  return updated;
}

/**
 * Cancel (PENDING, IN_PROGRESS or AWAITING_REVIEW): a running job stops before its next invoice; what
 * it reserved and never sent (every invoice still under review) is let go at once, for the next run.
 * Audited as `actor`'s.
 */
export async function cancelJob(db: Database, idOrCode: string, actor: AuditActor | null): Promise<JobRow> {
  const job = await findJob(db, idOrCode);
  const now = new Date();
  const result = await db.billingJob.updateMany({
    where: { id: job.id, status: { in: ['PENDING', 'IN_PROGRESS', 'AWAITING_REVIEW'] } },
    data: { status: 'CANCELLED', cancelRequestedAt: now, completedAt: now },
  });
  if (result.count === 0)
    throw new AppError(
      'CONFLICT',
      `Only pending, running or waiting jobs can be cancelled; ${job.jobId} is ${job.status}`,
    );
  await dropUnsentReservations(db, job.id);
  await recordAudit(db, { actor, action: 'billing.cancel', target: job.jobId });
  return db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
}
