// The billing oracle's world at work: simulated time moves forward, the schedule ticks and the test
// works the billing queues as the billing workers would, telling the invariants of each completed job.
import { runScheduleTick } from '@phone-billing/api';
import { RUN_JOB, SCHEDULED_RUN } from '../../packages/api/src/billing/job-queues';
import { runBillingJob } from '../../packages/api/src/billing/run-job';
import { handleScheduledRun } from '../../packages/api/src/billing/scheduled-runs';
import { timed } from './timing';
import { WorldLookups } from './world-lookups';
import { DAY_MS, MINUTE_MS, type ManualJob, type ScheduledJob } from './world-types';

export class WorldJobs extends WorldLookups {
  /** Set by the invariants: called after every completed scheduled job. */
  onScheduledJobCompleted: (job: ScheduledJob) => Promise<void> = async () => undefined;
  /** Set by the invariants: called after every completed manual (real) job. */
  onManualJobCompleted: (job: ManualJob) => Promise<void> = async () => undefined;

  // ------------------------------------------------------------------ time and the workers

  /**
   * Moves "today" forward by `days`: the schedule tick fires at the first minute after each due
   * run (as the minute tick would), the due runs become jobs and the jobs run; the sweep runs too.
   */
  async advance(days: number, sweep: () => Promise<void>): Promise<void> {
    const targetMs = this.nowMs + days * DAY_MS;
    for (let guard = 0; guard < 200; guard += 1) {
      const due = await this.db.customerProfile.findFirst({
        where: { isActive: true, nextRunAt: { lte: new Date(targetMs) } },
        orderBy: { nextRunAt: 'asc' },
      });
      if (!due?.nextRunAt) break;
      this.nowMs = Math.max(this.nowMs, Math.ceil((due.nextRunAt.getTime() + 1) / MINUTE_MS) * MINUTE_MS);
      await this.tick();
      await sweep();
    }
    this.nowMs = Math.max(this.nowMs, targetMs);
    await this.tick();
    await sweep();
  }

  /** One schedule tick now, checked against the model's schedule, then the workers. */
  async tick(): Promise<void> {
    await timed('tick: runScheduleTick', () => runScheduleTick(this.services, this.now));
    const active = await this.db.customerProfile.findMany({ where: { isActive: true, archivedAt: null } });
    for (const profile of active) {
      const expected = this.model.nextRunAfter(profile.id, this.nowMs);
      if (profile.nextRunAt?.getTime() !== expected) {
        throw new Error(
          `schedule: ${profile.qboDisplayName}'s next run is ${profile.nextRunAt?.toISOString()}, DESIGN.md says ${new Date(expected).toISOString()} (bill day ${profile.billDate} at ${profile.billTime}, ${this.model.zone})`,
        );
      }
    }
    await this.drain();
  }

  /** Works every queued message as the billing workers would: due runs become jobs, jobs run. */
  async drain(options: { concurrency?: number } = {}): Promise<void> {
    for (let round = 0; round < 50; round += 1) {
      const runs = await timed('drain: fetch', () =>
        this.boss.fetch<{ scheduledRunId: string }>(SCHEDULED_RUN.name, { batchSize: 50 }),
      );
      for (const message of runs) {
        await timed('drain: handleScheduledRun', () =>
          handleScheduledRun(this.services, message.data.scheduledRunId, this.now),
        );
        await timed('drain: complete', () => this.boss.complete(SCHEDULED_RUN.name, message.id));
      }
      const jobs = await timed('drain: fetch', () =>
        this.boss.fetch<{ billingJobId: string }>(RUN_JOB.name, { batchSize: 50 }),
      );
      for (const message of jobs) {
        await this.work(message.data.billingJobId, options);
        await timed('drain: complete', () => this.boss.complete(RUN_JOB.name, message.id));
      }
      if (runs.length === 0 && jobs.length === 0) return;
    }
    throw new Error('the billing queues never emptied');
  }

  /** Runs one job (the worker of this process), remembering the terms it rated with. */
  async work(billingJobId: string, options: { concurrency?: number; staleSeconds?: number } = {}): Promise<void> {
    const job = await this.db.billingJob.findUniqueOrThrow({ where: { id: billingJobId } });
    this.rememberTerms(job.jobId);
    await timed('work: runBillingJob', () =>
      runBillingJob(this.services, billingJobId, {
        concurrency: options.concurrency ?? 2,
        staleSeconds: options.staleSeconds ?? 600,
        heartbeatMs: 3_600_000,
        now: () => this.now,
      }),
    );
    const after = await this.db.billingJob.findUniqueOrThrow({ where: { id: billingJobId } });
    const profileId = after.profileId;
    if (after.type === 'MONTHLY' && after.status === 'COMPLETED' && profileId) {
      // A run held by the kill switch happens later; it bills what had ended when it fell due.
      const run = await this.db.scheduledRun.findFirst({ where: { billingJobId: after.id } });
      const dueMs = run?.dueAt.getTime() ?? after.createdAt.getTime();
      await timed('check: scheduled run', () =>
        this.onScheduledJobCompleted({
          id: after.id,
          jobId: after.jobId,
          profileId,
          dueMs,
          runMs: after.createdAt.getTime(),
          start: after.startDate.toISOString().slice(0, 10),
        }),
      );
    }
    if (after.type === 'MANUAL' && after.status === 'COMPLETED') {
      const customers = await this.db.billingJobCustomer.findMany({
        // A customer rejected in review is billed by a later run, not this one.
        where: {
          billingJobId: after.id,
          status: { in: ['INVOICED', 'SKIPPED'] },
          OR: [{ reviewDecision: null }, { reviewDecision: { not: 'REJECTED' } }],
        },
      });
      await timed('check: manual run', () =>
        this.onManualJobCompleted({
          jobId: after.jobId,
          start: after.startDate.toISOString().slice(0, 10),
          end: after.endDate.toISOString().slice(0, 10),
          queues: after.queueName,
          profileIds: customers.map((customer) => customer.profileId).filter((id): id is string => id !== null),
          runMs: after.createdAt.getTime(),
        }),
      );
    }
  }

  /** The terms a job rates with if it reserves now (a reservation keeps the terms of the work that made it). */
  rememberTerms(jobCode: string): void {
    const terms = new Map([...this.model.profiles.values()].map((profile) => [profile.id, { ...profile.terms }]));
    this.memory.jobTerms.set(jobCode, [
      ...(this.memory.jobTerms.get(jobCode) ?? []),
      { startedAtMs: Date.now(), terms },
    ]);
  }
}
