/**
 * Who runs a billing job: a worker claims it (PENDING, or IN_PROGRESS whose worker stopped beating),
 * beats its heart while it runs, and records how it ended. Counters are recomputed from the
 * customer rows, so a resumed job never counts twice.
 */
import type { Database } from '@phone-billing/db';
import { notify } from '../notifications';

/**
 * Takes the job if it is PENDING, or IN_PROGRESS with a heartbeat older than `staleSeconds` (its
 * worker died); false when another worker runs it or it has ended.
 */
export async function claimJob(db: Database, billingJobId: string, staleSeconds: number): Promise<boolean> {
  const staleBefore = new Date(Date.now() - staleSeconds * 1000);
  const now = new Date();
  const claimed = await db.billingJob.updateMany({
    where: {
      id: billingJobId,
      OR: [{ status: 'PENDING' }, { status: 'IN_PROGRESS', OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] }],
    },
    data: { status: 'IN_PROGRESS', heartbeatAt: now },
  });
  if (claimed.count === 0) return false;
  await db.billingJob.updateMany({ where: { id: billingJobId, startedAt: null }, data: { startedAt: now } });
  return true;
}

/** Beats the job's heart every `intervalMs` until the returned function is called. */
export function startHeartbeat(db: Database, billingJobId: string, intervalMs: number, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    db.billingJob.updateMany({ where: { id: billingJobId, status: 'IN_PROGRESS' }, data: { heartbeatAt: new Date() } }).catch(onError);
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Recomputes the job's counters from its customer rows (and beats the heart). */
export async function refreshJobCounts(db: Pick<Database, '$executeRaw'>, billingJobId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE billing_jobs j SET
      "processedClients" = s.processed,
      "successfulInvoices" = s.ok,
      "failedInvoices" = s.failed,
      "totalInvoices" = s.ok + s.failed,
      "totalAmount" = s.amount,
      "heartbeatAt" = CASE WHEN j.status = 'IN_PROGRESS' THEN now() ELSE j."heartbeatAt" END
    FROM (
      SELECT count(*) FILTER (WHERE status <> 'PENDING')::int AS processed,
             count(*) FILTER (WHERE status IN ('INVOICED', 'RATED'))::int AS ok,
             count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
             COALESCE(sum(amount) FILTER (WHERE status IN ('INVOICED', 'RATED')), 0) AS amount
      FROM billing_job_customers WHERE "billingJobId" = ${billingJobId}::uuid
    ) s
    WHERE j.id = ${billingJobId}::uuid`;
}

/** Ends a running job as FAILED with `message` (and rings the bell); false when it was no longer running. */
export async function failJob(db: Database, billingJobId: string, message: string): Promise<boolean> {
  const failed = await db.billingJob.updateMany({
    where: { id: billingJobId, status: 'IN_PROGRESS' },
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
export async function finishJob(db: Database, billingJobId: string): Promise<void> {
  await refreshJobCounts(db, billingJobId);
  const counts = await db.billingJobCustomer.groupBy({ by: ['status'], where: { billingJobId }, _count: { _all: true } });
  const count = (status: string) => counts.find((row) => row.status === status)?._count._all ?? 0;
  const failedCount = count('FAILED');
  const leftPending = count('PENDING');
  let error: string | null = null;
  if (failedCount > 0) {
    const first = await db.billingJobCustomer.findFirst({ where: { billingJobId, status: 'FAILED' }, orderBy: { customerName: 'asc' } });
    error = `${failedCount} customer${failedCount === 1 ? '' : 's'} failed${first ? ` (${first.customerName}: ${first.error ?? 'unknown error'})` : ''}`;
  } else if (leftPending > 0) {
    error = `${leftPending} customer${leftPending === 1 ? ' was' : 's were'} not processed`;
  }
  const finished = await db.billingJob.updateMany({
    where: { id: billingJobId, status: 'IN_PROGRESS' },
    data: { status: error ? 'FAILED' : 'COMPLETED', error: error?.slice(0, 2000) ?? null, completedAt: new Date() },
  });
  if (finished.count && error) await notifyJobFailed(db, billingJobId, error);
}

async function notifyJobFailed(db: Database, billingJobId: string, message: string): Promise<void> {
  const job = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { jobId: true } });
  await notify(db, { kind: 'billing-failure', message: `Billing job ${job?.jobId ?? billingJobId} failed: ${message}`.slice(0, 500), link: '/billing-jobs' });
}
