// What happens to a billing business, one step at a time, as fast-check commands: time passing
// (scheduled runs fire), calls arriving on time, late and in progress, clerks running, editing,
// moving queues, archiving, stopping runs, QuickBooks misbehaving and people voiding, deleting,
// renumbering and releasing invoices, and things happening at once. Every step ends with the
// invariants (invariants.ts). QuickBooks' side and the people in it: quickbooks-operations.ts.
import fc from 'fast-check';
import { AppError } from '../../packages/api/src/errors';
import { checkCreatedInvoices } from '../../packages/api/src/billing/check-invoices';
import { releaseHeldRuns, requeueStaleJobs } from '../../packages/api/src/billing/scheduled-runs';
import { resolveAbandonedReservations } from '../../packages/api/src/billing/send-invoices';
import { cancelJob, retryJob, startManualJob } from '../../packages/api/src/billing/start-job';
import { addDays, dayIn } from './calendar';
import { checkMoney, checkStopped, OracleFailure } from './invariants';
import { checkJobRows } from './job-row-invariants';
import type { BillingModel } from './model';
import { timed } from './timing';
import type { BillingWorld } from './world';
import { DAY_MS } from './world-types';

export type Command = fc.AsyncCommand<BillingModel, BillingWorld>;

export const ZONES = ['America/Los_Angeles', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata'] as const;
const RATES = ['0.0425', '0.10', '1.2500', '0.0333'] as const;
const OVERAGE_RATES = ['0.09', '0.0850', '1.10'] as const;
export const RULES = [
  { start: 1, end: 31 },
  { start: 16, end: 15 },
  { start: 8, end: 7 },
  { start: 25, end: 24 },
] as const;

/** Simulated time between two steps: more than the ten minutes within which scheduled runs do not pull a day again. */
const STEP_MS = 11 * 60_000;

function step(
  name: string,
  body: (world: BillingWorld) => Promise<void>,
  precondition: (model: BillingModel) => boolean = () => true,
): Command {
  return {
    check: precondition,
    run: async (_model, world) => {
      // Each step begins a little later than the last ended: scheduled runs re-pull what Genesys
      // reported in an earlier step (they skip days pulled in the last ten minutes of this clock).
      world.nowMs += STEP_MS;
      world.log.push(`${dayIn(world.nowMs, world.model.zone)} ${name}`);
      try {
        await timed(`step: ${name.replace(/[0-9]+/g, 'N').slice(0, 40)}`, () => body(world));
      } finally {
        // A step's interference (kill switch, Cancel, release, queue move) belongs to its own run only.
        world.front.beforeNextCreate(null);
      }
      await timed('check: money', () => checkMoney(world));
      await timed('check: job rows', () => checkJobRows(world));
      checkStopped(world, 'the kill switch or Cancel');
    },
    toString: () => name,
  };
}

const profileAt = (world: BillingWorld, index: number) =>
  [...world.model.profiles.values()][index % world.model.profiles.size]!;

/** The background sweep and the nightly invoice check, then the workers. */
export async function sweep(world: BillingWorld): Promise<void> {
  const { services } = world;
  await timed('sweep: releaseHeldRuns', () => releaseHeldRuns(services));
  await timed('sweep: requeueStaleJobs', () => requeueStaleJobs(services, 600));
  // Simulated hours pass between steps: reservations of ended jobs are settled with QuickBooks.
  await timed('sweep: resolveAbandoned', () =>
    resolveAbandonedReservations(services, new Date(Date.now() + 3_600_000)),
  );
  await timed('sweep: checkCreatedInvoices', () => checkCreatedInvoices(services).catch(() => undefined));
  await world.drain();
}

type RangeSpec = { endBack: number; length: number; queues: number[] };
const rangeSpec = fc.record({
  endBack: fc.integer({ min: 1, max: 75 }),
  length: fc.integer({ min: 1, max: 62 }),
  queues: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 6 }),
});
const describeRange = (spec: RangeSpec) =>
  `${spec.length} days ending ${spec.endBack} days ago, queues ${spec.queues.join(',')}`;

/** Starts a manual run as a clerk would; null when the product refuses it (the kill switch is on). */
async function startRun(world: BillingWorld, spec: RangeSpec, isDryRun: boolean) {
  const today = dayIn(world.nowMs, world.model.zone);
  const end = addDays(today, -spec.endBack);
  const input = {
    billingPeriodStart: addDays(end, -(spec.length - 1)),
    billingPeriodEnd: end,
    isDryRun,
    selectedQueues: spec.queues.map((index) => world.queues[index]!),
  };
  try {
    return await startManualJob(world.services, input, null, world.now);
  } catch (error) {
    if (world.killSwitch && error instanceof AppError && error.code === 'CONFLICT') return null;
    throw error;
  }
}

// ------------------------------------------------------------------ time and calls

const advance = fc
  .integer({ min: 1, max: 34 })
  .map((days) => step(`${days} days pass`, (world) => world.advance(days, () => sweep(world))));

const calls = fc
  .record({
    queue: fc.nat(5),
    daysAgo: fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 13, max: 80 }),
    ),
    minute: fc.nat(1439),
    seconds: fc.array(fc.integer({ min: 0, max: 2400 }), { minLength: 1, maxLength: 4 }),
    inProgress: fc.boolean(),
    chat: fc.boolean(),
  })
  .map((spec) =>
    step(
      `Genesys reports ${spec.seconds.length} call(s) on queue ${spec.queue}, ${spec.daysAgo} days ago${spec.inProgress ? ', the first in progress' : ''}${spec.chat ? ', one a chat' : ''}`,
      async (world) => {
        const queue = world.queues[spec.queue]!;
        const dayStart = world.todayStartMs() - spec.daysAgo * DAY_MS;
        spec.seconds.forEach((seconds, index) => {
          let start = dayStart + spec.minute * 60_000 + index * 97_000;
          if (start > world.nowMs - 60_000) start = world.nowMs - (index + 2) * 60_000;
          // In progress for the next few steps (each takes STEP_MS of simulated time).
          const duration = spec.inProgress && index === 0 ? Math.ceil((world.nowMs - start) / 1000) + 3600 : seconds;
          world.addCall(
            queue,
            start,
            Math.min(duration, 86_400),
            spec.chat && index === spec.seconds.length - 1 ? 'chat' : 'voice',
          );
        });
      },
    ),
  );

/** Genesys reports a call late, on a day near the end of a profile's previous period (usually billed already). */
const lateCall = fc
  .record({
    profile: fc.nat(3),
    daysBeforeEnd: fc.nat(6),
    minute: fc.nat(1439),
    seconds: fc.integer({ min: 1, max: 2400 }),
  })
  .map((spec) =>
    step(
      `Genesys reports a call late, ${spec.daysBeforeEnd} days before the end of profile ${spec.profile}'s previous period`,
      async (world) => {
        const profile = profileAt(world, spec.profile);
        const queue = [...profile.queues][0];
        if (!queue) return;
        const current = world.model.periodAt(profile.id, world.nowMs);
        const previous = world.model.periodAt(profile.id, current.startMs - 1);
        const startMs = Math.max(
          previous.startMs,
          previous.endMs - (spec.daysBeforeEnd + 1) * DAY_MS + spec.minute * 60_000,
        );
        if (startMs + spec.seconds * 1000 >= world.nowMs) return;
        world.addCall(queue, startMs, spec.seconds, 'voice');
      },
    ),
  );

/**
 * Late usage found by the schedule alone (DESIGN.md §4: every run re-pulls the billed periods within
 * the late-usage window; what it finds there is late usage): time passes to the profile's next
 * scheduled run, Genesys then reports a call in the last hours of the period that run billed, and
 * time passes to the run after it, which must bill the call (checkScheduledRun) while the call's day
 * is within the window.
 */
const lateCallThenNextRun = fc
  .record({
    profile: fc.nat(3),
    hoursBeforeEnd: fc.integer({ min: 1, max: 72 }),
    seconds: fc.integer({ min: 61, max: 2400 }),
  })
  .map((spec) =>
    step(
      `profile ${spec.profile}'s next scheduled run; Genesys reports a call late, ${spec.hoursBeforeEnd} h before the end of the period it billed; the run after it`,
      async (world) => {
        const profile = profileAt(world, spec.profile);
        const queue = [...profile.queues][0];
        if (!queue || !profile.active || profile.archived) return;
        const toNextRun = async () => {
          const days = Math.ceil((world.model.nextRunAfter(profile.id, world.nowMs) - world.nowMs) / DAY_MS);
          await world.advance(Math.min(Math.max(days, 1), 34), () => sweep(world));
        };
        await toNextRun();
        const current = world.model.periodAt(profile.id, world.nowMs);
        const billed = world.model.periodAt(profile.id, current.startMs - 1);
        const startMs = Math.max(billed.startMs, billed.endMs - spec.hoursBeforeEnd * 3_600_000);
        if (startMs >= world.model.billingStartMs(profile.id) && startMs + spec.seconds * 1000 < world.nowMs)
          world.addCall(queue, startMs, spec.seconds, 'voice');
        await toNextRun();
      },
    ),
  );

// ------------------------------------------------------------------ clerks running billing

const manual = fc.record({ range: rangeSpec, mode: fc.constantFrom('real', 'dry', 'dry then real') }).map((spec) =>
  step(`manual run (${spec.mode}) over ${describeRange(spec.range)}`, async (world) => {
    if (spec.mode === 'real') {
      if (await startRun(world, spec.range, false)) await world.drain();
      return;
    }
    const dry = await startRun(world, spec.range, true);
    if (!dry) return;
    await world.drain();
    if (spec.mode === 'dry then real') await compareDryWithReal(world, dry.id, spec.range);
  }),
);

/** A dry run's results equal those of the real run that follows it (DESIGN.md §4: failures included). */
async function compareDryWithReal(world: BillingWorld, dryId: string, range: RangeSpec): Promise<void> {
  const faults = { ...world.qbo.faults };
  Object.assign(world.qbo.faults, { serverErrorRate: 0, lostAnswerRate: 0, throttleBurst: 0 });
  const refuse = world.front.refuseNext;
  world.front.refuseNext = 0;
  const real = (await startRun(world, range, false))!;
  await world.drain();
  Object.assign(world.qbo.faults, faults);
  world.front.refuseNext = refuse;
  const rows = async (id: string) =>
    (await world.db.billingJobCustomer.findMany({ where: { billingJobId: id } })).map((row) => ({
      profile: row.customerName,
      outcome: row.status === 'RATED' || row.status === 'INVOICED' ? 'invoiced' : row.status,
      amount: row.amount.toString(),
      calls: row.calls,
      reason: row.skipReason ?? row.error ?? null,
    }));
  const [previewed, billed] = [await rows(dryId), await rows(real.id)];
  const sort = (list: typeof previewed) => list.sort((a, b) => a.profile.localeCompare(b.profile));
  if (JSON.stringify(sort(previewed)) !== JSON.stringify(sort(billed))) {
    throw new OracleFailure(
      `the dry run previewed ${JSON.stringify(previewed)}, the real run that followed did ${JSON.stringify(billed)}`,
    );
  }
}

const retry = fc.constant(
  step('a clerk retries every failed job', async (world) => {
    if (world.killSwitch) return;
    for (const job of await world.db.billingJob.findMany({ where: { status: 'FAILED' } })) {
      await retryJob(world.services, job.id, null);
      await world.drain();
    }
  }),
);

const killSwitchMidRun = rangeSpec.map((range) =>
  step(`the kill switch is turned on while a run over ${describeRange(range)} sends`, async (world) => {
    world.front.beforeNextCreate(async () => {
      await world.setKillSwitch(true);
      world.front.stopped = true;
    });
    if (await startRun(world, range, false)) await world.drain({ concurrency: 1 });
  }),
);

const killSwitchOff = fc.constant(
  step(
    'the kill switch is turned off',
    async (world) => {
      world.front.stopped = false;
      await world.setKillSwitch(false);
      await sweep(world);
    },
    () => true,
  ),
);

const cancelMidRun = rangeSpec.map((range) =>
  step(`a clerk cancels a run over ${describeRange(range)} while it sends`, async (world) => {
    let jobId = '';
    world.front.beforeNextCreate(async () => {
      await cancelJob(world.db, jobId, null);
      world.front.stopped = true;
    });
    const job = await startRun(world, range, false);
    if (!job) return;
    jobId = job.id;
    await world.drain({ concurrency: 1 });
    checkStopped(world, `Cancel of ${job.jobId}`);
    world.front.stopped = world.killSwitch;
  }),
);

/**
 * Issue 20's first reproduction: a run is stopped by the kill switch because a rate is wrong, the
 * clerk fixes the rate, turns the switch off and retries: the retry bills the fixed rate.
 */
const stopFixRetry = fc.record({ range: rangeSpec, profile: fc.nat(3), rate: fc.constantFrom(...RATES) }).map((spec) =>
  step(
    `the kill switch stops a run over ${describeRange(spec.range)}, a stopped customer's rate becomes ${spec.rate}, the switch goes off and the run is retried`,
    async (world) => {
      if (world.killSwitch) return;
      world.front.beforeNextCreate(async () => {
        await world.setKillSwitch(true);
        world.front.stopped = true;
      });
      const job = await startRun(world, spec.range, false);
      if (!job) return;
      await world.drain({ concurrency: 1 });
      world.front.beforeNextCreate(null);
      // The clerk fixes the rate of a customer the switch stopped (that is why it was turned on).
      const stoppedRow = await world.db.billingJobCustomer.findFirst({
        where: { billingJobId: job.id, status: { not: 'INVOICED' }, profileId: { not: null } },
      });
      const profile = stoppedRow?.profileId
        ? world.model.profile(stoppedRow.profileId)
        : profileAt(world, spec.profile);
      if (!profile.archived) {
        await world.saveProfile(profile.id, { ratePerMinute: spec.rate });
        profile.terms = { ...profile.terms, ratePerMinute: spec.rate };
      }
      world.front.stopped = false;
      await world.setKillSwitch(false);
      if ((await world.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status === 'FAILED') {
        await retryJob(world.services, job.id, null);
        await world.drain();
      }
    },
  ),
);

export const clerkOperations = {
  advance,
  calls,
  lateCall,
  lateCallThenNextRun,
  manual,
  retry,
  killSwitchMidRun,
  killSwitchOff,
  cancelMidRun,
  stopFixRetry,
};
export { startRun, rangeSpec, describeRange, step, profileAt, RATES, OVERAGE_RATES };
