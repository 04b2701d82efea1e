// One world of the billing oracle: a fresh database, the QuickBooks and Genesys simulators (their
// wire formats, Genesys on the simulated clock), real pg-boss queues worked by the test as the
// billing workers would, and the oracle's model beside it. Time is simulated: "today" moves
// forward and the product is told the time wherever it asks for it (ticks, jobs, profile edits).
import { randomBytes } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import {
  createGenesysService,
  loadAuthUser,
  runScheduleTick,
  type AuthUser,
  type IntegrationServices,
} from '@phone-billing/api';
import { GenesysClient } from '@phone-billing/integrations/genesys';
import {
  createGenesysSimulator,
  SIMULATED_QUEUE_NAMES,
  type GenesysSimulator,
} from '@phone-billing/integrations/genesys/simulator';
import { createMemoryTokenStore, QboClient, QboOAuth } from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { createTestApi, TEST_ADMIN_EMAIL, type TestApi } from '../caller';
import { dropTestDatabase } from '../database';
import { createBillingQueues, RUN_JOB, SCHEDULED_RUN } from '../../packages/api/src/billing/job-queues';
import { runBillingJob } from '../../packages/api/src/billing/run-job';
import { handleScheduledRun } from '../../packages/api/src/billing/scheduled-runs';
import { createProfile, updateProfile } from '../../packages/api/src/customer-profiles/profiles';
import { updateSettings } from '../../packages/api/src/settings/settings';
import {
  ZCustomerProfileFormSchema,
  type TCustomerProfileFormInput,
} from '../../packages/api/src/shared/customer-profile';
import { ZRatePlanSchema } from '../../packages/api/src/shared/rate-plan';
import { saveProfileRatePlan } from '../../packages/api/src/rate-plans/profile-rate-plan';
import { addDays, dayIn, rulePeriodHolding, startOfDay, type Day, type PeriodRule } from './calendar';
import { BillingModel, type ModelPeriod } from './model';
import type { Terms } from './money';
import type { Plan } from './plan-model';
import { interactionTraits, ratePlanInput } from './plan-world';
import { QuickBooksFront, QuickBooksMemory } from './quickbooks-side';
import { timed } from './timing';

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const quietLogger = { info() {}, warn() {}, error() {}, debug() {} };

export type ProfileSeed = {
  terms: Terms;
  /** A rate plan the clerk sets on the profile (plan-world.ts); the three fields otherwise. */
  plan?: Plan;
  rule: PeriodRule;
  billingStartOffsetDays: number;
  billDate: number;
  /** Bill the day after each period ends (the usual set-up) instead of on `billDate`. */
  billPromptly: boolean;
  billTime: string;
  queueCount: number;
};
export type WorldSeed = {
  zone: string;
  incrementSeconds: number;
  startDay: number;
  profiles: ProfileSeed[];
  seed: string;
  wholePeriods: boolean;
  /** Calls Genesys already holds when the world begins (a business that has been taking calls). */
  history?: Array<{ queue: number; daysAgo: number; minute: number; seconds: number }>;
};

/** What the world remembers for the invariants, beyond the model and QuickBooks. */
export type WorldMemory = {
  /** Each profile's terms whenever a job was worked (job code → when, by the process clock → terms per profile). */
  jobTerms: Map<string, Array<{ startedAtMs: number; terms: Map<string, Terms> }>>;
  /** QuickBooks ids of invoices a person released, and the calls they held. */
  releasedInvoices: Set<string>;
  /** Released calls and the DocNumber of the invoice they were released from. */
  releasedCalls: Map<string, string>;
  /**
   * Calls released while a run was sending (after it rated them as claimed): that run cannot bill
   * them, the runs after it must. Cleared when the step that raced ends.
   */
  releasedWhileRunning: Set<string>;
  /** Periods whose money waits for the profile's next completed scheduled run after they end (or for ever, archived). */
  disturbed: Map<string, { reason: string; endMs: number; lastDay?: Day }>;
  /** Periods a completed scheduled run must have billed (the minimum is owed even without calls). */
  mustBill: Map<string, ModelPeriod>;
  /**
   * Profiles deleted outright (never invoiced: DESIGN.md §4 "Archive"): nothing of them is billed any
   * more, so a failed run of theirs retried later bills nothing and owes nothing.
   */
  deletedProfiles: Set<string>;
  /** Calls each QuickBooks invoice holds, as the app's calls export names them. */
  callsOfInvoice: Map<string, string[]>;
  /**
   * When a completed run first rated each period (simulated time): a period that owed nothing (no
   * usage, no minimum) is settled then without an invoice, and a call reported for it later is late usage.
   */
  ratedMs: Map<string, number>;
  /** The profile's terms when a period was first rated: a period settled without an invoice keeps them. */
  ratedTerms: Map<string, Terms>;
};

/** A settlement in the app's ledger: a period accounted for with nothing (more) to invoice. */
export type Settlement = { docNumber: string; createdMs: number; periodStarts: string[]; conversationIds: string[] };

/** A completed scheduled job: when its run fell due (what it bills) and when it ran (what it could see). */
/** A completed scheduled run, with the first day of the range it was queued with (company zone). */
export type ScheduledJob = {
  id: string;
  jobId: string;
  profileId: string;
  dueMs: number;
  runMs: number;
  start: string;
};
/** A completed manual run: its days (company zone), its queues and which profiles it invoiced or skipped. */
export type ManualJob = {
  jobId: string;
  start: string;
  end: string;
  queues: string[];
  profileIds: string[];
  runMs: number;
};

/** A fresh database (seeded, its clients open) whose integrations the world fills in when it takes it. */
type Prepared = { integrations: { integrations: IntegrationServices }; api: TestApi };

function prepareDatabase(): Promise<Prepared> {
  const integrations: Prepared['integrations'] = { integrations: {} };
  const prepared = createTestApi(integrations).then((api) => ({ integrations, api }));
  prepared.catch(() => undefined); // whoever takes it sees the failure
  return prepared;
}

/** The next world's database, made while this one runs (a clone and a seed take seconds on a loaded machine). */
let spare: Promise<Prepared> | null = null;
/** Databases of closed worlds being dropped (in the background: the next world need not wait). */
const dropping = new Set<Promise<void>>();

export class BillingWorld {
  model: BillingModel;
  nowMs: number;
  readonly log: string[] = [];
  readonly forms = new Map<string, TCustomerProfileFormInput>();
  readonly memory: WorldMemory = {
    jobTerms: new Map(),
    releasedInvoices: new Set(),
    releasedCalls: new Map(),
    releasedWhileRunning: new Set(),
    disturbed: new Map(),
    mustBill: new Map(),
    deletedProfiles: new Set(),
    callsOfInvoice: new Map(),
    ratedMs: new Map(),
    ratedTerms: new Map(),
  };
  /** Set by the invariants: called after every completed scheduled job. */
  onScheduledJobCompleted: (job: ScheduledJob) => Promise<void> = async () => undefined;
  /** Set by the invariants: called after every completed manual (real) job. */
  onManualJobCompleted: (job: ManualJob) => Promise<void> = async () => undefined;
  /** QuickBooks ids of invoices a person renumbered (their DocNumbers are the person's). */
  readonly renumbered = new Set<string>();
  killSwitch = false;
  private readonly seedText: string;

  private constructor(
    readonly api: TestApi,
    readonly boss: PgBoss,
    readonly qbo: QboSimulator,
    readonly front: QuickBooksFront,
    readonly quickBooks: QuickBooksMemory,
    readonly genesys: GenesysSimulator,
    readonly admin: AuthUser,
    readonly queues: string[],
    private readonly closers: Array<() => Promise<void>>,
    seed: WorldSeed,
    startMs: number,
  ) {
    this.nowMs = startMs;
    this.model = new BillingModel(seed.zone, seed.incrementSeconds);
    this.seedText = seed.seed;
  }

  /**
   * A new world on a fresh database. `prepareNext`: another world follows, so its database is made
   * now, beside this one's sequence (each world still gets a database no other world touched).
   */
  static async create(seed: WorldSeed, options: { prepareNext?: boolean } = {}): Promise<BillingWorld> {
    const startMs = Date.parse('2025-01-01T00:00:00Z') + seed.startDay * DAY_MS + 20 * 3_600_000;
    const clock = { nowMs: startMs };
    const taken = spare ?? prepareDatabase();
    spare = null;
    const { integrations, api } = await timed('create: database', () => taken);
    if (options.prepareNext) spare = prepareDatabase();
    const closers: Array<() => Promise<void>> = [
      () => timed('close: database', () => BillingWorld.dropLater(api)),
      () => timed('close: prisma', () => api.close()),
    ];
    const { db } = api;

    const qbo = createQboSimulator({ requestsPerMinute: 1_000_000, maxConcurrent: 50 });
    qbo.faults.allowDuplicateDocNumbers = true; // a double send must show, not be refused
    const front = new QuickBooksFront(qbo);
    await timed('create: qbo listen', () => front.listen());
    closers.push(() => timed('close: qbo', () => front.close()));
    const config = {
      ...qbo.credentials,
      environment: 'sandbox' as const,
      redirectUri: 'http://localhost/qbo-callback',
      simulatorBaseUrl: front.url,
    };
    const client = new QboClient({
      config,
      tokenStore: createMemoryTokenStore(),
      sleep: () => Promise.resolve(),
      maxAttempts: 3,
    });
    await timed('create: qbo connect', async () =>
      client.connect(await qbo.approve(new QboOAuth(config).authorizeUrl('billing-oracle'))),
    );
    integrations.integrations.qbo = {
      simulated: true,
      getClient: async () => client,
      status: async () => ({
        connected: true,
        environment: 'sandbox',
        companyName: 'Simulator',
        expiresInSeconds: 3600,
        lastError: null,
      }),
    };

    const genesys = createGenesysSimulator({
      seed: seed.seed,
      weekdayCalls: 0,
      weekendCalls: 0,
      queueCount: 6,
      rateLimitPerMinute: 1_000_000,
      now: () => new Date(clock.nowMs),
    });
    const listening = await timed('create: genesys listen', () => genesys.listen());
    closers.push(() => timed('close: genesys', () => listening.close()));
    const genesysClient = new GenesysClient({
      apiBaseUrl: listening.url,
      loginBaseUrl: listening.url,
      ...genesys.credentials,
      requestsPerMinute: 1_000_000,
    });
    const genesysService = createGenesysService({
      db,
      logger: quietLogger,
      simulated: true,
      client: () => genesysClient,
      now: () => new Date(clock.nowMs),
    });
    integrations.integrations.genesys = genesysService;
    await timed('create: genesys sync', () => genesysService.syncDirectory());

    // No cron here (the world ticks the schedule itself): without pg-boss' timekeeper, stop() does
    // not wait a second for its worker.
    const boss = new PgBoss({ connectionString: api.databaseUrl, schema: 'pgboss', max: 2, schedule: false });
    await timed('create: boss start', () => boss.start());
    closers.push(() => timed('close: boss', () => boss.stop({ graceful: false, close: true }).catch(() => undefined)));
    await timed('create: boss queues', () => createBillingQueues(boss));
    api.services.jobs = { send: (queue, data, options) => boss.send(queue, data, options ?? {}) };

    const adminRecord = await db.user.findUniqueOrThrow({ where: { email: TEST_ADMIN_EMAIL } });
    const admin = (await loadAuthUser(db, adminRecord.id))!;
    await db.organizationSettings.update({
      where: { id: 1 },
      data: { lateUsageWindowDays: 35, billingIncrementSeconds: seed.incrementSeconds },
    });
    const queues = SIMULATED_QUEUE_NAMES.slice(0, 6);
    const world = new BillingWorld(
      api,
      boss,
      qbo,
      front,
      new QuickBooksMemory(qbo),
      genesys,
      admin,
      queues,
      closers,
      seed,
      startMs,
    );
    Object.defineProperty(clock, 'nowMs', { get: () => world.nowMs });
    await timed('create: profiles', async () => {
      await world.setTimezone(seed.zone);
      await world.createProfiles(seed);
    });
    for (const call of seed.history ?? []) {
      const startMs = world.todayStartMs() - call.daysAgo * DAY_MS + call.minute * MINUTE_MS;
      world.addCall(queues[call.queue % queues.length]!, startMs, call.seconds, 'voice');
    }
    return world;
  }

  /** Closes a database's clients, then drops it in the background. */
  private static async dropLater(api: TestApi): Promise<void> {
    const drop = dropTestDatabase(api.databaseUrl)
      .catch(() => undefined) // the run's teardown drops what is left
      .finally(() => dropping.delete(drop));
    dropping.add(drop);
  }

  /** After the last world: the unused spare database is closed and every drop has ended. */
  static async settle(): Promise<void> {
    const left = spare;
    spare = null;
    const prepared = await left?.catch(() => null);
    if (prepared) {
      await prepared.api.close();
      await BillingWorld.dropLater(prepared.api);
    }
    await Promise.all([...dropping]);
  }

  async close(): Promise<void> {
    for (const close of this.closers.reverse()) await timed('close', () => close().catch(() => undefined));
  }

  get now(): Date {
    return new Date(this.nowMs);
  }

  get services() {
    return this.api.services;
  }

  get db() {
    return this.api.db;
  }

  // ------------------------------------------------------------------ profiles

  private async createProfiles(seed: WorldSeed): Promise<void> {
    let nextQueue = 0;
    for (const [index, profile] of seed.profiles.entries()) {
      const owned = this.queues.slice(nextQueue, nextQueue + profile.queueCount);
      nextQueue += profile.queueCount;
      if (owned.length === 0) continue;
      const day = dayIn(this.nowMs + profile.billingStartOffsetDays * DAY_MS, seed.zone);
      const billingStart = seed.wholePeriods ? rulePeriodHolding(profile.rule, day)!.start : day;
      const billDate = profile.billPromptly ? Math.min(28, profile.rule.start + 1) : profile.billDate;
      const form: TCustomerProfileFormInput = {
        genesysQueueNames: owned,
        qboDisplayName: `Oracle Customer ${index + 1}`,
        qboCustomerId: String(index + 1),
        isActive: true,
        ratePerMinute: profile.terms.ratePerMinute,
        overageRatePerMinute: profile.terms.overageRatePerMinute,
        minimumMinutes: profile.terms.minimumMinutes,
        billDate,
        billTime: profile.billTime,
        billingPeriodStart: profile.rule.start,
        billingPeriodEnd: profile.rule.end,
        billingStartDate: billingStart,
      };
      const created = await createProfile(this.db, ZCustomerProfileFormSchema.parse(form), null, this.now);
      this.forms.set(created.id, form);
      if (profile.plan) await this.setRatePlan(created.id, profile.plan, billingStart, profile.rule);
      this.model.addProfile(
        {
          id: created.id,
          name: form.qboDisplayName,
          qboCustomerId: String(index + 1),
          terms: { ...profile.terms, ...(profile.plan ? { plan: profile.plan } : {}) },
          rule: profile.rule,
          billingStart,
          billDate,
          billTime: profile.billTime,
          queues: new Set(owned),
        },
        this.nowMs,
      );
    }
  }

  /**
   * Sets a profile's rate plan as a clerk would (PUT /customer-profiles/{id}/rate-plan), from a
   * period start two years before its billing start: every period the profile can bill is under it,
   * whatever period rule or billing start the sequence gives it later.
   */
  async setRatePlan(profileId: string, plan: Plan, billingStart: string, rule: PeriodRule): Promise<void> {
    const effectiveFrom = rulePeriodHolding(rule, addDays(billingStart, -730))!.start;
    const input = ZRatePlanSchema.parse({ ...ratePlanInput(plan), effectiveFrom });
    await saveProfileRatePlan(this.db, profileId, input, null, { now: this.now });
  }

  /** Saves a profile's form as a clerk would (the product validates it); throws what the product refuses. */
  async saveProfile(profileId: string, change: Partial<TCustomerProfileFormInput>): Promise<void> {
    const form = { ...this.forms.get(profileId)!, ...change };
    await updateProfile(this.db, profileId, ZCustomerProfileFormSchema.parse(form), null, this.now);
    this.forms.set(profileId, form);
  }

  /**
   * The app records a profile becoming active or inactive with the database's clock (a trigger);
   * in this world that change happened at the simulated now, so its row says so.
   */
  async stampActivity(profileId: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE profile_activity_changes SET "at" = ${this.now.toISOString().replace('Z', '')}::timestamp
      WHERE id = (SELECT max(id) FROM profile_activity_changes WHERE "profileId" = ${profileId}::uuid)`;
  }

  async setTimezone(zone: string): Promise<void> {
    await updateSettings(this.db, this.admin, { timezone: zone }, this.services.config, this.now);
  }

  async setKillSwitch(enabled: boolean): Promise<void> {
    this.killSwitch = enabled;
    await updateSettings(
      this.db,
      this.admin,
      { killSwitch: { enabled, reason: enabled ? 'oracle: the rate is wrong' : null } },
      this.services.config,
      this.now,
    );
  }

  // ------------------------------------------------------------------ calls

  /** Genesys reports a conversation from now on (late when its day has passed; in progress until it ends). */
  addCall(queue: string, startMs: number, durationSeconds: number, mediaType: 'voice' | 'chat'): void {
    // A non-voice one may be any media type; direction and metrics vary too (plan-world.ts).
    const traits = interactionTraits(this.seedText, this.model.calls.length, durationSeconds, mediaType === 'voice');
    const created = this.genesys.addConversation({
      queueName: queue,
      startTime: new Date(startMs),
      durationSeconds,
      mediaType: traits.mediaType,
      direction: traits.direction,
      metrics: { talkSeconds: traits.talkSeconds, holdSeconds: traits.holdSeconds, acwSeconds: traits.acwSeconds },
    });
    this.model.addCall({
      conversationId: created.conversationId,
      queue,
      startMs: Date.parse(created.startTime),
      durationSeconds,
      ...traits,
      arrivedMs: this.nowMs,
    });
  }

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

  /**
   * The app's settlements of a profile (DESIGN.md §4: a period billed for nothing more, e.g. calls
   * within a minimum already invoiced, or no usage and no minimum): no document reaches QuickBooks,
   * yet the days are accounted for and their calls claimed. Read from the ledger as Job Details
   * shows it: the first day of each period it touches and the conversations it claims.
   */
  async settlements(profileId: string): Promise<Settlement[]> {
    const entries = await this.db.invoiceLedgerEntry.findMany({
      where: { profileId, kind: 'SETTLEMENT', state: 'SETTLED' },
      include: { periodLines: { include: { period: true } } },
      orderBy: { createdAt: 'asc' },
    });
    const settlements: Settlement[] = [];
    for (const entry of entries) {
      const calls = await this.db.$queryRaw<Array<{ conversationId: string }>>`
        SELECT r."conversationId" FROM call_claims c
        JOIN call_records r ON r."queueId" = c."queueId"
          AND r."startTime" >= c."startFrom" AND r."startTime" < c."startTo"
          AND r."billableSeq" >= c."seqFrom" AND r."billableSeq" < c."seqTo"
        WHERE c."ledgerId" = ${entry.id}::uuid AND c.live
          AND (r."mediaType" = 'voice' OR ${this.model.profile(profileId).terms.plan !== undefined})`;
      settlements.push({
        docNumber: entry.docNumber,
        createdMs: entry.createdAt.getTime(),
        periodStarts: entry.periodLines.map((line) => line.period.periodStart.toISOString().slice(0, 10)),
        conversationIds: calls.map((call) => call.conversationId),
      });
    }
    return settlements;
  }

  /**
   * The end of the last period of a profile that any invoice QuickBooks created names (in a line or
   * its memo), or that the app settled (a settled period is billed: it keeps its days and its terms),
   * or null.
   */
  async lastBilledEndMs(profileId: string): Promise<number | null> {
    this.quickBooks.refresh(this.nowMs);
    const profile = this.model.profile(profileId);
    let last: number | null = null;
    for (const settlement of await this.settlements(profileId)) {
      for (const day of settlement.periodStarts) {
        const period = this.model.periodNaming(profileId, day);
        if (period && (last === null || period.endMs > last)) last = period.endMs;
      }
    }
    for (const document of this.quickBooks.invoices()) {
      if (document.customerId !== profile.qboCustomerId) continue;
      // Lines and memo: a period of the run owing nothing (no usage, no minimum) gets no line, but the
      // memo names it (DESIGN.md §4 "Lines"): settled, it is billed (soak seed 238827412 path 2).
      const texts = [...document.lines.map((line) => line.description), document.memo];
      for (const match of texts.flatMap((text) => [...text.matchAll(/(\d{2})\/(\d{2})\/(\d{4})/g)])) {
        const period = this.model.periodNaming(profileId, `${match[3]}-${match[1]}-${match[2]}`);
        if (period && (last === null || period.endMs > last)) last = period.endMs;
      }
    }
    return last;
  }

  /** Where today began in the company zone. */
  todayStartMs(): number {
    return startOfDay(dayIn(this.nowMs, this.model.zone), this.model.zone);
  }

  /** A short random id for DocNumbers a person types. */
  static personDocNumber(): string {
    return `INV-${randomBytes(3).toString('hex')}`;
  }
}
