import fastifyCookie from '@fastify/cookie';
import {
  checkAppSecret,
  REQUEST_CACHE_CHANNEL,
  RequestCache,
  SCHEDULE_TICK,
  seedDatabase,
  type AppServices,
} from '@phone-billing/api';
import {
  createDatabaseClient,
  createPostgresRequestLimiter,
  listenForChanges,
  provisionDatabase,
  type Database,
  type PostgresRequestLimiter,
  type ProvisionedDatabase,
} from '@phone-billing/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { AreaContext, ServerArea } from './areas';
import { serverAreas } from './area-list';
import { loadConfig, type ServerConfig } from './config';
import { wakeWorkersOnSend } from './job-wakeups';
import { logJobRuns, loggerOptions } from './logging';
import { apiDocsPlugin } from './plugins/api-docs';
import { rateLimitPlugin } from './plugins/rate-limits';
import { restPlugin } from './plugins/rest';
import { clientErrorHandler, frameworkErrors, refuseRequestsWithoutHost } from './plugins/rest-errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { trpcPlugin } from './plugins/trpc';
import { webPlugin } from './plugins/web';

export interface PhoneBillingServer {
  app: FastifyInstance;
  services: AppServices;
  config: ServerConfig;
  database: ProvisionedDatabase;
  boss: PgBoss;
  /** Listens on config.port (0 = a free port); resolves with the base URL once ready. */
  start(): Promise<string>;
  stop(): Promise<void>;
  /** Set when the first start created the admin with a generated password. */
  generatedAdmin?: { email: string; password: string };
}

export interface CreateServerOptions {
  config?: ServerConfig;
  /** Replace the registered areas (tests that want a bare server). */
  areas?: ServerArea[];
  logger?: boolean;
}

/**
 * Builds Phone Billing: database (embedded or DATABASE_URL) with migrations and seed, pg-boss,
 * the API at /trpc and /api/v1, every area's routes and workers, and the built web app.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<PhoneBillingServer> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    // Client addresses (sign-in throttling, rate limits) and the request's protocol come from
    // X-Forwarded-* only when TRUST_PROXY says which proxies to believe.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Any path parameter that fits in a request (Node refuses URLs over 16 KB with 431) reaches
    // its schema, which answers 400 naming the field, rather than the router a bare 404.
    routerOptions: { maxParamLength: 16_384 },
    clientErrorHandler,
    frameworkErrors,
    // A request without Host gets the envelope from refuseRequestsWithoutHost, not Node's bare 400.
    http: { requireHostHeader: false },
  });
  app.addHook('onRequest', refuseRequestsWithoutHost);
  let ready = false;
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) =>
    ready ? { status: 'ready' } : reply.code(503).send({ status: 'starting' }),
  );

  const database = await provisionDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (m) => app.log.info(m),
  });
  const db = createDatabaseClient(database.url);
  // QuickBooks and Genesys request limits, counted in PostgreSQL for every process on the database.
  const requestLimiter = createPostgresRequestLimiter({ connectionString: database.url });
  // Whatever was started so far, stopped in reverse order; the database always last.
  let boss: PgBoss | null = null;
  const stopStarted = async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await requestLimiter.close().catch(() => undefined);
    await db.$disconnect().catch(() => undefined);
    await database.embedded?.stop();
  };
  try {
    return await assembleServer({
      options,
      config,
      app,
      database,
      db,
      requestLimiter,
      setReady: (value) => (ready = value),
      onBoss: (started) => (boss = started),
    });
  } catch (error) {
    await app.close().catch(() => undefined);
    await stopStarted();
    throw error;
  }
}

type Assembly = {
  options: CreateServerOptions;
  config: ServerConfig;
  app: FastifyInstance;
  database: ProvisionedDatabase;
  db: Database;
  requestLimiter: PostgresRequestLimiter;
  setReady(ready: boolean): void;
  onBoss(boss: PgBoss): void;
};

async function assembleServer({
  options,
  config,
  app,
  database,
  db,
  requestLimiter,
  setReady,
  onBoss,
}: Assembly): Promise<PhoneBillingServer> {
  if (config.databaseUrl) {
    // Instances on a shared database must share APP_SECRET (it encrypts the QuickBooks tokens).
    const outcome = await checkAppSecret(db, config.appSecret, {
      acceptNewSecret: config.env.ACCEPT_NEW_APP_SECRET === '1',
    });
    if (outcome === 'replaced')
      app.log.warn('APP_SECRET changed (ACCEPT_NEW_APP_SECRET=1): connect QuickBooks again from QBO Setup');
  }
  const seed = await seedDatabase(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });

  // Who a session or token is, and the settings, kept per process; the database announces changes.
  const requestCache = new RequestCache({ catchUp: () => cacheListener.catchUp() });
  const cacheListener = listenForChanges(database.url, REQUEST_CACHE_CHANNEL, {
    onNotification: (payload) => requestCache.applyChange(payload),
    onListeningChange: (listening) => requestCache.setListening(listening),
    onError: (error) =>
      app.log.warn(
        { err: error },
        'request cache: lost the change announcements; reading the database until they are back',
      ),
  });

  const services: AppServices = {
    db,
    logger: app.log,
    integrations: {},
    requestCache,
    config: {
      appOrigin: config.appOrigin,
      databaseKind: database.kind,
      logLevel: config.logLevel,
      appSecret: config.appSecret,
      simulated: { genesys: true, qbo: true },
    },
  };

  const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 5 });
  // Once stopping, the database may end pg-boss's idle connections (57P01, "terminating connection
  // due to administrator command") before pg-boss has let them go: expected, not an error.
  let stoppingStarted = false;
  boss.on('error', (error) => {
    if (stoppingStarted && (error as { code?: string }).code === '57P01') return;
    app.log.error({ err: error }, 'pg-boss error');
  });
  logJobRuns(boss, app.log, [SCHEDULE_TICK.name]);
  wakeWorkersOnSend(boss);
  onBoss(boss);
  await boss.start();
  services.jobs = {
    send: (queue, data, sendOptions) => boss.send(queue, data, sendOptions ?? {}),
  };

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  await app.register(fastifyCookie);
  await app.register(rateLimitPlugin, { db });
  await app.register(sessionPlugin, { services, allowedOrigins: config.allowedOrigins });
  await app.register(trpcPlugin, { services });
  await app.register(restPlugin, { services, appOrigin: config.appOrigin });
  await app.register(apiDocsPlugin);

  const areas = options.areas ?? serverAreas;
  const areaContext: AreaContext = { app, services, boss, config, runWorkers: config.runWorkers, requestLimiter };
  for (const area of areas) await area.setup?.(areaContext);

  if (config.webDistDir) await app.register(webPlugin, { distDir: config.webDistDir });

  let stopping: Promise<void> | null = null;
  return {
    app,
    services,
    config,
    database,
    boss,
    generatedAdmin: seed.generatedAdmin,
    async start() {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      if (config.port === 0) {
        // The origin is only known now; cookie-write origin checks and the OAuth redirect need it.
        const origin = `http://localhost:${port}`;
        if (!config.env.APP_ORIGIN) services.config.appOrigin = origin;
        config.allowedOrigins.push(origin, `http://127.0.0.1:${port}`);
      }
      for (const area of areas) await area.prepare?.(areaContext);
      setReady(true);
      return `http://127.0.0.1:${port}`;
    },
    stop() {
      stoppingStarted = true;
      stopping ??= (async () => {
        setReady(false);
        // In order: areas (background work), HTTP (drains requests in flight), pg-boss (lets running
        // jobs finish), the limiter, and the database last, so nothing still running loses it.
        // Each step has a bounded time, so Ctrl+C always ends within 10 s.
        const stopServices = async () => {
          for (const area of [...areas].reverse()) {
            await area
              .stop?.(areaContext)
              .catch((error: unknown) => app.log.error({ err: error }, `stopping ${area.name}`));
          }
          await app.close();
          await boss
            .stop({ graceful: true, timeout: 5_000, close: true })
            .catch((error: unknown) => app.log.warn({ err: error }, 'pg-boss did not stop cleanly'));
        };
        const gaveUp = await Promise.race([
          stopServices().then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 7_000).unref()),
        ]);
        if (gaveUp) app.log.warn('some services did not stop within 7 s; stopping the database anyway');
        await Promise.race([
          requestLimiter.close().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 500).unref()),
        ]);
        await cacheListener.stop();
        await db.$disconnect().catch(() => undefined);
        await database.embedded?.stop();
      })();
      return stopping;
    },
  };
}
