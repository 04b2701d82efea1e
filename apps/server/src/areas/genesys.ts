import path from 'node:path';
import {
  createGenesysService,
  getOrganizationSettings,
  QUIET_QUEUE_POLLING_SECONDS,
  type GenesysAreaService,
} from '@phone-billing/api';
import { addDays, calendarDateInZone, utcOffsetMinutes } from '@phone-billing/api/domain';
import {
  GenesysClient,
  genesysConfigFromEnv,
  GENESYS_REQUESTS_PER_MINUTE,
  type GenesysClientConfig,
} from '@phone-billing/integrations/genesys';
import { createGenesysSimulator, type GenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import type { AreaContext, ServerArea } from './index';

/** Where `npm start` without GENESYS_* credentials serves the simulator on the app's own port. */
export const GENESYS_SIMULATOR_PREFIX = '/sim/genesys';
/** The start-up pull covers this many days up to today (about three months; GENESYS_HISTORY_DAYS overrides, 0 turns it off). */
const DEFAULT_HISTORY_DAYS = 93;

function historyDays(env: NodeJS.ProcessEnv): number {
  const value = Number(env.GENESYS_HISTORY_DAYS);
  return env.GENESYS_HISTORY_DAYS !== undefined &&
    env.GENESYS_HISTORY_DAYS !== '' &&
    Number.isInteger(value) &&
    value >= 0
    ? value
    : DEFAULT_HISTORY_DAYS;
}
const NIGHTLY_QUEUE = 'genesys-pull-previous-day';
/** The simulator mounted in-process allows this much (the start-up pull of three months is quick). */
const MOUNTED_SIMULATOR_REQUESTS_PER_MINUTE = 100_000;

/** GENESYS_REQUESTS_PER_MINUTE: the OAuth client's limit when the organisation's differs from Genesys' 300. */
function requestsPerMinute(env: NodeJS.ProcessEnv): number {
  const value = Number(env.GENESYS_REQUESTS_PER_MINUTE);
  return Number.isFinite(value) && value > 0 ? value : GENESYS_REQUESTS_PER_MINUTE;
}

/**
 * GENESYS_SIMULATOR_URL without real credentials: a simulator running elsewhere (`npm run
 * simulators`), shared by every instance, with the simulator's own client credentials by default.
 */
function outsideSimulatorConfig(env: NodeJS.ProcessEnv): GenesysClientConfig | null {
  const url = env.GENESYS_SIMULATOR_URL?.trim().replace(/\/+$/, '');
  if (!url) return null;
  return {
    apiBaseUrl: url,
    loginBaseUrl: url,
    clientId: env.GENESYS_CLIENT_ID?.trim() || 'sim-genesys-client',
    clientSecret: env.GENESYS_CLIENT_SECRET?.trim() || 'sim-genesys-secret',
  };
}

interface AreaState {
  service: GenesysAreaService;
  simulator: GenesysSimulator | null;
  stopping: boolean;
  backgroundPull: Promise<void> | null;
}

const states = new WeakMap<AreaContext, AreaState>();

function localHostFor(host: string): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Server-side life of the Genesys area: simulator mount, client and service, start-up and nightly pulls. */
export const genesysArea: ServerArea = {
  name: 'genesys',

  async setup(ctx) {
    const outsideSimulator = outsideSimulatorConfig(ctx.config.env);
    const realConfig = outsideSimulator ? null : genesysConfigFromEnv(ctx.config.env);
    let simulator: GenesysSimulator | null = null;
    let clientConfig: GenesysClientConfig | null = outsideSimulator ?? realConfig;

    if (!clientConfig) {
      // Deterministic demo organisation whose calls follow the company's business hours; a
      // generous rate limit so the start-up pull is quick.
      const { timezone } = await getOrganizationSettings(ctx.services.db);
      simulator = createGenesysSimulator({
        seed: 'phone-billing',
        rateLimitPerMinute: 100_000,
        businessUtcOffsetMinutes: utcOffsetMinutes(timezone),
        // Conversations added late through /sim/genesys/_control/conversations outlive a restart.
        stateFile: path.join(ctx.config.dataDir, 'genesys-simulator.json'),
      });
      const sim = simulator;
      // Routes of their own (quiet at info level: the start-up pull makes hundreds of requests)
      // whose body parser leaves the body unread, so the simulator reads it from the raw request.
      await ctx.app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
        scope.all(`${GENESYS_SIMULATOR_PREFIX}/*`, { logLevel: 'warn' }, (request, reply) => {
          reply.hijack();
          request.raw.url = (request.raw.url ?? '/').slice(GENESYS_SIMULATOR_PREFIX.length) || '/';
          sim.handle(request.raw, reply.raw);
        });
      });
    }
    const simulated = simulator !== null || outsideSimulator !== null;
    ctx.services.config.simulated.genesys = simulated;
    // Every process shares the OAuth client's limit through the request limiter.
    const limits = {
      limiter: ctx.requestLimiter,
      requestsPerMinute: simulator ? MOUNTED_SIMULATOR_REQUESTS_PER_MINUTE : requestsPerMinute(ctx.config.env),
    };

    let client: GenesysClient | null = null;
    const getClient = (): GenesysClient => {
      if (client) return client;
      if (!clientConfig) {
        const address = ctx.app.server.address();
        if (!address || typeof address !== 'object')
          throw new Error('The Genesys simulator is not reachable before the server listens');
        const base = `http://${localHostFor(ctx.config.host)}:${address.port}${GENESYS_SIMULATOR_PREFIX}`;
        clientConfig = {
          apiBaseUrl: base,
          loginBaseUrl: base,
          clientId: simulator!.credentials.clientId,
          clientSecret: simulator!.credentials.clientSecret,
        };
      }
      client = new GenesysClient({ ...clientConfig, ...limits });
      return client;
    };

    const service = createGenesysService({
      db: ctx.services.db,
      logger: ctx.services.logger,
      simulated,
      client: getClient,
    });
    ctx.services.integrations.genesys = service;
    states.set(ctx, { service, simulator, stopping: false, backgroundPull: null });

    await ctx.boss.createQueue(NIGHTLY_QUEUE);
    if (ctx.runWorkers) {
      await ctx.boss.work(NIGHTLY_QUEUE, { pollingIntervalSeconds: QUIET_QUEUE_POLLING_SECONDS }, async () => {
        const { timezone } = await getOrganizationSettings(ctx.services.db);
        const yesterday = addDays(calendarDateInZone(new Date(), timezone), -1);
        const result = await service.pullRange({ startDate: yesterday, endDate: yesterday });
        ctx.services.logger.info({ day: yesterday, ...result }, 'Nightly Genesys call-record pull');
      });
      const { timezone } = await getOrganizationSettings(ctx.services.db);
      await ctx.boss.schedule(NIGHTLY_QUEUE, '30 1 * * *', {}, { tz: timezone });
    }
  },

  async prepare(ctx) {
    const state = states.get(ctx);
    if (!state) return;
    const { service } = state;
    // Queues must exist before ready: other areas' demo data names them.
    try {
      const directory = await service.syncDirectory();
      ctx.services.logger.info(directory, 'Genesys users and queues synced');
    } catch (error) {
      ctx.services.logger.error({ err: error }, 'Genesys users and queues could not be synced');
      return;
    }
    // About three months of calls in the background; readiness does not wait for it.
    const days = historyDays(ctx.config.env);
    if (days === 0) return;
    state.backgroundPull = (async () => {
      const started = Date.now();
      try {
        const written = await service.pullRecentHistory(days, { shouldStop: () => state.stopping, daysPerLock: 1 });
        ctx.services.logger.info({ written, ms: Date.now() - started }, 'Genesys call history pulled');
      } catch (error) {
        if (!state.stopping) ctx.services.logger.error({ err: error }, 'Genesys background call pull failed');
      }
    })();
  },

  async stop(ctx) {
    const state = states.get(ctx);
    if (!state) return;
    state.stopping = true;
    await state.backgroundPull;
  },
};
