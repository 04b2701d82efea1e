/**
 * Runs (or resumes) one billing job, step by step:
 * claim-job → pull the calls it bills → rate-customers + ledger (reserve, in one transaction) →
 * send-invoices → finish, or wait as AWAITING_REVIEW while held invoices wait for a person (review-job.ts). A dry run stops after rating: same calls, same differences, same skips.
 */
import type { AppServices } from '../services';
import { calendarDateInZone, calendarFromDate } from '../domain/calendar';
import { getOrganizationSettings } from '../settings/organization-settings';
import { checkCreatedInvoices } from './check-invoices';
import { claimJob, failJob, finishJob, refreshJobCounts, startHeartbeat } from './claim-job';
import { inLeanTransaction, Prisma } from '@phone-billing/db';
import { customerResultStatements, dropUnsentReservations, rateAndReserve, type JobCustomerRef } from './ledger';
import type { RatingRequest, RatingSettings } from './rate-customers';
import { sendInvoices } from './send-invoices';
import { pullJobCalls } from './pull-job-calls';
import { forgetReviewOfRerated, holdJobForReview } from './review-job';

export type RunnerOptions = {
  /** Invoices in flight at once for this job (QuickBooks allows 10 requests at once per company). */
  concurrency?: number;
  /** A job whose heartbeat is older than this is taken over (its worker died). */
  staleSeconds?: number;
  heartbeatMs?: number;
  /** The job's clock for its Genesys pulls (what "pulled ten minutes ago" counts from); the process clock by default. */
  now?: () => Date;
};

export type RunOutcome = 'done' | 'busy' | 'missing';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export async function runBillingJob(
  services: AppServices,
  billingJobId: string,
  options: RunnerOptions = {},
): Promise<RunOutcome> {
  const { db, logger } = services;
  const staleSeconds = options.staleSeconds ?? 90;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.min(15_000, (staleSeconds * 1000) / 4));
  const exists = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { id: true } });
  if (!exists) return 'missing';
  const ownerToken = await claimJob(db, billingJobId, staleSeconds);
  if (!ownerToken) return 'busy';
  const stopHeartbeat = startHeartbeat(db, billingJobId, ownerToken, heartbeatMs, (error) =>
    logger.warn({ err: error }, 'billing heartbeat failed'),
  );
  try {
    await processJob(services, billingJobId, ownerToken, options);
  } catch (error) {
    logger.error({ err: error, billingJobId }, 'billing job failed');
    // Only the job's owner lets its reservations go: another worker may have taken it over.
    if (await isOwner(db, billingJobId, ownerToken))
      await dropUnsentReservations(db, billingJobId).catch(() => undefined);
    await failJob(db, billingJobId, `The job could not proceed: ${messageOf(error)}`, ownerToken);
  } finally {
    stopHeartbeat();
  }
  return 'done';
}

async function isOwner(db: AppServices['db'], billingJobId: string, ownerToken: string): Promise<boolean> {
  return (await db.billingJob.count({ where: { id: billingJobId, ownerToken } })) > 0;
}

async function processJob(
  services: AppServices,
  billingJobId: string,
  ownerToken: string,
  options: RunnerOptions,
): Promise<void> {
  const { db } = services;
  const [row, settings] = await Promise.all([
    db.billingJob.findUniqueOrThrow({ where: { id: billingJobId } }),
    getOrganizationSettings(db),
  ]);
  const job = { ...row, ownerToken };
  const isDryRun = job.type === 'DRY_RUN';
  const t0 = performance.now();
  const mark = (step: string) =>
    services.logger.debug({ billingJobId, step, ms: Math.round(performance.now() - t0) }, 'billing job step');

  const toRate = await db.billingJobCustomer.findMany({
    where: { billingJobId, status: 'PENDING', ledgerId: null },
    orderBy: [{ customerName: 'asc' }, { id: 'asc' }],
    select: { id: true, profileId: true, docNumber: true, reservations: true, customerName: true },
  });
  if (toRate.length > 0) {
    const ratingSettings: RatingSettings = {
      timeZone: settings.timezone,
      incrementSeconds: settings.billingIncrementSeconds,
      lateUsageWindowDays: settings.lateUsageWindowDays,
    };
    const request: RatingRequest = {
      jobType: job.type,
      start: calendarFromDate(job.startDate),
      end: calendarFromDate(job.endDate),
      referenceDay: calendarDateInZone(job.createdAt, settings.timezone),
      customers: toRate.map((customer) => ({ customerId: customer.id, profileId: customer.profileId })),
    };
    if (!isDryRun)
      await forgetReviewOfRerated(
        db,
        toRate.map((customer) => customer.id),
      );
    await pullJobCalls(services, request, ratingSettings, options.now);
    mark('pulled');
    if (!isDryRun) {
      // Invoices of these customers voided or deleted in QuickBooks are flagged (never released by themselves).
      const profileIds = [
        ...new Set(toRate.map((customer) => customer.profileId).filter((id): id is string => Boolean(id))),
      ];
      await checkCreatedInvoices(services, { profileIds }).catch((error: unknown) =>
        services.logger.warn({ err: error, billingJobId }, 'could not check invoices in QuickBooks'),
      );
    }
    const customers: JobCustomerRef[] = toRate.map((customer) => ({
      customerId: customer.id,
      profileId: customer.profileId,
      docNumber: customer.docNumber,
      reservations: customer.reservations,
      customerName: customer.customerName,
    }));
    const ratings = await rateAndReserve(db, { job, customers, request, settings: ratingSettings, persist: !isDryRun });
    mark('rated');
    // A dry run's counts are taken once, as it finishes; a real run's show progress while it sends.
    // A dry run cancelled while it rated keeps no results: it stopped before covering anyone, and
    // Job Details says so rather than showing a full preview under "Cancelled" (issue 24). The job's
    // row is locked so a cancel lands either before the results (none kept) or after (refused).
    // The results (about a megabyte of JSON for 1,000 customers) go through node-postgres, where the
    // Prisma client would spend as long on the parameter as PostgreSQL on the statement.
    if (isDryRun) {
      await inLeanTransaction(db, async (run) => {
        const { rows } = await run<{ status: string }>(
          Prisma.sql`SELECT status::text AS status FROM billing_jobs WHERE id = ${billingJobId}::uuid FOR UPDATE`,
        );
        if (rows[0]?.status === 'IN_PROGRESS')
          for (const statement of customerResultStatements(ratings, { isDryRun: true })) await run(statement);
      });
    } else await refreshJobCounts(db, billingJobId);
  }

  if (!isDryRun) {
    const stop = await sendInvoices(services, job, options.concurrency ?? 10);
    mark('sent');
    if (stop) {
      // What was reserved and not sent goes back: the next run (or Retry) bills those calls. A worker
      // that lost the job to another leaves them to it.
      if (stop.reason !== 'lost') await dropUnsentReservations(db, billingJobId);
      await refreshJobCounts(db, billingJobId);
      if (stop.reason === 'kill-switch') {
        await failJob(
          db,
          billingJobId,
          `Stopped by the kill switch before the next invoice${stop.detail ? ` (${stop.detail})` : ''}; retry when billing is resumed`,
          ownerToken,
        );
      }
      return;
    }
    // Invoices held for review wait for a person (review-job.ts); the rest is sent above.
    if (await holdJobForReview(db, billingJobId, ownerToken)) return;
  }
  await finishJob(db, billingJobId, ownerToken);
  mark('finished');
}
