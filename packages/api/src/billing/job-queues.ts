/**
 * Every pg-boss queue of billing, once: its name, its payload (validated when sent and when
 * worked) and its options. Handlers are bound in job-definitions.ts.
 */
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { JobQueue } from '../services';
import { AppError } from '../errors';

export type QueueSpec<Payload extends z.ZodType> = {
  name: string;
  payload: Payload;
  options: { retryLimit?: number; retryDelay?: number; expireInSeconds?: number };
  /** For scheduled queues: the cron and its timezone. */
  cron?: string;
};

/** Runs one billing job (manual, dry run, scheduled); our own heartbeat takes over interrupted ones. */
export const RUN_JOB = {
  name: 'billing.run-job',
  payload: z.object({ billingJobId: z.string().uuid() }),
  options: { expireInSeconds: 6 * 3600, retryLimit: 5, retryDelay: 5 },
} satisfies QueueSpec<z.ZodType>;

/** A profile's scheduled run came due: create (once) and queue its MONTHLY job. */
export const SCHEDULED_RUN = {
  name: 'billing.scheduled-run',
  payload: z.object({ scheduledRunId: z.string().uuid() }),
  options: { retryLimit: 5, retryDelay: 10 },
} satisfies QueueSpec<z.ZodType>;

/** Every minute: turn every passed next run into a scheduled run. */
export const SCHEDULE_TICK = {
  name: 'customer-profiles.schedule-tick',
  payload: z.object({}).passthrough(),
  options: {},
  cron: '* * * * *',
} satisfies QueueSpec<z.ZodType>;

/** Nightly: ask QuickBooks about the invoices we created (voided or deleted ones are flagged). */
export const CHECK_INVOICES = {
  name: 'billing.check-invoices',
  payload: z.object({}).passthrough(),
  options: { retryLimit: 2, retryDelay: 600 },
  cron: '40 3 * * *',
} satisfies QueueSpec<z.ZodType>;

/**
 * How often workers look for jobs on queues that get one a minute or less (cron) or whose jobs are
 * sent in the process that works them, which wakes its workers at once (apps/server job-wakeups.ts):
 * the poll is only a fallback there, and a one-second poll on every such queue was most of an idle
 * server's queries. Billing jobs, which a web server without workers may send, keep a quicker poll.
 */
export const QUIET_QUEUE_POLLING_SECONDS = 5;

export const BILLING_QUEUES = [RUN_JOB, SCHEDULED_RUN, SCHEDULE_TICK, CHECK_INVOICES] as const;

/** Creates every billing queue (idempotent: safe from every process, web servers included). */
export async function createBillingQueues(boss: PgBoss): Promise<void> {
  for (const queue of BILLING_QUEUES) await boss.createQueue(queue.name, queue.options);
}

/** Sends a validated payload to a billing queue. */
export async function sendToQueue<Payload extends z.ZodType>(
  jobs: JobQueue | undefined,
  queue: QueueSpec<Payload>,
  payload: z.input<Payload>,
  options?: { singletonKey?: string; startAfter?: Date },
): Promise<string | null> {
  if (!jobs) throw new AppError('INTERNAL', 'The job queue is not running');
  return jobs.send(queue.name, queue.payload.parse(payload) as object, options);
}
