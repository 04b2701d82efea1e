// Model-based property test of "every call billed exactly once" (issue 12, DESIGN.md §4).
//
// fast-check draws random sequences of what happens to a billing business — calls arriving (late
// ones, and calls in progress that end later), manual runs over random past ranges, scheduled runs
// after random downtime, queue moves, archived profiles, a company timezone change, runs whose
// worker dies mid-run, QuickBooks losing answers, invoices voided in QuickBooks and released for
// re-billing, retries — and runs them against the real PostgreSQL (billing's own SQL, constraints
// and triggers), real pg-boss queues and the QuickBooks simulator over HTTP. After every step the
// invariants that hold at all times are checked; after each sequence everything is settled (faults
// off, calls ended, interrupted jobs resumed, failures retried, one last run) and the whole promise
// is checked: each billable call on exactly one live invoice, every period invoiced exactly
// amount(U) of its calls, QuickBooks holding exactly the invoices the ledger names.
//
// BILLING_PROPERTY_RUNS sets the number of sequences (CI: a few; `npm run test:soak`: many).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, QboClient, QboOAuth } from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { createTestApi, type TestApi } from '../../../../test/caller';
import { deleteProfile } from '../customer-profiles/profiles';
import { addDays, calendarDateInZone, compareDates, dateFromCalendar, type CalendarDate } from '../domain/calendar';
import { rateUsage } from '../domain/rating';
import { checkCreatedInvoices } from './check-invoices';
import { createBillingQueues } from './job-queues';
import { releaseInvoice } from './release-invoice';
import { runBillingJob } from './run-job';
import { handleScheduledRun } from './scheduled-runs';
import { resolveAbandonedReservations } from './send-invoices';
import { retryJob, startManualJob } from './start-job';

const RUNS = Number(process.env.BILLING_PROPERTY_RUNS ?? 12);
const SEED = process.env.BILLING_PROPERTY_SEED ? Number(process.env.BILLING_PROPERTY_SEED) : undefined;
const TIMELINE_START = '2026-03-01';
const TIMELINE_END = '2026-10-31';
const TIMELINE_DAYS = 245;
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Pacific/Auckland'] as const;
const RULES = [
  { billingPeriodStart: 1, billingPeriodEnd: 31 },
  { billingPeriodStart: 16, billingPeriodEnd: 15 },
  { billingPeriodStart: 31, billingPeriodEnd: 30 },
] as const;

// ------------------------------------------------------------------ the QuickBooks side, with crashes

/** How the next run's worker dies: after this many invoice requests, before or after sending the next one. */
type Crash = { afterSends: number; requestReachesQuickBooks: boolean } | null;

class CrashingQbo {
  private crash: Crash = null;
  private sends = 0;
  private frozen = false;
  /** Resolves when the worker of the current run has died. */
  died: Promise<void> = new Promise(() => undefined);
  private markDied: () => void = () => undefined;

  constructor(private readonly client: QboClient) {}

  /** Arms a crash for the next run (null: no crash). */
  arm(crash: Crash): void {
    this.crash = crash;
    this.sends = 0;
    this.frozen = false;
    this.died = new Promise((resolve) => (this.markDied = resolve));
  }

  /** A client for one run: once its worker has died, everything it asks hangs for ever. */
  clientForRun(): QboClient {
    const never = () => new Promise<never>(() => undefined);
    return new Proxy(this.client, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (this.frozen) return never();
          if (property === 'createInvoice' && this.crash && this.sends >= this.crash.afterSends) {
            this.frozen = true;
            this.markDied();
            if (this.crash.requestReachesQuickBooks) void (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch(() => undefined);
            return never();
          }
          if (property === 'createInvoice') this.sends += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
}

// ------------------------------------------------------------------ the world one sequence works in

type Profile = { id: string; name: string; queues: string[]; archived: boolean; minimum: number; rate: string };
type World = {
  prefix: string;
  queues: Array<{ id: string; name: string }>;
  profiles: Profile[];
  /** The scheduler's clock: the day it last ran (inclusive), in the timeline. */
  clock: CalendarDate;
  inProgress: string[];
  /**
   * Invoices released for re-billing (profile, queues of their calls). Their freed calls are billed
   * to whoever holds the queue at the next run; when that is another profile (a queue move, an
   * archive), or a timezone change moved them to another period, the released profile's period no
   * longer holds the calls its remaining invoices were priced with, so amount(U) is not checked there.
   */
  released: Array<{ profileId: string; queues: string[] }>;
  timezoneChangedAfterRelease: boolean;
  jobIds: string[];
  log: string[];
};

describe('every call billed exactly once, over random sequences of billing life', () => {
  let api: TestApi;
  let boss: PgBoss;
  let simulator: QboSimulator;
  let closeSimulator: () => Promise<void>;
  let qbo: CrashingQbo;
  let worldSeq = 0;
  const tally = { sequences: 0, steps: 0, jobs: 0, crashes: 0, releases: 0 };

  beforeAll(async () => {
    simulator = createQboSimulator({ requestsPerMinute: 100_000 });
    const listening = await simulator.listen();
    closeSimulator = listening.close;
    const config = { ...simulator.credentials, environment: 'sandbox' as const, redirectUri: 'http://localhost/qbo-callback', simulatorBaseUrl: listening.url };
    const client = new QboClient({ config, tokenStore: createMemoryTokenStore(), sleep: () => Promise.resolve(), maxAttempts: 3 });
    await client.connect(await simulator.approve(new QboOAuth(config).authorizeUrl('property-test')));
    qbo = new CrashingQbo(client);
    api = await createTestApi({
      integrations: {
        qbo: {
          simulated: true,
          getClient: async () => qbo.clientForRun(),
          status: async () => ({ connected: true, environment: 'sandbox', companyName: 'Simulator', expiresInSeconds: 3600, lastError: null }),
        },
      },
    });
    // Real pg-boss queues: manual runs are queued as in production; this test runs each job itself.
    boss = new PgBoss({ connectionString: api.databaseUrl, schema: 'pgboss', max: 2 });
    await boss.start();
    await createBillingQueues(boss);
    api.services.jobs = { send: (queue, data, options) => boss.send(queue, data, options ?? {}) };
    // Every billed period stays in the late-usage window: a late call of any sequence is billed.
    await api.db.organizationSettings.update({ where: { id: 1 }, data: { lateUsageWindowDays: 3650, billingIncrementSeconds: 6 } });
  }, 120_000);

  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await api?.close();
    await closeSimulator?.();
  });

  async function newWorld(profileCount: number, queueCount: number, seedTerms: Array<{ rule: number; minimum: number; rate: string; startOffset: number }>): Promise<World> {
    worldSeq += 1;
    const prefix = `W${worldSeq}-${randomUUID().slice(0, 4)}`;
    const { db } = api;
    const queues = Array.from({ length: queueCount }, (_, index) => ({ id: `${prefix}-q${index}`, name: `${prefix} Queue ${index}` }));
    await db.genesysQueue.createMany({ data: queues });
    const profiles: Profile[] = [];
    for (let index = 0; index < profileCount; index += 1) {
      const terms = seedTerms[index % seedTerms.length]!;
      const rule = RULES[terms.rule % RULES.length]!;
      // Queue i belongs to profile i (the last profile takes the rest).
      const owned = queues.filter((_, queueIndex) => (queueIndex < profileCount ? queueIndex === index : index === profileCount - 1)).map((queue) => queue.name);
      const created = await db.customerProfile.create({
        data: {
          qboDisplayName: `${prefix} Customer ${index}`,
          qboCustomerId: String(1 + (index % 12)),
          genesysQueueNames: owned,
          ratePerMinute: terms.rate,
          minimumMinutes: terms.minimum,
          overageRatePerMinute: '0.0900',
          ...rule,
          billingStartDate: dateFromCalendar(addDays(TIMELINE_START, terms.startOffset)),
        },
      });
      if (owned.length) await db.customerProfileQueue.createMany({ data: owned.map((queueName) => ({ profileId: created.id, queueName })) });
      profiles.push({ id: created.id, name: created.qboDisplayName, queues: owned, archived: false, minimum: terms.minimum, rate: terms.rate });
    }
    return { prefix, queues, profiles, clock: addDays(TIMELINE_START, 14), inProgress: [], released: [], timezoneChangedAfterRelease: false, jobIds: [], log: [] };
  }

  // ------------------------------------------------------------------ running jobs as workers would

  /** Runs a job to its end; with a crash armed, its worker dies mid-run and another one resumes it. */
  async function work(world: World, billingJobId: string, crash: Crash = null, concurrency = 2): Promise<void> {
    world.jobIds.push(billingJobId);
    tally.jobs += 1;
    qbo.arm(crash);
    // A dead worker beats no heart: the first run's heartbeat interval is longer than the test.
    const first = runBillingJob(api.services, billingJobId, { concurrency, staleSeconds: 60, heartbeatMs: 3_600_000 });
    const outcome = await Promise.race([first.then(() => 'finished' as const), qbo.died.then(() => 'died' as const)]);
    qbo.arm(null);
    if (outcome === 'died') {
      tally.crashes += 1;
      await resumeStale(billingJobId);
    }
  }

  /** What the sweep does for a job whose worker died: another worker takes it over and finishes it. */
  async function resumeStale(billingJobId: string): Promise<void> {
    await api.db.billingJob.updateMany({ where: { id: billingJobId, status: 'IN_PROGRESS' }, data: { heartbeatAt: new Date(Date.now() - 3_600_000) } });
    await runBillingJob(api.services, billingJobId, { concurrency: 2, staleSeconds: 60, heartbeatMs: 3_600_000 });
  }

  async function manualRun(world: World, start: CalendarDate, end: CalendarDate, queues: string[], options: { dryRun?: boolean; crash?: Crash } = {}) {
    if (queues.length === 0) return;
    const job = await startManualJob(api.services, { billingPeriodStart: start, billingPeriodEnd: end, isDryRun: Boolean(options.dryRun), selectedQueues: queues }, null);
    await work(world, job.id, options.crash ?? null);
    return job.id;
  }

  // ------------------------------------------------------------------ the invariants

  type LiveClaim = { id: bigint; ledgerId: string; periodId: string; queueId: string; calls: number; billedSeconds: bigint; recountCalls: number; recountSeconds: bigint };

  async function checkAlways(world: World, label: string): Promise<void> {
    const { db } = api;
    // 1. No call inside two live claims (PostgreSQL refuses it; this checks the refusal is real).
    const doubled = await db.$queryRaw<Array<{ conversationId: string; claims: number }>>`
      SELECT c."conversationId", count(*)::int AS claims FROM call_records c
      JOIN call_claims k ON k.live AND k."queueId" = c."queueId" AND c."startTime" >= k."startFrom" AND c."startTime" < k."startTo"
        AND c."billableSeq" >= k."seqFrom" AND c."billableSeq" < k."seqTo"
      GROUP BY c."conversationId" HAVING count(*) > 1`;
    expect(doubled, `${label}: calls on two live invoices`).toEqual([]);

    // 2. A claim's figures are the calls inside it, counted again now (billed calls never change).
    const claims = await db.$queryRaw<LiveClaim[]>`
      SELECT k.id, k."ledgerId"::text AS "ledgerId", k."periodId"::text AS "periodId", k."queueId", k.calls, k."billedSeconds",
             count(c."conversationId")::int AS "recountCalls",
             COALESCE(sum((GREATEST(c.duration, 0) + k."incrementSeconds" - 1) / k."incrementSeconds" * k."incrementSeconds"), 0)::bigint AS "recountSeconds"
      FROM call_claims k
      LEFT JOIN call_records c ON c."queueId" = k."queueId" AND c."startTime" >= k."startFrom" AND c."startTime" < k."startTo"
        AND c."billableSeq" >= k."seqFrom" AND c."billableSeq" < k."seqTo"
      GROUP BY k.id`;
    for (const claim of claims) {
      expect([claim.recountCalls, Number(claim.recountSeconds)], `${label}: claim ${claim.id} changed`).toEqual([claim.calls, Number(claim.billedSeconds)]);
    }

    // 3. QuickBooks holds exactly the invoices the ledger names; no DocNumber twice.
    const invoices = simulator.invoices();
    const docNumbers = invoices.map((invoice) => invoice.DocNumber);
    expect(new Set(docNumbers).size, `${label}: a DocNumber twice in QuickBooks`).toBe(docNumbers.length);
    const entries = await db.invoiceLedgerEntry.findMany({ where: { kind: 'INVOICE' } });
    const byDoc = new Map(entries.map((entry) => [entry.docNumber, entry]));
    for (const invoice of invoices) {
      const entry = byDoc.get(invoice.DocNumber!);
      expect(entry, `${label}: QuickBooks invoice ${invoice.DocNumber} that the ledger does not name`).toBeDefined();
      if (entry!.state === 'CREATED' || entry!.state === 'RELEASED') expect(entry!.qboInvoiceId).toBe(invoice.Id);
      if (entry!.state === 'CREATED' && !invoice.PrivateNote?.startsWith('Voided')) {
        expect(Math.round(invoice.TotalAmt * 100), `${label}: invoice ${invoice.DocNumber} amount`).toBe(Math.round(Number(entry!.amount) * 100));
      }
    }
    const inQbo = new Map(invoices.map((invoice) => [invoice.Id, invoice] as const));
    for (const entry of entries.filter((candidate) => candidate.state === 'CREATED')) {
      expect(inQbo.get(entry.qboInvoiceId!)?.DocNumber, `${label}: ledger invoice ${entry.docNumber} missing in QuickBooks`).toBe(entry.docNumber);
    }
    void world;
  }

  /** After settling: every period invoiced amount(U) of its calls; every billable call billed. */
  async function checkSettled(world: World): Promise<void> {
    const { db } = api;
    await checkAlways(world, 'settled');
    expect(await db.invoiceLedgerEntry.count({ where: { state: 'RESERVED' } }), 'reservations left after settling').toBe(0);
    const ids = world.profiles.map((profile) => profile.id);

    // Periods: their live lines add up to amount(U) of their live claims' calls, under the period's terms.
    const periods = await db.billingPeriod.findMany({ where: { profileId: { in: ids } }, include: { lines: { include: { ledger: true } }, claims: true } });
    const unchecked = new Set(
      world.released
        .filter((release) => {
          const profile = world.profiles.find((candidate) => candidate.id === release.profileId);
          return !profile || profile.archived || world.timezoneChangedAfterRelease || release.queues.some((queue) => !profile.queues.includes(queue));
        })
        .map((release) => release.profileId),
    );
    for (const period of periods) {
      const liveLines = period.lines.filter((line) => line.ledger.state !== 'RELEASED');
      if (liveLines.length === 0 || unchecked.has(period.profileId)) continue;
      const billedSeconds = period.claims.filter((claim) => claim.live).reduce((sum, claim) => sum + Number(claim.billedSeconds), 0);
      const owed = rateUsage({ billedSeconds, ratePerMinute: period.ratePerMinute.toString(), minimumMinutes: period.minimumMinutes, overageRatePerMinute: period.overageRatePerMinute.toString() }).total;
      const invoiced = liveLines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
      expect(invoiced, `period ${period.periodStart.toISOString().slice(0, 10)} of ${period.profileId}: invoiced vs amount(U) ${owed}`).toBe(Math.round(Number(owed) * 100));
    }

    // Calls: each billable call of an active profile is on exactly one live invoice.
    const settings = await db.organizationSettings.findUniqueOrThrow({ where: { id: 1 } });
    const active = await db.customerProfile.findMany({ where: { id: { in: ids }, isActive: true } });
    for (const profile of active) {
      const queueIds = world.queues.filter((queue) => profile.genesysQueueNames.includes(queue.name)).map((queue) => queue.id);
      if (queueIds.length === 0) continue;
      const calls = await db.$queryRaw<Array<{ conversationId: string; startTime: Date; claims: number }>>`
        SELECT c."conversationId", c."startTime", count(k.id)::int AS claims FROM call_records c
        LEFT JOIN call_claims k ON k.live AND k."queueId" = c."queueId" AND c."startTime" >= k."startFrom" AND c."startTime" < k."startTo"
          AND c."billableSeq" >= k."seqFrom" AND c."billableSeq" < k."seqTo"
        WHERE c."queueId" = ANY(${queueIds}::text[]) AND c."billableSeq" IS NOT NULL
        GROUP BY c."conversationId", c."startTime"`;
      const billingStart = profile.billingStartDate!.toISOString().slice(0, 10);
      for (const call of calls) {
        const day = calendarDateInZone(call.startTime, settings.timezone);
        if (compareDates(day, billingStart) < 0 || compareDates(day, TIMELINE_END) > 0) continue;
        expect(call.claims, `call ${call.conversationId} (${day}) of ${profile.qboDisplayName} not billed once\n${world.log.join('\n')}`).toBe(1);
      }
    }
  }

  // ------------------------------------------------------------------ settling a sequence

  async function settle(world: World): Promise<void> {
    const { db } = api;
    simulator.faults.lostAnswerRate = 0;
    simulator.faults.serverErrorRate = 0;
    await endCalls(world);
    // Workers that died are replaced; reservations abandoned by ended jobs are settled with QuickBooks.
    for (const job of await db.billingJob.findMany({ where: { id: { in: world.jobIds }, status: 'IN_PROGRESS' } })) await resumeStale(job.id);
    await resolveAbandonedReservations(api.services, new Date(Date.now() + 3_600_000));
    for (let round = 0; round < 3; round += 1) {
      const failed = await db.billingJob.findMany({ where: { id: { in: world.jobIds }, status: 'FAILED' } });
      if (failed.length === 0) break;
      for (const job of failed) {
        await retryJob(api.services, job.id, null);
        await work(world, job.id);
      }
    }
    const held = world.profiles.filter((profile) => !profile.archived).flatMap((profile) => profile.queues);
    await manualRun(world, TIMELINE_START, TIMELINE_END, held);
    // Settled means settled: one more run bills nothing.
    const before = simulator.invoices().length;
    const again = await manualRun(world, TIMELINE_START, TIMELINE_END, held);
    if (again) {
      const customers = await db.billingJobCustomer.findMany({ where: { billingJobId: again } });
      expect(customers.filter((customer) => customer.status === 'INVOICED'), `a second settling run invoiced again\n${world.log.join('\n')}`).toEqual([]);
    }
    expect(simulator.invoices().length).toBe(before);
  }

  async function endCalls(world: World): Promise<void> {
    for (const conversationId of world.inProgress) {
      const call = await api.db.callRecord.findUniqueOrThrow({ where: { conversationId } });
      const duration = 30 + (conversationId.length * 37) % 600;
      await api.db.callRecord.update({ where: { conversationId }, data: { endTime: new Date(call.startTime.getTime() + duration * 1000), duration } });
    }
    world.inProgress = [];
  }

  // ------------------------------------------------------------------ the commands

  type Model = { calls: number };
  type Command = fc.AsyncCommand<Model, World>;
  const step = (name: string, body: (world: World) => Promise<void>): Command => ({
    check: () => true,
    run: async (_model, world) => {
      world.log.push(name);
      tally.steps += 1;
      await body(world);
      await checkAlways(world, name);
    },
    toString: () => name,
  });

  const addCalls = fc
    .record({ queue: fc.nat(5), day: fc.nat(TIMELINE_DAYS - 1), count: fc.integer({ min: 2, max: 6 }), seconds: fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 6, maxLength: 6 }), inProgress: fc.boolean(), minute: fc.nat(1439) })
    .map((spec) =>
      step(`calls(q${spec.queue}, ${addDays(TIMELINE_START, spec.day)}, ×${spec.count}${spec.inProgress ? ', one in progress' : ''})`, async (world) => {
        const queue = world.queues[spec.queue % world.queues.length]!;
        const base = Date.parse(`${addDays(TIMELINE_START, spec.day)}T00:00:00Z`) + spec.minute * 60_000;
        const rows = Array.from({ length: spec.count }, (_, index) => {
          const start = new Date(base + index * 97_000);
          const seconds = spec.seconds[index]!;
          const running = spec.inProgress && index === 0;
          return { conversationId: `${world.prefix}-${randomUUID()}`, startTime: start, endTime: running ? null : new Date(start.getTime() + seconds * 1000), duration: running ? 0 : seconds, mediaType: index === 5 ? 'chat' : 'voice', direction: 'inbound', queueId: queue.id };
        });
        await api.db.callRecord.createMany({ data: rows });
        world.inProgress.push(...rows.filter((row) => row.endTime === null).map((row) => row.conversationId));
      }),
    );

  const endInProgress = fc.constant(step('calls in progress end', endCalls));

  const manual = fc
    .record({ start: fc.nat(TIMELINE_DAYS - 1), length: fc.integer({ min: 1, max: 75 }), queues: fc.array(fc.nat(5), { minLength: 1, maxLength: 3 }), dryRun: fc.boolean(), crash: fc.option(fc.record({ afterSends: fc.nat(1), requestReachesQuickBooks: fc.boolean() }), { freq: 2 }) })
    .map((spec) => {
      const start = addDays(TIMELINE_START, spec.start);
      const end = addDays(start, Math.min(spec.length, TIMELINE_DAYS - spec.start) - 1);
      return step(`manual${spec.dryRun ? ' dry' : ''} ${start}..${end} q${spec.queues.join(',')}${spec.crash ? ` crash after ${spec.crash.afterSends}${spec.crash.requestReachesQuickBooks ? ' (sent)' : ''}` : ''}`, async (world) => {
        const queues = [...new Set(spec.queues.map((index) => world.queues[index % world.queues.length]!.name))];
        const invoicesBefore = simulator.invoices().length;
        const ledgerBefore = await api.db.invoiceLedgerEntry.count();
        await manualRun(world, start, end, queues, { dryRun: spec.dryRun, crash: spec.dryRun ? null : spec.crash });
        if (spec.dryRun) {
          expect(simulator.invoices().length, 'a dry run sent an invoice').toBe(invoicesBefore);
          expect(await api.db.invoiceLedgerEntry.count(), 'a dry run reserved something').toBe(ledgerBefore);
        }
      });
    });

  const scheduled = fc.integer({ min: 1, max: 70 }).map((downtime) =>
    step(`scheduler runs after ${downtime} days`, async (world) => {
      const next = addDays(world.clock, downtime);
      world.clock = compareDates(next, '2026-11-01') > 0 ? '2026-11-01' : next;
      for (const profile of world.profiles.filter((candidate) => !candidate.archived)) {
        const run = await api.db.scheduledRun.create({ data: { profileId: profile.id, dueAt: new Date(`${world.clock}T12:00:00Z`), state: 'DUE' } }).catch(() => null);
        if (!run) continue;
        await handleScheduledRun(api.services, run.id);
        const done = await api.db.scheduledRun.findUniqueOrThrow({ where: { id: run.id } });
        if (done.billingJobId) await work(world, done.billingJobId);
      }
    }),
  );

  const moveQueue = fc.record({ queue: fc.nat(5), to: fc.nat(3) }).map((spec) =>
    step(`queue ${spec.queue} moves to profile ${spec.to}`, async (world) => {
      const queue = world.queues[spec.queue % world.queues.length]!.name;
      const target = world.profiles[spec.to % world.profiles.length]!;
      if (target.archived) return;
      const holder = world.profiles.find((profile) => profile.queues.includes(queue));
      if (holder === target) return;
      await api.db.$transaction(async (tx) => {
        if (holder) {
          holder.queues = holder.queues.filter((name) => name !== queue);
          await tx.customerProfile.update({ where: { id: holder.id }, data: { genesysQueueNames: holder.queues } });
          await tx.customerProfileQueue.deleteMany({ where: { profileId: holder.id, queueName: queue } });
        }
        target.queues = [...target.queues, queue];
        await tx.customerProfile.update({ where: { id: target.id }, data: { genesysQueueNames: target.queues } });
        await tx.customerProfileQueue.create({ data: { profileId: target.id, queueName: queue, profileActive: true } });
      });
    }),
  );

  const archive = fc.nat(3).map((index) =>
    step(`profile ${index} deleted (archived when invoiced)`, async (world) => {
      const profile = world.profiles[index % world.profiles.length]!;
      if (profile.archived || world.profiles.filter((candidate) => !candidate.archived).length <= 1) return;
      const { archived } = await deleteProfile(api.db, profile.id, null);
      if (!archived) {
        world.profiles = world.profiles.filter((candidate) => candidate !== profile);
        return;
      }
      profile.archived = true;
    }),
  );

  const timezone = fc.constantFrom(...ZONES).map((zone) =>
    step(`company timezone becomes ${zone}`, async (world) => {
      await api.db.organizationSettings.update({ where: { id: 1 }, data: { timezone: zone } });
      if (world.released.length) world.timezoneChangedAfterRelease = true;
    }),
  );

  const faults = fc.record({ lost: fc.constantFrom(0, 0, 0.3, 0.6), errors: fc.constantFrom(0, 0, 0.2) }).map((spec) =>
    step(`QuickBooks loses ${spec.lost * 100}% of answers, ${spec.errors * 100}% 5xx`, async () => {
      simulator.faults.lostAnswerRate = spec.lost;
      simulator.faults.serverErrorRate = spec.errors;
    }),
  );

  const voidAndRelease = fc.record({ pick: fc.nat(100), deleteIt: fc.boolean() }).map((spec) =>
    step(`an invoice is ${spec.deleteIt ? 'deleted' : 'voided'} in QuickBooks and released`, async (world) => {
      const created = await api.db.invoiceLedgerEntry.findMany({ where: { state: 'CREATED', kind: 'INVOICE', profileId: { in: world.profiles.map((profile) => profile.id) } }, orderBy: { createdAt: 'asc' } });
      if (created.length === 0) return;
      const entry = created[spec.pick % created.length]!;
      const faultsBefore = { ...simulator.faults };
      simulator.faults.lostAnswerRate = 0;
      simulator.faults.serverErrorRate = 0;
      if (spec.deleteIt) simulator.deleteInvoice(entry.qboInvoiceId!);
      else simulator.voidInvoice(entry.qboInvoiceId!);
      await checkCreatedInvoices(api.services, { profileIds: [entry.profileId] });
      expect((await api.db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).qboStatus).toBe(spec.deleteIt ? 'deleted' : 'voided');
      await releaseInvoice(api.services, entry.qboInvoiceId!, { id: randomUUID(), email: 'property-test@example.com' }, 'property test');
      tally.releases += 1;
      Object.assign(simulator.faults, faultsBefore);
      const claims = await api.db.callClaim.findMany({ where: { ledgerId: entry.id }, select: { queueName: true } });
      world.released.push({ profileId: entry.profileId, queues: [...new Set(claims.map((claim) => claim.queueName))] });
    }),
  );

  const retry = fc.constant(
    step('failed jobs are retried', async (world) => {
      for (const job of await api.db.billingJob.findMany({ where: { id: { in: world.jobIds }, status: 'FAILED' } })) {
        await retryJob(api.services, job.id, null);
        await work(world, job.id);
      }
    }),
  );

  const commands = [
    addCalls, addCalls, addCalls, endInProgress, manual, manual, manual, scheduled, scheduled,
    moveQueue, archive, timezone, faults, voidAndRelease, retry,
  ];

  const worldSpec = fc.record({
    profiles: fc.integer({ min: 2, max: 4 }),
    queues: fc.integer({ min: 2, max: 5 }),
    terms: fc.array(
      fc.record({ rule: fc.nat(2), minimum: fc.constantFrom(0, 0, 5, 30), rate: fc.constantFrom('0.0425', '0.10', '1.2500'), startOffset: fc.constantFrom(0, 0, 20, 75) }),
      { minLength: 4, maxLength: 4 },
    ),
  });

  it(`keeps its promise over ${RUNS} random sequences`, { timeout: Math.max(240_000, RUNS * 60_000) }, async () => {
    await fc.assert(
      fc.asyncProperty(worldSpec, fc.commands(commands, { maxCommands: 16, size: 'large' }), async (spec, sequence) => {
        await api.db.organizationSettings.update({ where: { id: 1 }, data: { timezone: 'America/Los_Angeles' } });
        const world = await newWorld(spec.profiles, spec.queues, spec.terms);
        try {
          await fc.asyncModelRun(() => ({ model: { calls: 0 }, real: world }), sequence);
          await settle(world);
          await checkSettled(world);
          tally.sequences += 1;
        } catch (error) {
          throw new Error(`${(error as Error).message}\nsequence:\n  ${world.log.join('\n  ')}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true, verbose: 1 },
    );
    const invoices = simulator.invoices().length;
    console.info(`billing property: ${tally.sequences} sequences, ${tally.steps} steps, ${tally.jobs} jobs, ${invoices} invoices, ${tally.crashes} worker deaths, ${tally.releases} releases`);
    expect(invoices).toBeGreaterThan(0);
  });
});

