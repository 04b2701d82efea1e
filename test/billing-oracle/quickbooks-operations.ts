// What QuickBooks and the people in it do to a billing business, one step at a time, as fast-check
// commands (operations.ts): QuickBooks misbehaving, and people voiding, deleting, renumbering and
// releasing invoices. Every step ends with the invariants (invariants.ts).
import fc from 'fast-check';
import { exportJobCalls } from '../../packages/api/src/billing/calls-export';
import { releaseInvoice } from '../../packages/api/src/billing/release-invoice';
import { retryJob } from '../../packages/api/src/billing/start-job';
import { periodKey, type ModelPeriod } from './model-types';
import { describeRange, rangeSpec, startRun, step, sweep } from './operations';
import type { BillingWorld } from './world';

const PERSON = { id: '00000000-0000-4000-8000-00000000a11e', email: 'clerk@example.com' };

const faults = fc
  .record({
    errors: fc.constantFrom(0, 0, 0.2, 0.5),
    lost: fc.constantFrom(0, 0, 0.3, 0.6),
    throttle: fc.constantFrom(0, 0, 3),
  })
  .map((spec) =>
    step(
      `QuickBooks: ${spec.errors * 100}% 5xx, ${spec.lost * 100}% lost answers, next ${spec.throttle} requests 429`,
      async (world) => {
        Object.assign(world.qbo.faults, {
          serverErrorRate: spec.errors,
          lostAnswerRate: spec.lost,
          throttleBurst: spec.throttle,
        });
      },
    ),
  );

const refusal = fc.integer({ min: 1, max: 2 }).map((count) =>
  step(`QuickBooks refuses the next ${count} invoice(s)`, async (world) => {
    world.front.refuseNext = count;
  }),
);

const activeInvoice = (world: BillingWorld, pick: number) => {
  world.quickBooks.refresh(world.nowMs);
  const active = world.quickBooks.invoices().filter((invoice) => invoice.state === 'active');
  return active.length ? active[pick % active.length]! : null;
};

const voidOrDelete = fc.record({ pick: fc.nat(50), remove: fc.boolean() }).map((spec) =>
  step(`a person ${spec.remove ? 'deletes' : 'voids'} an invoice in QuickBooks`, async (world) => {
    const invoice = activeInvoice(world, spec.pick);
    if (!invoice) return;
    if (spec.remove) world.qbo.deleteInvoice(invoice.id);
    else world.qbo.voidInvoice(invoice.id);
  }),
);

const renumber = fc.nat(50).map((pick) =>
  step('a person edits an invoice number in QuickBooks', async (world) => {
    const invoice = activeInvoice(world, pick);
    if (!invoice) return;
    world.qbo.renumberInvoice(invoice.id, `INV-${invoice.id}-${pick}`);
    world.renumbered.add(invoice.id);
  }),
);

/** A person releases a voided or deleted invoice for re-billing (audited; never automatic). */
async function releaseOne(world: BillingWorld, pick: number | { qboInvoiceId: string }): Promise<void> {
  world.quickBooks.refresh(world.nowMs);
  const candidates = world.quickBooks
    .invoices()
    .filter((invoice) => invoice.state !== 'active' && !world.memory.releasedInvoices.has(invoice.id));
  const invoice =
    typeof pick === 'number'
      ? candidates[pick % Math.max(1, candidates.length)]
      : candidates.find((candidate) => candidate.id === pick.qboInvoiceId);
  if (!invoice) return;
  const profile = [...world.model.profiles.values()].find(
    (candidate) => candidate.qboCustomerId === invoice.customerId,
  )!;
  const { csv } = await exportJobCalls(world.db, invoice.jobCode!, profile.id);
  await releaseInvoice(world.services, invoice.id, PERSON, 'oracle: voided in QuickBooks');
  world.memory.releasedInvoices.add(invoice.id);
  const released = csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[0]!);
  for (const id of released) world.memory.releasedCalls.set(id, invoice.docNumber);
  // Its periods wait for the customer's next completed scheduled run (re-billing or a credit).
  const disturb = (period: ModelPeriod) =>
    world.memory.disturbed.set(periodKey(period), {
      reason: `settle:${profile.id}`,
      endMs: period.endMs,
      lastDay: period.label.end,
    });
  for (const id of released) disturb(world.model.periodAt(profile.id, world.model.call(id)!.startMs));
  for (const line of invoice.lines) {
    const match = /(\d{2})\/(\d{2})\/(\d{4})/.exec(line.description);
    const period = match ? world.model.periodNaming(profile.id, `${match[3]}-${match[1]}-${match[2]}`) : null;
    if (period) disturb(period);
  }
}

/**
 * DESIGN.md §4 "A sent invoice is never dropped by a machine": QuickBooks creates an invoice but its
 * answer is lost and QuickBooks goes down before anyone can look it up; a person then edits its
 * number; QuickBooks comes back, the sweep runs and a clerk retries. Its calls must stay billed once.
 */
const lostThenRenumbered = rangeSpec.map((range) =>
  step(
    `QuickBooks creates an invoice of a run over ${describeRange(range)}, loses the answer and goes down; a person renumbers it; the sweep and a retry follow`,
    async (world) => {
      const lost = world.qbo.faults.lostAnswerRate;
      world.qbo.faults.lostAnswerRate = 1;
      world.front.outage = 'after-next-create';
      const job = await startRun(world, range, false);
      if (job) await world.drain({ concurrency: 1 });
      world.front.outage = 'off';
      world.qbo.faults.lostAnswerRate = lost;
      if (!job) return;
      world.quickBooks.refresh(world.nowMs);
      const landed = world.quickBooks
        .invoices()
        .find((invoice) => invoice.jobCode === job.jobId && invoice.state === 'active');
      if (landed) {
        world.qbo.renumberInvoice(landed.id, `INV-${landed.id}-P`);
        world.renumbered.add(landed.id);
      }
      await sweep(world);
      if (
        !world.killSwitch &&
        (await world.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status === 'FAILED'
      ) {
        await retryJob(world.services, job.id, null);
        await world.drain();
      }
    },
  ),
);

/** A person voids an invoice in QuickBooks and releases it for re-billing straight away. */
const voidThenRelease = fc.nat(50).map((pick) =>
  step('a person voids an invoice in QuickBooks and releases it for re-billing', async (world) => {
    const invoice = activeInvoice(world, pick);
    if (!invoice) return;
    world.qbo.voidInvoice(invoice.id);
    await releaseOne(world, { qboInvoiceId: invoice.id });
  }),
);

const release = fc
  .nat(50)
  .map((pick) =>
    step('a person releases a voided or deleted invoice for re-billing', (world) => releaseOne(world, pick)),
  );

export const quickBooksOperations = {
  faults,
  refusal,
  voidOrDelete,
  renumber,
  release,
  voidThenRelease,
  lostThenRenumbered,
};
export { releaseOne };
