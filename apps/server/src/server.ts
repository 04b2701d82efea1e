import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { checkAppSecret, seedDatabase, type AppServices } from '@phone-billing/api';
import { createDatabaseClient, provisionDatabase, type ProvisionedDatabase } from '@phone-billing/db';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { AreaContext, ServerArea } from './areas';
import { serverAreas } from './area-list';
import { redactSecretsInUrl } from './areas/qbo';
import { loadConfig, type ServerConfig } from './config';
import { apiDocsPlugin } from './plugins/api-docs';
import { restPlugin } from './plugins/rest';
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
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Request URLs without the OAuth code, state and QuickBooks realm.
            serializers: { req: (request: FastifyRequest) => ({ method: request.method, url: redactSecretsInUrl(request.url), host: request.host, remoteAddress: request.ip }) },
          },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  let ready = false;
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => (ready ? { status: 'ready' } : reply.code(503).send({ status: 'starting' })));

  const database = await provisionDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: (m) => app.log.info(m) });
  const db = createDatabaseClient(database.url);
  if (config.databaseUrl) {
    // Instances on a shared database must share APP_SECRET (it encrypts the QuickBooks tokens).
    const outcome = await checkAppSecret(db, config.appSecret, { acceptNewSecret: config.env.ACCEPT_NEW_APP_SECRET === '1' });
    if (outcome === 'replaced') app.log.warn('APP_SECRET changed (ACCEPT_NEW_APP_SECRET=1): connect QuickBooks again from QBO Setup');
  }
  const seed = await seedDatabase(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });

  const services: AppServices = {
    db,
    logger: app.log,
    integrations: {},
    config: {
      appOrigin: config.appOrigin,
      databaseKind: database.kind,
      logLevel: config.logLevel,
      appSecret: config.appSecret,
      simulated: { genesys: true, qbo: true },
    },
  };

  const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 5 });
  boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  services.jobs = {
    send: (queue, data, sendOptions) => boss.send(queue, data, sendOptions ?? {}),
  };

  await app.register(fastifyHelmet, {
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
  await app.register(sessionPlugin, { services, allowedOrigins: config.allowedOrigins });
  await app.register(trpcPlugin, { services });
  await app.register(restPlugin, { services, appOrigin: config.appOrigin });
  await app.register(apiDocsPlugin);

  const areas = options.areas ?? serverAreas;
  const areaContext: AreaContext = { app, services, boss, config, runWorkers: config.runWorkers };
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
      ready = true;
      return `http://127.0.0.1:${port}`;
    },
    stop() {
      stopping ??= (async () => {
        ready = false;
        // Areas, HTTP and pg-boss get a bounded time to finish; the database always stops last so a
        // stuck worker can never leave PostgreSQL running behind us.
        const stopServices = async () => {
          for (const area of [...areas].reverse()) {
            await area.stop?.(areaContext).catch((error) => app.log.error({ err: error }, `stopping ${area.name}`));
          }
          await app.close();
          await boss.stop({ graceful: true, timeout: 8_000, close: true }).catch(() => undefined);
        };
        const gaveUp = await Promise.race([stopServices().then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 15_000).unref())]);
        if (gaveUp) app.log.warn('some services did not stop within 15 s; stopping the database anyway');
        await db.$disconnect().catch(() => undefined);
        await database.embedded?.stop();
      })();
      return stopping;
    },
  };
}
