import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import {
  appRouter,
  createCallerFactory,
  createRequestContext,
  fieldErrorsOf,
  hashPassword,
  loadAuthUser,
  seedDatabase,
  type AppServices,
  type AuthUser,
  type IntegrationServices,
} from '@phone-billing/api';
import { createDatabaseClient, type Database } from '@phone-billing/db';
import { createTestDatabase } from './database';

// Procedures called the way the trpc examples test them: `createCaller` over the real router and a
// real, migrated and seeded PostgreSQL database, without HTTP. Permission checks, input schemas,
// output schemas and the AppError mapping all run; only Fastify and the REST adapter are left out
// (the REST contract keeps its own, smaller set of tests over HTTP).

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export const TEST_ADMIN_EMAIL = 'admin@example.com';

export interface TestApi {
  services: AppServices;
  db: Database;
  /** The test database's URL (for a pg-boss of the test's own, say). */
  databaseUrl: string;
  /** Procedures as the seeded admin (every permission). */
  admin: Caller;
  /** Procedures without a signed-in user. */
  anonymous: Caller;
  /** A new user holding exactly `permissions`, and procedures as them. */
  userWith(permissions: string[], name: string): Promise<{ user: AuthUser; caller: Caller }>;
  /** Procedures as a user already in the database. */
  callerFor(user: AuthUser): Caller;
  close(): Promise<void>;
}

const quietLogger = { info() {}, warn() {}, error() {}, debug() {} };

export async function createTestApi(options: { integrations?: IntegrationServices } = {}): Promise<TestApi> {
  const databaseUrl = await createTestDatabase();
  const db = createDatabaseClient(databaseUrl);
  await seedDatabase(db, { adminEmail: TEST_ADMIN_EMAIL, adminPassword: randomBytes(12).toString('base64url') });
  const services: AppServices = {
    db,
    logger: quietLogger,
    integrations: options.integrations ?? {},
    config: {
      appOrigin: 'http://127.0.0.1:3000',
      databaseKind: 'external',
      logLevel: 'warn',
      appSecret: randomBytes(32).toString('hex'),
      simulated: { genesys: true, qbo: true },
    },
  };
  const callerFor = (user: AuthUser | null) =>
    createCaller(createRequestContext(services, { auth: user ? { user, sessionId: null, via: 'token' } : null }));
  const adminRecord = await db.user.findUniqueOrThrow({ where: { email: TEST_ADMIN_EMAIL } });

  return {
    services,
    db,
    databaseUrl,
    admin: callerFor((await loadAuthUser(db, adminRecord.id))!),
    anonymous: callerFor(null),
    callerFor,
    async userWith(permissions, name) {
      const actions = await db.action.findMany({ where: { key: { in: permissions } } });
      const role = await db.role.create({
        data: {
          name: `role-${name}`,
          description: name,
          actions: { create: actions.map((action) => ({ actionId: action.id })) },
        },
      });
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
      const record = await db.user.create({
        data: {
          email,
          displayName: name,
          passwordHash: await hashPassword('password-123'),
          roles: { create: [{ roleId: role.id }] },
        },
      });
      const user = (await loadAuthUser(db, record.id))!;
      return { user, caller: callerFor(user) };
    },
    close: () => db.$disconnect(),
  };
}

/**
 * How a call was refused: its tRPC code (which the REST layer turns into the status) and the
 * message a person reads (for refused input, the first field's, as the error formatter answers).
 */
export async function refusal(call: Promise<unknown>): Promise<{ code: TRPCError['code']; message: string }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof TRPCError))
    throw new Error(`expected a refusal, got ${error === null ? 'success' : String(error)}`);
  const message = error.cause instanceof ZodError ? (fieldErrorsOf(error)?.[0]?.msg ?? error.message) : error.message;
  return { code: error.code, message };
}
