// Server-side entry of the API package: routers, context types, auth helpers for the transport.
export { appRouter, type AppRouter } from './root';
export type { AppServices, AppConfig, AuthUser, Logger, RequestContext, JobQueue } from './context';
export { AppError } from './errors';
export { fieldErrorsOf, createCallerFactory, type ProcedureAccess, type AppMeta } from './trpc';
export { PERMISSIONS, SEED_ROLES, holdsAnyPermission, type Permission } from './permissions';
export { SESSION_COOKIE, validateSessionToken, createSession, loadAuthUser } from './auth/sessions';
export { resolveApiToken, API_TOKEN_PREFIX } from './auth/api-tokens';
export { hashPassword } from './auth/passwords';
export { getOrganizationSettings } from './settings/organization-settings';
export { seedDatabase } from './seed';
export type { IntegrationServices, GenesysService, GenesysQueueSummary, QboService, QboStatus } from './integrations';
export { recordAudit } from './auth/audit';
export { notify, type NotificationKind } from './notifications';
export { createGenesysService, type GenesysAreaService } from './genesys/service';
export { runScheduleTick, recomputeAllNextRuns, createDemoProfiles, SIMULATED_GENESYS_QUEUE_NAMES, SCHEDULE_TICK_QUEUE, SCHEDULED_RUN_QUEUE } from './customer-profiles';
export { QboConnection, type QboConnectionOptions, type QboSetupStatus } from './qbo';
export { startBillingWorkers, createBillingQueues, billingWorkerOptionsFromEnv, type BillingWorkerOptions } from './billing/workers';
export { cleanUpAccessData } from './access-control/housekeeping';
