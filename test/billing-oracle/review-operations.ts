// Review before sending (issue 23) as oracle steps: a clerk runs a range with `holdForReview`, the
// run reserves and waits; the reviewer approves some customers and rejects the others with a reason,
// or cancels the job. The same invariants hold after every step (money per period, no call on two
// live invoices, nothing sent once stopped, job rows agree with QuickBooks), and the step adds its
// own: nothing of a rejected or cancelled customer reaches QuickBooks or stays reserved.
import fc from 'fast-check';
import { AppError } from '../../packages/api/src/errors';
import { approveJob, rejectJob } from '../../packages/api/src/billing/review-job';
import { cancelJob, startManualJob } from '../../packages/api/src/billing/start-job';
import { addDays, dayIn } from './calendar';
import { checkMoney, checkStopped, OracleFailure } from './invariants';
import { checkJobRows } from './job-row-invariants';
import type { BillingModel } from './model';
import type { BillingWorld } from './world';

type Command = fc.AsyncCommand<BillingModel, BillingWorld>;
type Decision = 'approve' | 'reject';

// Ranges ending recently and spanning weeks: most hold calls not billed yet, so the run has something to review.
const reviewedRunSpec = fc.record({
  endBack: fc.integer({ min: 1, max: 10 }),
  length: fc.integer({ min: 14, max: 62 }),
  queues: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 6 }),
  decisions: fc.array(fc.constantFrom<Decision>('approve', 'reject'), { minLength: 4, maxLength: 4 }),
  cancel: fc.boolean(),
});
type ReviewedRunSpec = typeof reviewedRunSpec extends fc.Arbitrary<infer T> ? T : never;

const describe = (spec: ReviewedRunSpec) =>
  `a run held for review over ${spec.length} days ending ${spec.endBack} days ago, queues ${spec.queues.join(',')}: ` +
  (spec.cancel ? 'cancelled under review' : `reviewer decides ${spec.decisions.join(', ')}`);

async function reviewedRun(world: BillingWorld, spec: ReviewedRunSpec): Promise<void> {
  const end = addDays(dayIn(world.nowMs, world.model.zone), -spec.endBack);
  const input = {
    billingPeriodStart: addDays(end, -(spec.length - 1)),
    billingPeriodEnd: end,
    isDryRun: false,
    holdForReview: true,
    selectedQueues: spec.queues.map((index) => world.queues[index]!),
  };
  let job;
  try {
    job = await startManualJob(world.services, input, null, world.now);
  } catch (error) {
    if (world.killSwitch && error instanceof AppError && error.code === 'CONFLICT') return;
    throw error;
  }
  await world.drain();
  const held = await world.db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
  if (held.status !== 'AWAITING_REVIEW') return;
  const waiting = await world.db.billingJobCustomer.findMany({
    where: { billingJobId: job.id, reviewHeld: true, reviewDecision: null, status: 'PENDING', ledgerId: { not: null } },
    orderBy: { customerName: 'asc' },
  });
  const sentBefore = new Set(world.qbo.invoices().map((invoice) => invoice.Id));
  let dropped = waiting.map((customer) => customer.profileId!);
  if (spec.cancel) {
    await cancelJob(world.db, job.id, null);
  } else {
    const decide = (decision: Decision) =>
      waiting
        .filter((_, index) => spec.decisions[index % spec.decisions.length] === decision)
        .map((customer) => customer.profileId!);
    dropped = decide('reject');
    if (dropped.length) await rejectJob(world.services, job.id, dropped, 'The oracle rejects it', null);
    const approved = decide('approve');
    if (approved.length) {
      try {
        await approveJob(world.services, job.id, approved, null);
      } catch (error) {
        // Refused while the kill switch is on: the clerk cancels instead (every reservation goes).
        if (!(world.killSwitch && error instanceof AppError && error.code === 'CONFLICT')) throw error;
        await cancelJob(world.db, job.id, null);
        dropped = [...dropped, ...approved];
      }
    }
  }
  await world.drain();
  const after = await world.db.billingJob.findUniqueOrThrow({ where: { id: job.id } });
  if (after.status === 'AWAITING_REVIEW')
    throw new OracleFailure(`job ${job.jobId} still waits for review after every customer was decided`);
  const kept = await world.db.invoiceLedgerEntry.count({
    where: { billingJobId: job.id, profileId: { in: dropped }, state: { not: 'RELEASED' } },
  });
  if (kept > 0)
    throw new OracleFailure(`job ${job.jobId} kept ${kept} reservation(s) of rejected or cancelled customers`);
  const docNumbers = new Set(
    (await world.db.billingJobCustomer.findMany({ where: { billingJobId: job.id, profileId: { in: dropped } } })).map(
      (row) => row.docNumber,
    ),
  );
  const leaked = world.qbo
    .invoices()
    .filter((invoice) => !sentBefore.has(invoice.Id) && docNumbers.has(invoice.DocNumber ?? null));
  if (leaked.length)
    throw new OracleFailure(
      `job ${job.jobId} sent ${leaked.length} invoice(s) of rejected or cancelled customers to QuickBooks`,
    );
}

export const reviewOperations: Record<string, fc.Arbitrary<Command>> = {
  reviewedRun: reviewedRunSpec.map((spec) => ({
    check: () => true,
    run: async (_model, world) => {
      world.log.push(`${dayIn(world.nowMs, world.model.zone)} ${describe(spec)}`);
      try {
        await reviewedRun(world, spec);
      } finally {
        world.front.beforeNextCreate(null);
      }
      await checkMoney(world);
      await checkJobRows(world);
      checkStopped(world, 'the kill switch or Cancel');
    },
    toString: () => describe(spec),
  })),
};
