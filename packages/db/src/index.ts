export { createDatabaseClient, type Database } from './client';
export { Prisma } from '@prisma/client';
export type * from '@prisma/client';
export { provisionDatabase, embeddedUrlFile, APP_DATABASE, type ProvisionedDatabase } from './provision';
export { migrateDatabase, ensureDatabase, withDatabase } from './migrate';
export { withAdvisoryLock, type AdvisoryLockOptions } from './advisory-lock';
export {
  createPostgresRequestLimiter,
  type PostgresRequestLimiter,
  type PostgresRequestLimiterOptions,
  type VendorRequestLimit,
  type VendorRequestPermit,
} from './request-limiter';
export { listenForChanges, type ChangeListener } from './change-listener';
export { executeLargeWrite, inLeanTransaction, queryRows, type LeanStatement, type PgRow } from './lean-query';
