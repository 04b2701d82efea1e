/**
 * What each billing queue (job-queues.ts) does, and the workers that do it: running jobs, handling
 * due scheduled runs, the minute schedule tick, the nightly invoice check, and a sweep that resumes
 * interrupted jobs, releases held runs, re-sends stranded ones and settles abandoned reservations.
 */
import type { PgBoss } from 'pg-boss';
import type { AppServices } from '../services';
import { runScheduleTick } from './schedule-tick';
import { getOrganizationSettings } from '../settings/organization-settings';
import { checkCreatedInvoices } from './check-invoices';
import {
  CHECK_INVOICES,
  QUIET_QUEUE_POLLING_SECONDS,
  RUN_JOB,
  SCHEDULE_TICK,
  SCHEDULED_RUN,
  type QueueSpec,
} from './job-queues';
import { runBillingJob, type RunnerOptions } from './run-job';
import {
  handleScheduledRun,
  notifyScheduledFailure,
  releaseHeldRuns,
  requeueStaleJobs,
  resendStrandedDueRuns,
} from './scheduled-runs';
import { resolveAbandonedReservations } from './send-invoices';
import type { z } from 'zod';

export type BillingWorkerOptions = RunnerOptions & {
  /** Jobs one process runs at once (each sends up to 10 invoices at a time; the process caps QuickBooks at 10). */
  jobsAtOnce?: number;
  /** How often this process looks for interrupted jobs and held scheduled runs. */
  sweepSeconds?: number;
  pollingIntervalSeconds?: number;
};

/** Reads BILLING_STALE_SECONDS / BILLING_SWEEP_SECONDS / BILLING_INVOICE_CONCURRENCY (tests change them). */
export function billingWorkerOptionsFromEnv(env: NodeJS.ProcessEnv): BillingWorkerOptions {
  const positive = (value: string | undefined) => {
    const number = Number(value);
    return Number.isFinite(number) && number > 0 ? number : undefined;
  };
  const concurrency = positive(env.BILLING_INVOICE_CONCURRENCY);
  return {
    staleSeconds: positive(env.BILLING_STALE_SECONDS),
    sweepSeconds: positive(env.BILLING_SWEEP_SECONDS),
    ...(concurrency ? { concurrency: Math.min(10, Math.floor(concurrency)) } : {}),
  };
}

/** Works `queue` with `handler`, each job's payload validated first (a malformed one fails, never runs). */
async function work<Payload extends z.ZodType>(
  boss: PgBoss,
  queue: QueueSpec<Payload>,
  options: { pollingIntervalSeconds: number },
  handler: (payload: z.output<Payload>) => Promise<unknown>,
): Promise<string> {
  return boss.work(
    queue.name,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
    async ([job]) => {
      if (!job) return;
      await handler(queue.payload.parse(job.data));
    },
  );
}

/**
 * Starts the billing workers of this process. A job interrupted by a crash resumes within two
 * minutes of a worker running again (heartbeat older than staleSeconds, 90 s by default).
 */
export async function startBillingWorkers(
  boss: PgBoss,
  services: AppServices,
  options: BillingWorkerOptions = {},
): Promise<() => Promise<void>> {
  const staleSeconds = options.staleSeconds ?? 90;
  const sweepSeconds = options.sweepSeconds ?? 15;
  const runnerOptions: RunnerOptions = { ...options, staleSeconds };
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 };
  // One poller answers a newly sent job within a second; the others, woken when this process sends
  // jobs and otherwise looking less often, take what it leaves while it is busy.
  const secondaryPolling = { pollingIntervalSeconds: Math.max(polling.pollingIntervalSeconds, 3) };
  const quietPolling = {
    pollingIntervalSeconds: Math.max(polling.pollingIntervalSeconds, QUIET_QUEUE_POLLING_SECONDS),
  };
  const workers: Array<{ queue: string; id: string }> = [];
  const add = async (queue: string, id: Promise<string>) => workers.push({ queue, id: await id });

  for (let index = 0; index < (options.jobsAtOnce ?? 3); index += 1) {
    await add(
      RUN_JOB.name,
      work(boss, RUN_JOB, index === 0 ? polling : secondaryPolling, ({ billingJobId }) =>
        runBillingJob(services, billingJobId, runnerOptions),
      ),
    );
  }
  await add(
    SCHEDULED_RUN.name,
    work(boss, SCHEDULED_RUN, quietPolling, async ({ scheduledRunId }) => {
      try {
        await handleScheduledRun(services, scheduledRunId);
      } catch (error) {
        await notifyScheduledFailure(
          services.db,
          `A scheduled billing run could not start: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
    }),
  );
  // The cron sends the data stored here; without `{}` it is null, which the tick's payload refuses.
  await boss.schedule(SCHEDULE_TICK.name, SCHEDULE_TICK.cron, {});
  await add(
    SCHEDULE_TICK.name,
    work(boss, SCHEDULE_TICK, quietPolling, async () => {
      const { queued } = await runScheduleTick(services);
      if (queued.length > 0) services.logger.info({ queued: queued.length }, 'Scheduled billing runs queued');
    }),
  );
  const { timezone } = await getOrganizationSettings(services.db);
  await boss.schedule(CHECK_INVOICES.name, CHECK_INVOICES.cron, {}, { tz: timezone });
  await add(
    CHECK_INVOICES.name,
    work(boss, CHECK_INVOICES, quietPolling, () => checkCreatedInvoices(services)),
  );

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await requeueStaleJobs(services, staleSeconds);
      await releaseHeldRuns(services);
      await resendStrandedDueRuns(services);
      await resolveAbandonedReservations(services);
    } catch (error) {
      services.logger.warn({ err: error }, 'billing sweep failed');
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), sweepSeconds * 1000);
  timer.unref?.();
  void sweep();

  return async () => {
    clearInterval(timer);
    for (const worker of workers) await boss.offWork(worker.queue, { id: worker.id }).catch(() => undefined);
  };
}
