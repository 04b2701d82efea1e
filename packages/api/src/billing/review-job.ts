/**
 * Review before sending (DESIGN.md §4 "The invoice's life"): a real run whose customers are held
 * rates and reserves, then waits as AWAITING_REVIEW. A person with billing:run approves customers
 * (the job goes back to a worker, which sends them through the usual path: kill switch and Cancel
 * checked before each send) or rejects them with a reason (their reservations are dropped through
 * the ledger's drop path: nothing billed, the next run bills those calls again).
 *
 * Each decision is taken under a row lock on the job, so two people deciding at once are served
 * one after the other: an invoice is approved (so sent) once, and a reject racing an approve of the
 * same customer finds it decided and gets a 409 naming who decided.
 */
import { Prisma, type Database } from '@phone-billing/db';
import type { AppServices } from '../services';
import { recordAudit, type AuditActor } from '../auth/audit';
import { AppError } from '../errors';
import { refreshJobCounts } from './claim-job';
import { findJob, type JobRow } from './job-views';
import { assertKillSwitchOff } from './kill-switch';
import { dropReservations } from './ledger-drops';
import { describeCustomersForReview } from './review-flags';
import { AWAITING_DECISION } from './review-rules';
import { queueJob, queueJobAsActor } from './start-job';

type Tx = Prisma.TransactionClient;
type CustomerRow = Prisma.BillingJobCustomerGetPayload<object>;

/**
 * Called by the job's owner once everything it may send is sent: when some customers still wait
 * for a decision, the job waits as AWAITING_REVIEW (and lets go of its owner). Returns whether it does.
 */
export async function holdJobForReview(db: Database, billingJobId: string, ownerToken: string): Promise<boolean> {
  const waiting = await db.billingJobCustomer.count({ where: { billingJobId, ...AWAITING_DECISION } });
  if (waiting === 0) return false;
  await describeCustomersForReview(db, billingJobId);
  await refreshJobCounts(db, billingJobId);
  // The bell and the dashboard read waiting jobs as they are (review-waits.ts): nothing to record here.
  await db.$executeRaw`
    UPDATE billing_jobs SET status = 'AWAITING_REVIEW', "ownerToken" = NULL, "heartbeatAt" = NULL,
      "awaitingReviewSince" = COALESCE("awaitingReviewSince", now() AT TIME ZONE 'UTC')
    WHERE id = ${billingJobId}::uuid AND status = 'IN_PROGRESS' AND "ownerToken" = ${ownerToken}::uuid`;
  return true;
}

/**
 * Customers rated again (their reservation was dropped: the kill switch, a failure, then Retry) are
 * reviewed again: an approval was of the invoice a person saw, and what they are shown is taken anew.
 */
export async function forgetReviewOfRerated(db: Database, customerIds: string[]): Promise<void> {
  if (customerIds.length === 0) return;
  await db.billingJobCustomer.updateMany({
    where: { id: { in: customerIds }, reviewHeld: true },
    data: {
      reviewDecision: null,
      reviewedBy: null,
      reviewedAt: null,
      reviewFlags: Prisma.DbNull,
      previousPeriod: Prisma.DbNull,
    },
  });
}

/** Locks the job row (decisions on one job are taken one at a time) and reads it again. */
async function lockJob(tx: Tx, id: string): Promise<JobRow> {
  await tx.$queryRaw`SELECT id FROM billing_jobs WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.billingJob.findUniqueOrThrow({ where: { id } });
}

function notWaiting(job: JobRow): AppError {
  return new AppError('CONFLICT', `Billing job ${job.jobId} is not waiting for review; it is ${job.status}`);
}

function decidedBy(customer: CustomerRow): string {
  const verb = customer.reviewDecision === 'REJECTED' ? 'rejected' : 'approved';
  return `${customer.customerName} was already ${verb} by ${customer.reviewedBy ?? 'someone'} at ${customer.reviewedAt?.toISOString() ?? 'an earlier time'}`;
}

/**
 * The customers a decision covers: `profileIds` (each must be a customer of the job: 400 naming the
 * others), or, when left out, every customer waiting for a decision. A customer decided already is
 * a 409 naming who decided; so is a job that no longer waits.
 */
function chooseCustomers(job: JobRow, customers: CustomerRow[], profileIds: string[] | undefined): CustomerRow[] {
  if (profileIds) {
    const byProfile = new Map(customers.map((customer) => [customer.profileId, customer]));
    const unknown = [...new Set(profileIds)].filter((id) => !byProfile.has(id));
    if (unknown.length)
      throw new AppError('BAD_REQUEST', `Not customers of billing job ${job.jobId}: ${unknown.join(', ')}`);
    const chosen = [...new Set(profileIds)].map((id) => byProfile.get(id)!);
    const decided = chosen.filter((customer) => customer.reviewDecision);
    if (decided.length) throw new AppError('CONFLICT', decided.map(decidedBy).join('; '));
    if (job.status !== 'AWAITING_REVIEW') throw notWaiting(job);
    const other = chosen.filter((customer) => !isAwaitingDecision(customer));
    if (other.length)
      throw new AppError(
        'CONFLICT',
        `No invoice waits for review for ${other.map((customer) => customer.customerName).join(', ')}`,
      );
    return chosen;
  }
  const waiting = customers.filter(isAwaitingDecision);
  if (job.status !== 'AWAITING_REVIEW' || waiting.length === 0) {
    const decided = customers.filter((customer) => customer.reviewDecision);
    if (
      job.status !== 'AWAITING_REVIEW' &&
      decided.length &&
      decided.length === customers.filter((customer) => customer.reviewHeld).length
    ) {
      throw new AppError(
        'CONFLICT',
        `Every invoice of billing job ${job.jobId} was already decided: ${decided.map(decidedBy).join('; ')}`,
      );
    }
    throw notWaiting(job);
  }
  return waiting;
}

function isAwaitingDecision(customer: CustomerRow): boolean {
  return (
    customer.reviewHeld &&
    customer.reviewDecision === null &&
    customer.status === 'PENDING' &&
    customer.ledgerId !== null
  );
}

/** After a decision: a worker sends what was approved, or finishes the job once nobody waits. */
async function handBackIfDecided(tx: Tx, job: JobRow, approvedNow: boolean): Promise<boolean> {
  const stillWaiting = await tx.billingJobCustomer.count({ where: { billingJobId: job.id, ...AWAITING_DECISION } });
  if (!approvedNow && stillWaiting > 0) return false;
  await tx.billingJob.update({
    where: { id: job.id },
    data: { status: 'PENDING', ownerToken: null, heartbeatAt: null },
  });
  return true;
}

/**
 * Approves the customers' invoices (all waiting ones when `profileIds` is left out): the job goes
 * back to a worker, which sends them. Refused while the kill switch is on. Audited as `actor`'s.
 */
export async function approveJob(
  services: AppServices,
  idOrCode: string,
  profileIds: string[] | undefined,
  actor: AuditActor | null,
): Promise<JobRow> {
  const { db } = services;
  const found = await findJob(db, idOrCode);
  const { job, chosen } = await db.$transaction(async (tx) => {
    const locked = await lockJob(tx, found.id);
    const customers = await tx.billingJobCustomer.findMany({
      where: { billingJobId: locked.id },
      orderBy: [{ customerName: 'asc' }, { id: 'asc' }],
    });
    const picked = chooseCustomers(locked, customers, profileIds);
    await assertKillSwitchOff(tx);
    await tx.billingJobCustomer.updateMany({
      where: { id: { in: picked.map((customer) => customer.id) }, reviewDecision: null },
      data: { reviewDecision: 'APPROVED', reviewedBy: actor?.email ?? 'system', reviewedAt: new Date() },
    });
    await handBackIfDecided(tx, locked, true);
    return { job: locked, chosen: picked };
  });
  await queueJobAsActor(services, job, {
    actor,
    action: 'billing.review.approve',
    details: {
      customers: chosen.map((customer) => ({
        profileId: customer.profileId,
        name: customer.customerName,
        amount: customer.amount.toFixed(2),
      })),
    },
  });
  return db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
}

/**
 * Rejects the customers' invoices with `reason`: their reservations are dropped (nothing billed;
 * the next run bills those calls again) and the reason is kept on their row. Audited as `actor`'s.
 */
export async function rejectJob(
  services: AppServices,
  idOrCode: string,
  profileIds: string[],
  reason: string,
  actor: AuditActor | null,
): Promise<JobRow> {
  const { db } = services;
  const found = await findJob(db, idOrCode);
  const who = actor?.email ?? 'system';
  const { job, chosen, handedBack } = await db.$transaction(async (tx) => {
    const locked = await lockJob(tx, found.id);
    const customers = await tx.billingJobCustomer.findMany({
      where: { billingJobId: locked.id },
      orderBy: [{ customerName: 'asc' }, { id: 'asc' }],
    });
    const picked = chooseCustomers(locked, customers, profileIds);
    await tx.billingJobCustomer.updateMany({
      where: { id: { in: picked.map((customer) => customer.id) }, reviewDecision: null },
      data: {
        reviewDecision: 'REJECTED',
        reviewedBy: who,
        reviewedAt: new Date(),
        reviewReason: reason,
        status: 'SKIPPED',
        skipReason: `Rejected in review by ${who}: ${reason}`.slice(0, 2000),
      },
    });
    return { job: locked, chosen: picked, handedBack: await handBackIfDecided(tx, locked, false) };
  });
  // Never sent (held before any request), so they go like a cancelled job's reservations.
  const ledgerIds = chosen
    .flatMap((customer) => [customer.ledgerId, customer.creditLedgerId])
    .filter((id): id is string => Boolean(id));
  if (ledgerIds.length)
    await dropReservations(db, Prisma.sql`l.id = ANY(${ledgerIds}::uuid[]) AND l."firstSentAt" IS NULL`);
  await refreshJobCounts(db, job.id);
  if (handedBack) await queueJob(services, job.id);
  await recordAudit(db, {
    actor,
    action: 'billing.review.reject',
    target: job.jobId,
    details: {
      reason,
      customers: chosen.map((customer) => ({
        profileId: customer.profileId,
        name: customer.customerName,
        amount: customer.amount.toFixed(2),
      })),
    },
  });
  return db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
}
