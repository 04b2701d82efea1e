import type { Database } from '@phone-billing/db';
import type { IntegrationServices } from './integrations';
import type { RequestCache } from './request-cache';

// The long-lived services every request, job and domain function works with. Domain code imports
// these from here; context.ts (the tRPC request context) is the router layer's business only.

export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  permissions: string[];
  roles: Array<{ id: string; name: string }>;
}

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

export interface AppConfig {
  /** Origin the app is served from, e.g. http://localhost:3000 (APP_ORIGIN or derived from HOST/PORT). */
  appOrigin: string;
  /** Where the data lives: embedded PostgreSQL (default) or an external server from DATABASE_URL. */
  databaseKind: 'embedded' | 'external';
  logLevel: string;
  /** Key material for encrypting stored secrets (APP_SECRET). */
  appSecret: string;
  /** Whether each integration runs against our local simulator (no credentials configured). */
  simulated: { genesys: boolean; qbo: boolean };
}

/**
 * Long-lived services shared by every request and job. Later areas hang their own services here
 * (integrations, job queue); each is optional so tests can build only what they exercise.
 */
export interface AppServices {
  db: Database;
  config: AppConfig;
  logger: Logger;
  /** Set by the server once pg-boss runs; routers use it to queue jobs. */
  jobs?: JobQueue;
  /** Filled in by the integration areas (Genesys, QuickBooks) when the server starts. */
  integrations: IntegrationServices;
  /** Identities and settings for request paths, kept per process (absent: read the database each time). */
  requestCache?: RequestCache;
}

export interface JobQueue {
  send(queue: string, data: object, options?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
}
