/**
 * Who runs a billing job: a worker claims it (PENDING, or IN_PROGRESS whose worker stopped beating),
 * beats its heart while it runs, and records how it ended. Counters are recomputed from the
 * customer rows, so a resumed job never counts twice.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import { billingJobLink, clearBillingJobFailure, notify } from '../notifications';

/**
 * Takes the job if it is PENDING, or IN_PROGRESS with a heartbeat older than `staleSeconds` by the
 * database's clock (its worker died): returns the new owner's token, or null when another worker
 * owns it or it has ended. A process whose clock runs ahead never takes a live job.
 */
export async function claimJob(db: Database, billingJobId: string, staleSeconds: number): Promise<string | null> {
  const token = randomUUID();
  const claimed = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE billing_jobs SET status = 'IN_PROGRESS', "ownerToken" = ${token}::uuid, "heartbeatAt" = (now() AT TIME ZONE 'UTC'), "startedAt" = COALESCE("startedAt", now() AT TIME ZONE 'UTC')
    WHERE id = ${billingJobId}::uuid
      AND (status = 'PENDING' OR (status = 'IN_PROGRESS' AND ("heartbeatAt" IS NULL OR "heartbeatAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${staleSeconds}::float8))))
    RETURNING id::text`;
  return claimed.length ? token : null;
}

/** Beats the job's heart (database time) while `ownerToken` owns it; false once another worker took it. */
export async function beatHeart(
  db: Pick<Database, '$executeRaw'>,
  billingJobId: string,
  ownerToken: string,
): Promise<boolean> {
  const beaten = await db.$executeRaw`
    UPDATE billing_jobs SET "heartbeatAt" = (now() AT TIME ZONE 'UTC') WHERE id = ${billingJobId}::uuid AND status = 'IN_PROGRESS' AND "ownerToken" = ${ownerToken}::uuid`;
  return beaten > 0;
}

/** Beats the job's heart every `intervalMs` until the returned function is called. */
export function startHeartbeat(
  db: Database,
  billingJobId: string,
  ownerToken: string,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    beatHeart(db, billingJobId, ownerToken).catch(onError);
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Recomputes the job's counters from its customer rows. */
export async function refreshJobCounts(db: Pick<Database, '$executeRaw'>, billingJobId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE billing_jobs j SET
      "processedClients" = s.processed,
      "successfulInvoices" = s.ok,
      "failedInvoices" = s.failed,
      "totalInvoices" = s.ok + s.failed,
      "totalAmount" = s.amount
    FROM (
      SELECT count(*) FILTER (WHERE status <> 'PENDING')::int AS processed,
             count(*) FILTER (WHERE status IN ('INVOICED', 'RATED'))::int AS ok,
             count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
             COALESCE(sum(amount) FILTER (WHERE status IN ('INVOICED', 'RATED')), 0) AS amount
      FROM billing_job_customers WHERE "billingJobId" = ${billingJobId}::uuid
    ) s
    WHERE j.id = ${billingJobId}::uuid`;
}

/**
 * Ends a running job as FAILED with `message` (and rings the bell); false when it was no longer
 * running, or (with `ownerToken`) no longer this worker's.
 */
export async function failJob(
  db: Database,
  billingJobId: string,
  message: string,
  ownerToken?: string,
): Promise<boolean> {
  const failed = await db.billingJob.updateMany({
    where: { id: billingJobId, status: 'IN_PROGRESS', ...(ownerToken ? { ownerToken } : {}) },
    data: { status: 'FAILED', error: message.slice(0, 2000), completedAt: new Date() },
  });
  await refreshJobCounts(db, billingJobId).catch(() => undefined);
  if (failed.count) await notifyJobFailed(db, billingJobId, message);
  return failed.count > 0;
}

/**
 * Ends a running job once every customer has an outcome: COMPLETED when none failed, FAILED naming
 * the first failure (or how many were left unprocessed) otherwise.
 */
export async function finishJob(db: Database, billingJobId: string, ownerToken?: string): Promise<void> {
  await refreshJobCounts(db, billingJobId);
  const counts = await db.billingJobCustomer.groupBy({
    by: ['status'],
    where: { billingJobId },
    _count: { _all: true },
  });
  const count = (status: string) => counts.find((row) => row.status === status)?._count._all ?? 0;
  const failedCount = count('FAILED');
  const leftPending = count('PENDING');
  let error: string | null = null;
  if (failedCount > 0) {
    const first = await db.billingJobCustomer.findFirst({
      where: { billingJobId, status: 'FAILED' },
      orderBy: { customerName: 'asc' },
    });
    error = `${failedCount} customer${failedCount === 1 ? '' : 's'} failed${first ? ` (${first.customerName}: ${first.error ?? 'unknown error'})` : ''}`;
  } else if (leftPending > 0) {
    error = `${leftPending} customer${leftPending === 1 ? ' was' : 's were'} not processed`;
  }
  const finished = await db.billingJob.updateMany({
    where: { id: billingJobId, status: 'IN_PROGRESS', ...(ownerToken ? { ownerToken } : {}) },
    data: { status: error ? 'FAILED' : 'COMPLETED', error: error?.slice(0, 2000) ?? null, completedAt: new Date() },
  });
  if (finished.count && error) await notifyJobFailed(db, billingJobId, error);
  if (finished.count && !error) await clearFailureOnRetry(db, billingJobId);
}

async function clearFailureOnRetry(db: Database, billingJobId: string): Promise<void> {
  const job = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { jobId: true } });
  if (job) await clearBillingJobFailure(db, job.jobId);
}

async function notifyJobFailed(db: Database, billingJobId: string, message: string): Promise<void> {
  const job = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { jobId: true } });
  const link = job ? billingJobLink(job.jobId) : '/billing-jobs';
  await notify(db, {
    kind: 'billing-failure',
    message: `Billing job ${job?.jobId ?? billingJobId} failed: ${message}`.slice(0, 500),
    link,
  });
}
