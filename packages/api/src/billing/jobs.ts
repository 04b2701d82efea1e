import { randomInt } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import { Prisma } from '@phone-billing/db';
import type { AppServices } from '../services';
import { AppError } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { BillingJobCustomerView, BillingJobDetailView, BillingJobView, BillingQueueView } from '../shared/billing';
import { docNumberFor } from './invoice';

/** pg-boss queues of this area. */
export const RUN_JOB_QUEUE = 'billing.run-job';
export const SCHEDULED_RUN_QUEUE = 'billing.scheduled-run';

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short code people can read out: "BJ-" and 6 Crockford base32 characters. */
export function newJobCode(): string {
  let code = 'BJ-';
  for (let index = 0; index < 6; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const dateFromCalendar = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
export const calendarFromDate = (date: Date): string => date.toISOString().slice(0, 10);

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

type JobRow = Prisma.BillingJobGetPayload<object>;
type CustomerRow = Prisma.BillingJobCustomerGetPayload<object>;

export function jobView(job: JobRow): BillingJobView {
  return {
    id: job.id,
    jobId: job.jobId,
    status: job.status,
    type: job.type,
    queueName: job.queueName,
    startDate: calendarFromDate(job.startDate),
    endDate: calendarFromDate(job.endDate),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
    totalClients: job.totalClients,
    processedClients: job.processedClients,
    totalInvoices: job.totalInvoices,
    successfulInvoices: job.successfulInvoices,
    failedInvoices: job.failedInvoices,
    totalAmount: Number(job.totalAmount),
    error: job.error,
  };
}

function customerView(row: CustomerRow): BillingJobCustomerView {
  return {
    id: row.id,
    profileId: row.profileId,
    customerName: row.customerName,
    status: row.status,
    periodStart: row.periodStart ? calendarFromDate(row.periodStart) : null,
    periodEnd: row.periodEnd ? calendarFromDate(row.periodEnd) : null,
    calls: row.calls,
    billedMinutes: row.billedMinutes.toFixed(4),
    amount: Number(row.amount),
    lines: Array.isArray(row.lines) ? (row.lines as BillingJobCustomerView['lines']) : [],
    queueUsage: Array.isArray(row.queueUsage) ? (row.queueUsage as BillingJobCustomerView['queueUsage']) : [],
    qboInvoiceId: row.qboInvoiceId,
    docNumber: row.docNumber,
    skipReason: row.skipReason,
    error: row.error,
  };
}

async function assertKillSwitchOff(db: Database): Promise<void> {
  const settings = await getOrganizationSettings(db);
  if (settings.killSwitchEnabled) {
    const reason = settings.killSwitchReason ? `: ${settings.killSwitchReason}` : '';
    throw new AppError('CONFLICT', `Billing is paused by the kill switch${reason}`);
  }
}

type ProfileForJob = { id: string; qboDisplayName: string };

/**
 * Creates a job with one PENDING customer row per profile (each with its DocNumber), in one
 * transaction, retrying on the rare job-code collision.
 */
async function insertJob(
  db: Database,
  data: { type: 'MANUAL' | 'DRY_RUN' | 'MONTHLY'; queueNames: string[]; start: string; end: string; profileId?: string | null; createdById?: string | null },
  profiles: ProfileForJob[],
  tx?: Prisma.TransactionClient,
): Promise<JobRow> {
  const sorted = [...profiles].sort((a, b) => a.qboDisplayName.localeCompare(b.qboDisplayName) || a.id.localeCompare(b.id));
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
            totalClients: sorted.length,
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
            })),
          });
        }
        return job;
      };
      return tx ? await create(tx) : await db.$transaction(create);
    } catch (error) {
      if (attempt < 5 && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' && !tx) continue;
      throw error;
    }
  }
}

/**
 * A manual run (or dry run): every active profile holding one of the selected queues, for all its
 * usage in the period. Refused with a 409 while the kill switch is on. Queues the job in pg-boss.
 */
export async function startManualJob(
  services: AppServices,
  input: { billingPeriodStart: string; billingPeriodEnd: string; isDryRun: boolean; selectedQueues: string[] },
  createdById: string | null,
): Promise<JobRow> {
  const { db } = services;
  await assertKillSwitchOff(db);
  const queueNames = [...new Set(input.selectedQueues.map((name) => name.trim()).filter(Boolean))];
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, genesysQueueNames: { hasSome: queueNames } },
    select: { id: true, qboDisplayName: true },
  });
  const job = await insertJob(
    db,
    { type: input.isDryRun ? 'DRY_RUN' : 'MANUAL', queueNames, start: input.billingPeriodStart, end: input.billingPeriodEnd, createdById },
    profiles,
  );
  await queueJob(services, job.id);
  return job;
}

export async function queueJob(services: AppServices, billingJobId: string): Promise<void> {
  if (!services.jobs) throw new AppError('INTERNAL', 'The job queue is not running');
  await services.jobs.send(RUN_JOB_QUEUE, { billingJobId });
}

/** A MONTHLY job for one profile's period (scheduled billing). Runs inside the caller's transaction. */
export async function createMonthlyJob(
  db: Database,
  profile: { id: string; qboDisplayName: string; genesysQueueNames: string[] },
  period: { start: string; end: string },
  tx: Prisma.TransactionClient,
): Promise<JobRow> {
  return insertJob(db, { type: 'MONTHLY', queueNames: profile.genesysQueueNames, start: period.start, end: period.end, profileId: profile.id }, [profile], tx);
}

export async function listJobs(db: Database, filter: { status?: string; search?: string; limit?: number } = {}): Promise<BillingJobView[]> {
  const jobs = await db.billingJob.findMany({
    where: {
      ...(filter.status ? { status: filter.status as JobRow['status'] } : {}),
      ...(filter.search ? { jobId: { contains: filter.search.trim(), mode: 'insensitive' as const } } : {}),
    },
    orderBy: { createdAt: 'desc' },
    take: Math.min(Math.max(filter.limit ?? 200, 1), 500),
  });
  return jobs.map(jobView);
}

async function findJob(db: Database, idOrCode: string): Promise<JobRow> {
  const job = isUuid(idOrCode)
    ? await db.billingJob.findUnique({ where: { id: idOrCode } })
    : await db.billingJob.findUnique({ where: { jobId: idOrCode.toUpperCase() } });
  if (!job) throw new AppError('NOT_FOUND', 'Billing job not found');
  return job;
}

export async function getJobDetail(db: Database, idOrCode: string): Promise<BillingJobDetailView> {
  const job = await findJob(db, idOrCode);
  const customers = await db.billingJobCustomer.findMany({ where: { billingJobId: job.id }, orderBy: [{ customerName: 'asc' }, { id: 'asc' }] });
  return { ...jobView(job), customers: customers.map(customerView) };
}

/** Retry (FAILED only): the same job again for its customers without an invoice. */
export async function retryJob(services: AppServices, idOrCode: string): Promise<JobRow> {
  const { db } = services;
  const job = await findJob(db, idOrCode);
  if (job.status !== 'FAILED') throw new AppError('CONFLICT', `Only failed jobs can be retried; ${job.jobId} is ${job.status}`);
  await assertKillSwitchOff(db);
  const updated = await db.$transaction(async (tx) => {
    const claimed = await tx.billingJob.updateMany({
      where: { id: job.id, status: 'FAILED' },
      data: { status: 'PENDING', error: null, completedAt: null, cancelRequestedAt: null, heartbeatAt: null },
    });
    if (claimed.count === 0) throw new AppError('CONFLICT', `Only failed jobs can be retried; ${job.jobId} changed meanwhile`);
    await tx.billingJobCustomer.updateMany({ where: { billingJobId: job.id, status: 'FAILED' }, data: { status: 'PENDING', error: null } });
    return tx.billingJob.findUniqueOrThrow({ where: { id: job.id } });
  });
  await queueJob(services, job.id);
  return updated;
}

/** Cancel (PENDING or IN_PROGRESS only): a running job stops before its next invoice. */
export async function cancelJob(db: Database, idOrCode: string): Promise<JobRow> {
  const job = await findJob(db, idOrCode);
  const now = new Date();
  const result = await db.billingJob.updateMany({
    where: { id: job.id, status: { in: ['PENDING', 'IN_PROGRESS'] } },
    data: { status: 'CANCELLED', cancelRequestedAt: now, completedAt: now },
  });
  if (result.count === 0) throw new AppError('CONFLICT', `Only pending or running jobs can be cancelled; ${job.jobId} is ${job.status}`);
  return db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
}

/** Queue names held by active profiles, each with those profiles (GET /billing/queues). */
export async function listBillingQueues(db: Database): Promise<BillingQueueView[]> {
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true },
    select: { id: true, qboDisplayName: true, qboCompanyName: true, ratePerMinute: true, minimumMinutes: true, genesysQueueNames: true },
    orderBy: { qboDisplayName: 'asc' },
  });
  const byQueue = new Map<string, BillingQueueView>();
  for (const profile of profiles) {
    for (const name of profile.genesysQueueNames) {
      const queue = byQueue.get(name) ?? { name, customers: [] };
      queue.customers.push({
        customerId: profile.id,
        qboDisplayName: profile.qboDisplayName,
        qboCompanyName: profile.qboCompanyName,
        ratePerMinute: profile.ratePerMinute.toFixed(4),
        minimumMinutes: profile.minimumMinutes,
      });
      byQueue.set(name, queue);
    }
  }
  return [...byQueue.values()].sort((a, b) => a.name.localeCompare(b.name));
}
