import type { PgBoss } from 'pg-boss';
import type { AppServices } from '../services';
import { RUN_JOB_QUEUE, SCHEDULED_RUN_QUEUE } from './jobs';
import { runBillingJob, type RunnerOptions } from './runner';
import { handleScheduledRun, notifyScheduledFailure, releaseHeldRuns, requeueStaleJobs, resendStrandedDueRuns } from './scheduled';

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

/** Creates this area's queues (idempotent: safe from every process). */
export async function createBillingQueues(boss: PgBoss): Promise<void> {
  // Our own heartbeat takes over interrupted jobs quickly; pg-boss' expiry is only a backstop.
  await boss.createQueue(RUN_JOB_QUEUE, { expireInSeconds: 6 * 3600, retryLimit: 5, retryDelay: 5 });
  await boss.createQueue(SCHEDULED_RUN_QUEUE, { retryLimit: 5, retryDelay: 10 });
}

/**
 * Starts the billing workers: running jobs, handling due scheduled runs, and a sweep that resumes
 * interrupted jobs (heartbeat older than staleSeconds, 90 s by default, so a crashed job resumes
 * within 2 minutes of a worker running) and releases held scheduled runs once the kill switch is off.
 */
export async function startBillingWorkers(boss: PgBoss, services: AppServices, options: BillingWorkerOptions = {}): Promise<() => Promise<void>> {
  const staleSeconds = options.staleSeconds ?? 90;
  const sweepSeconds = options.sweepSeconds ?? 15;
  const runnerOptions: RunnerOptions = { ...options, staleSeconds };
  const workerIds: string[] = [];
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  for (let index = 0; index < (options.jobsAtOnce ?? 3); index += 1) {
    workerIds.push(
      await boss.work<{ billingJobId: string }>(RUN_JOB_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        if (job?.data?.billingJobId) await runBillingJob(services, job.data.billingJobId, runnerOptions);
      }),
    );
  }
  workerIds.push(
    await boss.work<{ scheduledRunId: string }>(SCHEDULED_RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      if (!job?.data?.scheduledRunId) return;
      try {
        await handleScheduledRun(services, job.data.scheduledRunId);
      } catch (error) {
        await notifyScheduledFailure(services.db, `A scheduled billing run could not start: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    }),
  );

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await requeueStaleJobs(services, staleSeconds);
      await releaseHeldRuns(services);
      await resendStrandedDueRuns(services);
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
    for (const id of workerIds) await boss.offWork(RUN_JOB_QUEUE, { id }).catch(() => undefined);
  };
}
