/**
 * Runs (or resumes) one billing job, step by step:
 * claim-job → pull the calls it bills → rate-customers + ledger (reserve, in one transaction) →
 * send-invoices → finish. A dry run stops after rating: same calls, same differences, same skips.
 */
import type { AppServices } from '../services';
import { addDays, calendarDateInZone, calendarFromDate, compareDates } from '../domain/calendar';
import { getOrganizationSettings } from '../settings/organization-settings';
import { checkCreatedInvoices } from './check-invoices';
import { claimJob, failJob, finishJob, refreshJobCounts, startHeartbeat } from './claim-job';
import { dropUnsentReservations, rateAndReserve, writeCustomerResults, type JobCustomerRef } from './ledger';
import type { RatingRequest, RatingSettings } from './rate-customers';
import { sendInvoices } from './send-invoices';

export type RunnerOptions = {
  /** Invoices in flight at once for this job (QuickBooks allows 10 requests at once per company). */
  concurrency?: number;
  /** A job whose heartbeat is older than this is taken over (its worker died). */
  staleSeconds?: number;
  heartbeatMs?: number;
};

export type RunOutcome = 'done' | 'busy' | 'missing';

/** Days already pulled less than this long ago are not pulled again for late calls. */
const REFRESH_AFTER_MS = 10 * 60_000;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export async function runBillingJob(services: AppServices, billingJobId: string, options: RunnerOptions = {}): Promise<RunOutcome> {
  const { db, logger } = services;
  const staleSeconds = options.staleSeconds ?? 90;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.min(15_000, (staleSeconds * 1000) / 4));
  const exists = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { id: true } });
  if (!exists) return 'missing';
  if (!(await claimJob(db, billingJobId, staleSeconds))) return 'busy';
  const stopHeartbeat = startHeartbeat(db, billingJobId, heartbeatMs, (error) => logger.warn({ err: error }, 'billing heartbeat failed'));
  try {
    await processJob(services, billingJobId, options);
  } catch (error) {
    logger.error({ err: error, billingJobId }, 'billing job failed');
    await dropUnsentReservations(db, billingJobId).catch(() => undefined);
    await failJob(db, billingJobId, `The job could not proceed: ${messageOf(error)}`);
  } finally {
    stopHeartbeat();
  }
  return 'done';
}

async function processJob(services: AppServices, billingJobId: string, options: RunnerOptions): Promise<void> {
  const { db } = services;
  const [job, settings] = await Promise.all([db.billingJob.findUniqueOrThrow({ where: { id: billingJobId } }), getOrganizationSettings(db)]);
  const isDryRun = job.type === 'DRY_RUN';
  const t0 = performance.now();
  const mark = (step: string) => services.logger.debug({ billingJobId, step, ms: Math.round(performance.now() - t0) }, 'billing job step');

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
    await pullCalls(services, request, ratingSettings);
    mark('pulled');
    if (!isDryRun) {
      // Invoices of these customers voided or deleted in QuickBooks are flagged (never released by themselves).
      const profileIds = [...new Set(toRate.map((customer) => customer.profileId).filter((id): id is string => Boolean(id)))];
      await checkCreatedInvoices(services, { profileIds }).catch((error: unknown) => services.logger.warn({ err: error, billingJobId }, 'could not check invoices in QuickBooks'));
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
    if (isDryRun) await writeCustomerResults(db, ratings, { isDryRun: true });
    else await refreshJobCounts(db, billingJobId);
  }

  if (!isDryRun) {
    const stop = await sendInvoices(services, job, options.concurrency ?? 10);
    mark('sent');
    if (stop) {
      // What was reserved and not sent goes back: the next run (or Retry) bills those calls.
      await dropUnsentReservations(db, billingJobId);
      await refreshJobCounts(db, billingJobId);
      if (stop.reason === 'kill-switch') {
        await failJob(db, billingJobId, `Stopped by the kill switch before the next invoice${stop.detail ? ` (${stop.detail})` : ''}; retry when billing is resumed`);
      }
      return;
    }
  }
  await finishJob(db, billingJobId);
  mark('finished');
}

/**
 * Pulls from Genesys what the job bills: its days when not pulled yet, and again (at most every ten
 * minutes) the days of the job and of the late-usage window, where Genesys may have added calls.
 */
async function pullCalls(services: AppServices, request: RatingRequest, settings: RatingSettings): Promise<void> {
  const genesys = services.integrations.genesys;
  if (!genesys) return;
  await genesys.ensureCallRecords({ startDate: request.start, endDate: request.end });
  const yesterday = addDays(request.referenceDay, -1);
  const refreshPulledBefore = new Date(Date.now() - REFRESH_AFTER_MS);
  const ranges = [
    { startDate: request.start, endDate: compareDates(request.end, yesterday) < 0 ? request.end : yesterday },
    { startDate: addDays(request.referenceDay, -settings.lateUsageWindowDays), endDate: yesterday },
  ];
  for (const range of ranges) {
    if (compareDates(range.startDate, range.endDate) <= 0) await genesys.ensureCallRecords(range, { refreshPulledBefore });
  }
}
