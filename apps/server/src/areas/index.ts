import type { AppServices } from '@phone-billing/api';
import type { RequestLimiter } from '@phone-billing/integrations/request-limiter';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { ServerConfig } from '../config';

export interface AreaContext {
  app: FastifyInstance;
  services: AppServices;
  boss: PgBoss;
  config: ServerConfig;
  /** Whether this process runs the pg-boss workers (false for `WORKERS=0` web servers). */
  runWorkers: boolean;
  /** Vendor request limits shared by every process on the database; handed to the vendor clients. */
  requestLimiter: RequestLimiter;
}

/**
 * One product area's part in the server's life: `setup` before the server listens (routes,
 * simulators, services, queues and workers), `prepare` after it listens and before it reports
 * ready (demo data, first syncs), `stop` on shutdown.
 */
export interface ServerArea {
  name: string;
  setup?(context: AreaContext): Promise<void>;
  prepare?(context: AreaContext): Promise<void>;
  stop?(context: AreaContext): Promise<void>;
}
