// One world of the billing oracle: a fresh database, the QuickBooks and Genesys simulators (their
// wire formats, Genesys on the simulated clock), real pg-boss queues worked by the test as the
// billing workers would, and the oracle's model beside it. Time is simulated: "today" moves
// forward and the product is told the time wherever it asks for it (ticks, jobs, profile edits).
// Its parts: world-types.ts (seeds, memory, completed jobs), world-state.ts (clients, clock, profiles,
// calls), world-lookups.ts (settlements, last billed period), world-jobs.ts (time, ticks, the workers);
// here, the simulators' wiring and each world's set-up and teardown.
import { randomBytes } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { createGenesysService, loadAuthUser, type IntegrationServices } from '@phone-billing/api';
import { GenesysClient } from '@phone-billing/integrations/genesys';
import { createGenesysSimulator, SIMULATED_QUEUE_NAMES } from '@phone-billing/integrations/genesys/simulator';
import { createMemoryTokenStore, QboClient, QboOAuth } from '@phone-billing/integrations/qbo';
import { createQboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { createTestApi, TEST_ADMIN_EMAIL, type TestApi } from '../caller';
import { dropTestDatabase } from '../database';
import { createBillingQueues } from '../../packages/api/src/billing/job-queues';
import { QuickBooksFront, QuickBooksMemory } from './quickbooks-side';
import { timed } from './timing';
import { WorldJobs } from './world-jobs';
import { DAY_MS, MINUTE_MS, type WorldSeed } from './world-types';

const quietLogger = { info() {}, warn() {}, error() {}, debug() {} };

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

export class BillingWorld extends WorldJobs {
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
    closers.push(() =>
      timed('close: boss', () => {
        // Its pool can still hold a connection when the world's database is dropped (WITH FORCE): the
        // cut connection's error is expected then, and unheard it would fail the run as an uncaught
        // exception although every sequence held (soak seed 695564657).
        boss.on('error', () => undefined);
        return boss.stop({ graceful: false, close: true }).catch(() => undefined);
      }),
    );
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

  /** A short random id for DocNumbers a person types. */
  static personDocNumber(): string {
    return `INV-${randomBytes(3).toString('hex')}`;
  }
}
