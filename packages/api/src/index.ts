// Server-side entry of the API package: routers, context types, auth helpers for the transport.
export { appRouter, type AppRouter } from './root';
export type { AppServices, AppConfig, AuthUser, Logger, JobQueue } from './services';
export { createRequestContext, type RequestContext } from './context';
export { AppError } from './errors';
export { fieldErrorsOf, createCallerFactory, takesIdempotencyKey, type ProcedureAccess, type AppMeta } from './trpc';
export { PERMISSIONS, SEED_ROLES, holdsAnyPermission, type Permission } from './permissions';
export { SESSION_COOKIE, validateSessionToken, createSession, loadAuthUser } from './auth/sessions';
export { resolveApiToken, API_TOKEN_PREFIX } from './auth/api-tokens';
export { hashPassword } from './auth/passwords';
export { getOrganizationSettings, readSettingsForRequest } from './settings/organization-settings';
export { RequestCache, REQUEST_CACHE_CHANNEL } from './request-cache';
export { seedDatabase } from './seed';
export { checkAppSecret, StartupRefusedError } from './deployment/app-secret-check';
export type { IntegrationServices, GenesysService, GenesysQueueSummary, QboService, QboStatus } from './integrations';
export { recordAudit } from './auth/audit';
export { notify, type NotificationKind } from './notifications';
export { createGenesysService, type GenesysAreaService } from './genesys/service';
export { recomputeAllNextRuns, createDemoProfiles, SIMULATED_GENESYS_QUEUE_NAMES } from './customer-profiles';
export { runScheduleTick } from './billing/schedule-tick';
export { QboConnection, type QboConnectionOptions, type QboSetupStatus } from './qbo';
export { startBillingWorkers, billingWorkerOptionsFromEnv, type BillingWorkerOptions } from './billing/job-definitions';
export { createBillingQueues, QUIET_QUEUE_POLLING_SECONDS, SCHEDULE_TICK } from './billing/job-queues';
export { cleanUpAccessData } from './access-control/housekeeping';
export { SIGN_IN_LIMITS, type SignInLimits } from './auth/sign-in-limits';
export { countRequest, type CounterWindow } from './throttling/request-counters';
export { TEXT_LIMITS } from './shared/text';
export {
  claimIdempotencyKey,
  storeIdempotentAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type IdempotentRequest,
} from './idempotency/idempotency-keys';
export { acceptWebhookDelivery, type WebhookDeliveryOutcome } from './receivables/webhook-intake';
export {
  createReceivablesQueues,
  queueEventProcessing,
  runSyncPass,
  startReceivablesWorkers,
  syncIntervalSecondsFromEnv,
  workReceivables,
  type ReceivablesWorkerOptions,
} from './receivables/workers';
