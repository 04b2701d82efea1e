// Clerks changing profiles and the company timezone, and things that happen at once: a release
// during a run, two workers on one job, a queue moving while a run sends.
import fc from 'fast-check';
import { AppError } from '../../packages/api/src/errors';
import { RUN_JOB } from '../../packages/api/src/billing/job-queues';
import { runBillingJob } from '../../packages/api/src/billing/run-job';
import { deleteProfile } from '../../packages/api/src/customer-profiles/profiles';
import { addDays, dayIn } from './calendar';
import type { BillingModel } from './model';
import { periodKey } from './model-types';
import { describeRange, OVERAGE_RATES, profileAt, rangeSpec, RATES, RULES, startRun, step, ZONES } from './operations';
import { releaseOne } from './quickbooks-operations';
import { checkCreatedInvoices } from '../../packages/api/src/billing/check-invoices';
import type { BillingWorld } from './world';

const current = (model: BillingModel) => [...model.profiles.values()].filter((profile) => !profile.archived);

const editTerms = fc
  .record({
    profile: fc.nat(3),
    rate: fc.constantFrom(...RATES),
    minimum: fc.constantFrom(0, 0, 5, 30, 120),
    overage: fc.constantFrom(...OVERAGE_RATES),
  })
  .map((spec) =>
    step(
      `profile ${spec.profile}'s terms become ${spec.rate}/min, minimum ${spec.minimum}, overage ${spec.overage}`,
      async (world) => {
        const profile = profileAt(world, spec.profile);
        // A profile on a rate plan keeps it (plan changes take effective dates the oracle does not draw yet).
        if (profile.archived || profile.terms.plan) return;
        await world.saveProfile(profile.id, {
          ratePerMinute: spec.rate,
          minimumMinutes: spec.minimum,
          overageRatePerMinute: spec.overage,
        });
        profile.terms = { ratePerMinute: spec.rate, minimumMinutes: spec.minimum, overageRatePerMinute: spec.overage };
      },
    ),
  );

const editRule = fc.record({ profile: fc.nat(3), rule: fc.constantFrom(...RULES) }).map((spec) =>
  step(`profile ${spec.profile}'s periods become days ${spec.rule.start}..${spec.rule.end}`, async (world) => {
    const profile = profileAt(world, spec.profile);
    if (profile.archived || (profile.rule.start === spec.rule.start && profile.rule.end === spec.rule.end)) return;
    const lastBilledEnd = await world.lastBilledEndMs(profile.id);
    await world.saveProfile(profile.id, { billingPeriodStart: spec.rule.start, billingPeriodEnd: spec.rule.end });
    world.model.changePeriods(profile.id, { rule: { ...spec.rule } }, lastBilledEnd);
  }),
);

const editBillingStart = fc.record({ profile: fc.nat(3), offset: fc.integer({ min: -60, max: 20 }) }).map((spec) =>
  step(
    `profile ${spec.profile}'s billing start moves to ${spec.offset} days from today (before its first invoice)`,
    async (world) => {
      const profile = profileAt(world, spec.profile);
      world.quickBooks.refresh(world.nowMs);
      if (
        profile.archived ||
        world.quickBooks.invoices().some((invoice) => invoice.customerId === profile.qboCustomerId)
      )
        return;
      const day = addDays(dayIn(world.nowMs, world.model.zone), spec.offset);
      await world.saveProfile(profile.id, { billingStartDate: day });
      world.model.setBillingStart(profile.id, day);
    },
  ),
);

const toggleActive = fc.nat(3).map((index) =>
  step(`profile ${index} is deactivated, or reactivated`, async (world) => {
    const profile = profileAt(world, index);
    if (profile.archived) return;
    try {
      await world.saveProfile(profile.id, { isActive: !profile.active });
      await world.stampActivity(profile.id);
    } catch (error) {
      // Reactivating a profile whose queue another active profile holds now is refused (409): nothing changes.
      if (error instanceof AppError && error.code === 'CONFLICT' && !profile.active) return;
      throw error;
    }
    world.model.setActive(profile.id, !profile.active, world.nowMs);
    // Its current period now owes a prorated minimum: what was billed of it is settled (credited) by its next run.
    const period = world.model.periodAt(profile.id, world.nowMs);
    world.memory.disturbed.set(periodKey(period), { reason: `settle:${profile.id}`, endMs: period.endMs });
  }),
);

const moveQueue = fc
  .record({ queue: fc.nat(5), to: fc.nat(3) })
  .map((spec) =>
    step(`queue ${spec.queue} moves to profile ${spec.to}`, (world) => moveQueueNow(world, spec.queue, spec.to)),
  );

async function moveQueueNow(world: BillingWorld, queueIndex: number, to: number): Promise<void> {
  const queue = world.queues[queueIndex]!;
  const target = profileAt(world, to);
  if (target.archived || !target.active || target.queues.has(queue)) return;
  const holders = [...world.model.profiles.values()].filter(
    (profile) => !profile.archived && profile.queues.has(queue),
  );
  if (holders.some((holder) => holder.queues.size === 1)) return; // a profile keeps at least one queue
  for (const holder of holders) {
    await world.saveProfile(holder.id, { genesysQueueNames: [...holder.queues].filter((name) => name !== queue) });
  }
  await world.saveProfile(target.id, { genesysQueueNames: [...target.queues, queue] });
  world.model.moveQueue(queue, target.id, world.nowMs);
}

const archive = fc.nat(3).map((index) =>
  step(
    `profile ${index} is deleted (archived when it has invoices)`,
    async (world) => {
      const profile = profileAt(world, index);
      if (profile.archived) return;
      const { archived } = await deleteProfile(world.db, profile.id, null, world.now);
      if (archived) await world.stampActivity(profile.id);
      else world.memory.deletedProfiles.add(profile.id);
      world.model.archive(profile.id, world.nowMs);
      // Its last period owes a prorated minimum, but an archived profile has no next run to credit what was billed of it.
      world.memory.disturbed.set(periodKey(world.model.periodAt(profile.id, world.nowMs)), {
        reason: 'archived',
        endMs: Number.POSITIVE_INFINITY,
      });
    },
    (model) => current(model).length > 1,
  ),
);

const timezone = fc.constantFrom(...ZONES).map((zone) =>
  step(`the company timezone becomes ${zone}`, async (world) => {
    if (zone === world.model.zone) return;
    const lastBilled = new Map<string, number | null>();
    for (const id of world.model.profiles.keys()) lastBilled.set(id, await world.lastBilledEndMs(id));
    await world.setTimezone(zone);
    world.model.zone = zone;
    for (const [id, end] of lastBilled) world.model.changePeriods(id, { zone }, end);
  }),
);

// ------------------------------------------------------------------ at once

const releaseDuringRun = fc.record({ range: rangeSpec, pick: fc.nat(50) }).map((spec) =>
  step(`a person voids and releases an invoice while a run over ${describeRange(spec.range)} sends`, async (world) => {
    world.quickBooks.refresh(world.nowMs);
    const active = world.quickBooks.invoices().filter((invoice) => invoice.state === 'active');
    world.front.beforeNextCreate(async () => {
      const victim = active[spec.pick % Math.max(1, active.length)];
      if (!victim) return;
      world.qbo.voidInvoice(victim.id);
      await checkCreatedInvoices(world.services);
      // Calls released from this invoice, also those released once before from another (soak seed 77132834 path 9).
      const before = new Map(world.memory.releasedCalls);
      await releaseOne(world, { qboInvoiceId: victim.id });
      for (const [id, from] of world.memory.releasedCalls)
        if (before.get(id) !== from) world.memory.releasedWhileRunning.add(id);
    });
    try {
      if (await startRun(world, spec.range, false)) await world.drain({ concurrency: 1 });
    } finally {
      world.memory.releasedWhileRunning.clear();
    }
  }),
);

const queueMovesDuringRun = fc.record({ range: rangeSpec, queue: fc.nat(5), to: fc.nat(3) }).map((spec) =>
  step(
    `queue ${spec.queue} moves to profile ${spec.to} while a run over ${describeRange(spec.range)} sends`,
    async (world) => {
      world.front.beforeNextCreate(() => moveQueueNow(world, spec.queue, spec.to));
      if (await startRun(world, spec.range, false)) await world.drain({ concurrency: 1 });
    },
  ),
);

/** A second worker whose clock (or a database stall) makes the first one's live job look stale. */
const twoWorkers = rangeSpec.map((range) =>
  step(`two workers run one job over ${describeRange(range)}`, async (world) => {
    const job = await startRun(world, range, false);
    if (!job) return;
    const messages = await world.boss.fetch(RUN_JOB.name, { batchSize: 50 });
    for (const message of messages) await world.boss.complete(RUN_JOB.name, message.id);
    world.rememberTerms(job.jobId);
    let second: Promise<unknown> = Promise.resolve();
    world.front.beforeNextCreate(async () => {
      second = runBillingJob(world.services, job.id, {
        concurrency: 1,
        staleSeconds: 0.001,
        heartbeatMs: 3_600_000,
        now: () => world.now,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await runBillingJob(world.services, job.id, {
      concurrency: 1,
      staleSeconds: 600,
      heartbeatMs: 3_600_000,
      now: () => world.now,
    });
    await second;
    await world.drain();
  }),
);

export const profileOperations = { editTerms, editRule, editBillingStart, toggleActive, moveQueue, archive, timezone };
export const raceOperations = { releaseDuringRun, queueMovesDuringRun, twoWorkers };
