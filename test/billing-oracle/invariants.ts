// What must hold after every step of the billing oracle, read from QuickBooks' side (the
// simulator's invoices and credit memos) and from the app (its job rows and the calls export of
// Job Details), and compared with the model (DESIGN.md §4).
import { exportJobCalls } from '../../packages/api/src/billing/calls-export';
import { addDays, dayIn, firstDayNamedIn, labelOf, startOfDay } from './calendar';
import { periodKey, type ModelCall, type ModelPeriod } from './model-types';
import { centsOf, formatCents, type Terms } from './money';
import type { SeenDocument } from './quickbooks-side';
import type { BillingWorld } from './world';
import type { ManualJob, ScheduledJob } from './world-types';

export class OracleFailure extends Error {}

export function fail(message: string): never {
  throw new OracleFailure(message);
}

/** The conversation ids an invoice holds, as the app's calls export (Job Details → Export calls) lists them. */
async function callsOf(world: BillingWorld, document: SeenDocument, profileId: string): Promise<string[]> {
  const cached = world.memory.callsOfInvoice.get(document.id);
  if (cached) return cached;
  if (!document.jobCode)
    fail(`invoice ${document.docNumber} (QuickBooks ${document.id}) names no billing job in its private note`);
  const { csv } = await exportJobCalls(world.db, document.jobCode, profileId);
  const ids = csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[0]!);
  world.memory.callsOfInvoice.set(document.id, ids);
  return ids;
}

function profileOfCustomer(world: BillingWorld, customerId: string): string | null {
  for (const profile of world.model.profiles.values()) if (profile.qboCustomerId === customerId) return profile.id;
  return null;
}

/**
 * Terms a period is billed under (DESIGN.md §4 "Terms are fixed by what QuickBooks holds"): the
 * profile's terms when the reservation behind the period's first created invoice was made, i.e.
 * at the last working of its job before the app reserved it. A run stopped before it sent leaves
 * no trace: its retry rates with the terms of its own time.
 */
async function termsFor(
  world: BillingWorld,
  profileId: string,
  period: ModelPeriod,
  documents: SeenDocument[],
): Promise<Terms[]> {
  const first = documents.find(
    (document) =>
      document.kind === 'invoice' &&
      namedPeriods(world, profileId, document).some((named) => periodKey(named) === periodKey(period)),
  );
  const workings = first?.jobCode ? (world.memory.jobTerms.get(first.jobCode) ?? []) : [];
  if (!first || workings.length === 0) {
    // Never invoiced: settled (owing nothing) under the terms of its first rating, or owed under today's.
    const settled = world.memory.ratedTerms.get(periodKey(period));
    return settled ? [settled, world.model.profile(profileId).terms] : [world.model.profile(profileId).terms];
  }
  const entry = await world.db.invoiceLedgerEntry.findFirst({
    where: { qboInvoiceId: first.id },
    orderBy: { createdAt: 'asc' },
  });
  const reservedAtMs = entry?.createdAt.getTime() ?? Number.POSITIVE_INFINITY;
  const before = workings.filter((working) => working.startedAtMs <= reservedAtMs);
  const chosen = before.length ? [before[before.length - 1]!] : workings;
  return chosen.map((working) => working.terms.get(profileId)!).filter(Boolean);
}

function namedPeriods(world: BillingWorld, profileId: string, document: SeenDocument): ModelPeriod[] {
  return document.lines.map((line) => {
    const day = firstDayNamedIn(line.description);
    const period = day ? world.model.periodNaming(profileId, day) : null;
    if (!period)
      fail(`${document.kind} ${document.docNumber}: line "${line.description}" names no period of the profile`);
    return period;
  });
}

/**
 * Billed calls of a profile: those on its invoices QuickBooks holds and no person released, and
 * those its settlements claim (DESIGN.md §4: a later rating that adds nothing, e.g. calls within a
 * minimum already invoiced, accounts for them without an invoice: they are billed, not owed again).
 */
async function billedCalls(
  world: BillingWorld,
  profileId: string,
  documents: SeenDocument[],
  liveOnly: boolean,
): Promise<Map<string, { call: ModelCall; on: string }>> {
  const billed = new Map<string, { call: ModelCall; on: string }>();
  const record = (conversationId: string, on: string) => {
    const call = world.model.call(conversationId);
    if (!call) fail(`${on} bills ${conversationId}, a conversation Genesys never reported`);
    if (!world.model.mayBeBilled(profileId, call))
      fail(`${on} bills ${conversationId}, a ${call.mediaType} interaction (only voice calls are billable)`);
    const other = billed.get(conversationId);
    if (other) fail(`call ${conversationId} is billed twice: on ${other.on} and on ${on}`);
    billed.set(conversationId, { call, on });
  };
  for (const invoice of documents) {
    if (invoice.kind !== 'invoice' || world.memory.releasedInvoices.has(invoice.id)) continue;
    if (liveOnly && invoice.state !== 'active') continue;
    for (const conversationId of await callsOf(world, invoice, profileId))
      record(conversationId, `invoice ${invoice.docNumber} (QuickBooks ${invoice.id})`);
  }
  for (const settlement of await world.settlements(profileId))
    for (const conversationId of settlement.conversationIds)
      record(conversationId, `settlement ${settlement.docNumber}`);
  return billed;
}

/**
 * Per customer and period: invoiced − credited in QuickBooks = what the model says the billed
 * calls owe, to the cent; no call on two live invoices. Periods waiting for a person (a voided or
 * deleted invoice not yet released) or for the customer's next run (after a release) are left out.
 */
export async function checkMoney(world: BillingWorld): Promise<void> {
  world.quickBooks.refresh(world.nowMs);
  const all = [...world.quickBooks.documents.values()].sort((a, b) => Number(a.id) - Number(b.id));
  for (const document of all) {
    if (profileOfCustomer(world, document.customerId) === null)
      fail(
        `${document.kind} ${document.docNumber} bills QuickBooks customer ${document.customerId}, ` +
          'which no profile names',
      );
  }
  for (const profile of world.model.profiles.values()) {
    const documents = all.filter((document) => document.customerId === profile.qboCustomerId);
    const periods = new Map<string, ModelPeriod>();
    const actual = new Map<string, bigint>();
    const waiting = new Set<string>();
    for (const document of documents) {
      const named = namedPeriods(world, profile.id, document);
      named.forEach((period, index) => {
        const key = periodKey(period);
        periods.set(key, period);
        if (document.state !== 'active') {
          if (document.kind === 'invoice' && !world.memory.releasedInvoices.has(document.id)) waiting.add(key);
          return;
        }
        const sign = document.kind === 'credit' ? -1n : 1n;
        actual.set(key, (actual.get(key) ?? 0n) + sign * centsOf(document.lines[index]!.amount));
      });
    }
    const byPeriod = new Map<string, ModelCall[]>();
    for (const { call } of (await billedCalls(world, profile.id, documents, true)).values()) {
      const period = world.model.periodAt(profile.id, call.startMs);
      periods.set(periodKey(period), period);
      byPeriod.set(periodKey(period), [...(byPeriod.get(periodKey(period)) ?? []), call]);
    }
    for (const [key, period] of world.memory.mustBill) if (period.profileId === profile.id) periods.set(key, period);
    for (const [key, period] of periods) {
      if (waiting.has(key) || world.memory.disturbed.has(key)) continue;
      const calls = byPeriod.get(key) ?? [];
      const invoiced = actual.get(key) ?? 0n;
      if (!world.memory.mustBill.has(key) && invoiced === 0n && calls.length === 0) continue;
      const owed = world.model.owedCents(period, calls, await termsFor(world, profile.id, period, documents));
      if (!owed.has(invoiced)) {
        const seconds = world.model.billedSecondsOf(calls);
        fail(
          `${profile.name}, period ${labelOf(period.label)}: ` +
            `QuickBooks holds ${formatCents(invoiced)} (invoiced − credited), ` +
            `DESIGN.md §4 says ${[...owed].map(formatCents).join(' or ')} ` +
            `for its ${calls.length} billed calls (${seconds} billed seconds)` +
            `${world.memory.mustBill.has(key) ? '; a completed scheduled run had to bill this period' : ''}` +
            `; its lines: ${linesNaming(world, profile.id, documents, key)}`,
        );
      }
    }
  }
}

/** The lines QuickBooks holds for a period, as a person would read them (for failure messages). */
function linesNaming(world: BillingWorld, profileId: string, documents: SeenDocument[], key: string): string {
  const lines = documents.flatMap((document) =>
    document.lines
      .filter((_line, index) => periodKey(namedPeriods(world, profileId, document)[index]!) === key)
      .map(
        (line) => `${document.kind} ${document.docNumber} (${document.state}): "${line.description}" ${line.amount}`,
      ),
  );
  if (lines.length) return lines.join('; ');
  const all = documents.flatMap((document) =>
    document.lines.map(
      (line) => `${document.kind} ${document.docNumber} (${document.state}): "${line.description}" ${line.amount}`,
    ),
  );
  return `none (the customer's documents: ${all.join('; ') || 'none'})`;
}

/** A completed run rated the period: remember when, and under which terms (its own, as it just ran). */
function markRated(world: BillingWorld, profileId: string, period: ModelPeriod, atMs: number): void {
  const key = periodKey(period);
  if (world.memory.ratedMs.has(key)) return;
  world.memory.ratedMs.set(key, atMs);
  world.memory.ratedTerms.set(key, { ...world.model.profile(profileId).terms });
}

/**
 * After a completed scheduled run: every call it had to bill is on an invoice of the profile that
 * no person released, and every ended period in service is owed from now on (checked by checkMoney).
 * A released period is settled by this run: its money is checked again.
 */
export async function checkScheduledRun(world: BillingWorld, job: ScheduledJob): Promise<void> {
  // A run of a profile deleted since (a failed one, retried) completes with nothing to bill: the
  // profile is gone with its periods (soak seed 238827408 path 24).
  if (world.memory.deletedProfiles.has(job.profileId)) return;
  const profile = world.model.profile(job.profileId);
  // Likewise a run of a profile archived since: an archived profile is billed by no run (DESIGN.md §4
  // "Archive"; what it left unbilled is listed as unowned calls for a person), so a failed run retried
  // after the archive completes having billed nothing (soak seed 695564647 path 39).
  if (profile.archived && !profile.active) return;
  world.quickBooks.refresh(world.nowMs);
  const documents = world.quickBooks.invoices().filter((document) => document.customerId === profile.qboCustomerId);
  const firstBilled = new Map<string, number>();
  for (const document of documents) {
    for (const period of namedPeriods(world, profile.id, document)) {
      const key = periodKey(period);
      firstBilled.set(key, Math.min(firstBilled.get(key) ?? Number.POSITIVE_INFINITY, document.firstSeenMs));
    }
  }
  const billed = await billedCalls(world, profile.id, documents, false);
  const released = new Set(world.memory.releasedCalls.keys());
  const billedOrRated = (period: ModelPeriod) => {
    const times = [firstBilled.get(periodKey(period)), world.memory.ratedMs.get(periodKey(period))].filter(
      (time): time is number => time !== undefined,
    );
    return times.length ? Math.min(...times) : null;
  };
  const due = world.model.callsDueAt(profile.id, job, { firstBilledMs: billedOrRated, released });
  // A call released while this run sent was claimed when it rated: the next run bills it.
  const missing = due.filter(
    (call) => !billed.has(call.conversationId) && !world.memory.releasedWhileRunning.has(call.conversationId),
  );
  if (missing.length > 0) {
    const described = missing.slice(0, 5).map((call) => {
      const releasedFrom = world.memory.releasedCalls.get(call.conversationId);
      const history = releasedFrom ? `released from invoice ${releasedFrom}` : 'never billed';
      const started = new Date(call.startMs).toISOString();
      const reported = new Date(call.arrivedMs).toISOString();
      return `${call.conversationId} (${call.queue}, started ${started}, reported ${reported}, ${call.durationSeconds} s, ${history})`;
    });
    fail(
      `scheduled run ${job.jobId} of ${profile.name} (due ${dayIn(job.dueMs, world.model.zone)}) ` +
        `completed on ${dayIn(job.runMs, world.model.zone)} ` +
        `without billing ${missing.length} call(s) it had to: ${described.join('; ')}`,
    );
  }
  const runDayStart = startOfDay(dayIn(job.dueMs, world.model.zone), world.model.zone);
  for (const period of world.model.periodsEndedBy(profile.id, runDayStart)) {
    if (world.model.daysInService(period).most > 0) world.memory.mustBill.set(periodKey(period), period);
    markRated(world, profile.id, period, job.runMs);
  }
  // A released period is settled by a run whose range reaches it: a fresh run's range starts at the
  // first period not billed in full, but a failed run retried keeps the range it was queued with,
  // so a period released after that waits for the next run (soak seed 284957573 path 19).
  for (const [key, disturbance] of world.memory.disturbed) {
    if (
      disturbance.reason === `settle:${profile.id}` &&
      disturbance.endMs <= runDayStart &&
      (disturbance.lastDay === undefined || disturbance.lastDay >= job.start)
    )
      world.memory.disturbed.delete(key);
  }
}

/**
 * After a completed manual run (DESIGN.md §4 "Manual runs", "Manual runs re-pull their whole
 * range"): every voice call of its days on its queues that Genesys had reported and that had
 * ended is billed, to the profile that held the queue throughout, if the run invoiced or skipped it.
 */
export async function checkManualRun(world: BillingWorld, job: ManualJob): Promise<void> {
  world.quickBooks.refresh(world.nowMs);
  const zone = world.model.zone;
  for (const profileId of job.profileIds) {
    const profile = world.model.profiles.get(profileId);
    if (!profile) continue;
    const documents = world.quickBooks.invoices().filter((document) => document.customerId === profile.qboCustomerId);
    const billed = await billedCalls(world, profile.id, documents, false);
    const billingStartMs = world.model.billingStartMs(profile.id);
    const missing = world.model.calls.filter((call) => {
      const day = dayIn(call.startMs, zone);
      if (
        day < job.start ||
        day > job.end ||
        !job.queues.includes(call.queue) ||
        !world.model.mustBeBilled(profile.id, call)
      )
        return false;
      if (
        call.arrivedMs > job.runMs ||
        call.startMs + call.durationSeconds * 1000 > job.runMs ||
        call.startMs < billingStartMs
      )
        return false;
      return (
        world.model.heldThroughout(profile.id, call.queue, call.startMs, job.runMs) &&
        !billed.has(call.conversationId) &&
        // Released while this run sent (it rated the call as claimed): the next run bills it.
        !world.memory.releasedWhileRunning.has(call.conversationId)
      );
    });
    // The periods the run touched are rated from now on (a later call there is late usage).
    for (let day = job.start; day <= job.end; day = addDays(day, 1)) {
      markRated(world, profile.id, world.model.periodAt(profile.id, startOfDay(day, zone) + 12 * 3_600_000), job.runMs);
    }
    if (missing.length > 0) {
      const described = missing.slice(0, 5).map((call) => {
        const releasedFrom = world.memory.releasedCalls.get(call.conversationId);
        const history = releasedFrom ? `released from invoice ${releasedFrom}` : 'never billed';
        return `${call.conversationId} (${call.queue}, ${dayIn(call.startMs, zone)}, reported ${dayIn(call.arrivedMs, zone)}, ${history})`;
      });
      fail(
        `manual run ${job.jobId} over ${job.start}..${job.end} completed without billing ${missing.length} call(s) of ${profile.name} in its range: ${described.join('; ')}`,
      );
    }
  }
}

/** No invoice or credit memo reached QuickBooks while billing was stopped. */
export function checkStopped(world: BillingWorld, what: string): void {
  if (world.front.createsWhileStopped > 0)
    fail(`${world.front.createsWhileStopped} invoice request(s) reached QuickBooks after ${what} took effect`);
}
