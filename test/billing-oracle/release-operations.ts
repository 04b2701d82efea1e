// A release as a clerk lives it, with the runs around it (DESIGN.md §4 "Voids", "Released calls are
// unbilled calls"): an invoice is voided in QuickBooks; a run over its days must not bill its calls
// again while the app still counts them as billed (nobody released them); a person releases it; the
// next run over those days must bill each of its calls again, exactly once.
import fc from 'fast-check';
import { exportJobCalls } from '../../packages/api/src/billing/calls-export';
import { checkCreatedInvoices } from '../../packages/api/src/billing/check-invoices';
import { addDays, dayIn } from './calendar';
import { OracleFailure } from './invariants';
import { startRun, step } from './operations';
import { releaseOne } from './quickbooks-operations';
import type { ModelCall, ModelProfile } from './model-types';
import type { SeenDocument } from './quickbooks-side';
import type { BillingWorld } from './world';

function fail(message: string): never {
  throw new OracleFailure(message);
}

const idsOfCsv = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[0]!);

/** Invoices QuickBooks holds (any state) that no person released, and the app's settlements, per call they bill. */
async function invoicesHolding(world: BillingWorld, callIds: string[]): Promise<Map<string, string[]>> {
  world.quickBooks.refresh(world.nowMs);
  const wanted = new Set(callIds);
  const holding = new Map<string, string[]>(callIds.map((id) => [id, []]));
  for (const invoice of world.quickBooks.invoices()) {
    if (world.memory.releasedInvoices.has(invoice.id) || !invoice.jobCode) continue;
    const profile = [...world.model.profiles.values()].find(
      (candidate) => candidate.qboCustomerId === invoice.customerId,
    );
    if (!profile) continue;
    const cached = world.memory.callsOfInvoice.get(invoice.id);
    const ids = cached ?? idsOfCsv((await exportJobCalls(world.db, invoice.jobCode, profile.id)).csv);
    for (const id of ids)
      if (wanted.has(id)) holding.get(id)!.push(`${invoice.docNumber} (QuickBooks ${invoice.id}, ${invoice.state})`);
  }
  // A settlement bills a call too (within a minimum already invoiced, nothing more to invoice).
  for (const profile of world.model.profiles.values())
    for (const settlement of await world.settlements(profile.id))
      for (const id of settlement.conversationIds)
        if (wanted.has(id)) holding.get(id)!.push(`settlement ${settlement.docNumber}`);
  return holding;
}

/** QuickBooks answers every request while `body` runs (a release is judged on what the runs did, not on faults). */
async function withoutFaults<T>(world: BillingWorld, body: () => Promise<T>): Promise<T> {
  const faults = { ...world.qbo.faults };
  const refuse = world.front.refuseNext;
  Object.assign(world.qbo.faults, { serverErrorRate: 0, lostAnswerRate: 0, throttleBurst: 0 });
  world.front.refuseNext = 0;
  try {
    return await body();
  } finally {
    Object.assign(world.qbo.faults, faults);
    world.front.refuseNext = refuse;
  }
}

/** A completed real run over `days` of these queues; false when the product refused or did not complete it. */
async function runOver(world: BillingWorld, days: { start: string; end: string }, queues: string[]): Promise<boolean> {
  const today = dayIn(world.nowMs, world.model.zone);
  const endBack = Math.round((Date.parse(today) - Date.parse(days.end)) / 86_400_000);
  const length = Math.round((Date.parse(days.end) - Date.parse(days.start)) / 86_400_000) + 1;
  const indexes = queues.map((queue) => world.queues.indexOf(queue)).filter((index) => index >= 0);
  const job = await startRun(world, { endBack, length, queues: indexes }, false);
  if (!job) return false;
  await world.drain();
  return (await world.db.billingJob.findUniqueOrThrow({ where: { id: job.id } })).status === 'COMPLETED';
}

/**
 * The whole life of a release, checked call by call: void, a run (the calls stay on the voided
 * invoice only), release, a run (each call of the released invoice that its customer still owes is
 * on exactly one invoice nobody released).
 */
export const voidRunReleaseRun = fc.nat(50).map((pick) =>
  step(
    'a person voids an invoice in QuickBooks; a run over its days; the person releases it; a run over its days again',
    async (world) => {
      if (world.killSwitch) return;
      world.quickBooks.refresh(world.nowMs);
      // Among the active invoices that bill calls (a minimum-only invoice frees no call).
      const withCalls: Array<{ invoice: SeenDocument; profile: ModelProfile; callIds: string[] }> = [];
      for (const candidate of world.quickBooks.invoices()) {
        if (candidate.state !== 'active' || !candidate.jobCode) continue;
        const owner = [...world.model.profiles.values()].find(
          (profile) => profile.qboCustomerId === candidate.customerId,
        );
        if (!owner) continue;
        const ids = idsOfCsv((await exportJobCalls(world.db, candidate.jobCode, owner.id)).csv);
        if (ids.length) withCalls.push({ invoice: candidate, profile: owner, callIds: ids });
      }
      if (withCalls.length === 0) return;
      const { invoice, profile, callIds } = withCalls[pick % withCalls.length]!;
      const calls = callIds.map((id) => world.model.call(id)).filter((call): call is ModelCall => Boolean(call));
      if (calls.length === 0) return;
      const zone = world.model.zone;
      const callDays = calls.map((call) => dayIn(call.startMs, zone)).sort();
      const yesterday = addDays(dayIn(world.nowMs, zone), -1);
      const days = {
        start: callDays[0]!,
        end: callDays[callDays.length - 1]! < yesterday ? callDays[callDays.length - 1]! : yesterday,
      };
      if (days.start > days.end || (Date.parse(days.end) - Date.parse(days.start)) / 86_400_000 > 365) return;
      const queues = [...new Set(calls.map((call) => call.queue))];

      await withoutFaults(world, async () => {
        world.qbo.voidInvoice(invoice.id);
        await checkCreatedInvoices(world.services);
        // Voided, not released: its calls are still billed, so no run bills them again.
        await runOver(world, days, queues);
        for (const [id, holders] of await invoicesHolding(world, callIds)) {
          if (holders.length !== 1 || !holders[0]!.includes(`(QuickBooks ${invoice.id},`))
            fail(
              `call ${id} of voided (not released) invoice ${invoice.docNumber} is on ${holders.join(', ')} after a run over ${days.start}..${days.end}: ` +
                'a call nobody released was billed again',
            );
        }
        await releaseOne(world, { qboInvoiceId: invoice.id });
        // Released: the next run over its days bills each of its calls again, once.
        if (!(await runOver(world, days, queues))) return;
        const owedTo = (call: ModelCall) =>
          !profile.archived &&
          profile.active &&
          call.startMs >= world.model.billingStartMs(profile.id) &&
          world.model.heldThroughout(profile.id, call.queue, call.startMs, world.nowMs);
        for (const [id, holders] of await invoicesHolding(world, callIds)) {
          const call = world.model.call(id)!;
          if (holders.length > 1)
            fail(`released call ${id} of invoice ${invoice.docNumber} is billed again twice: ${holders.join(', ')}`);
          if (holders.length === 0 && owedTo(call))
            fail(
              `released call ${id} of invoice ${invoice.docNumber} (${call.queue}, ${dayIn(call.startMs, zone)}, ${call.durationSeconds} s) ` +
                `is on no invoice after a completed run over ${days.start}..${days.end}: its release did not free it`,
            );
        }
      });
    },
  ),
);

export const releaseOperations = { voidRunReleaseRun };
