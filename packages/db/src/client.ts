import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import pg from 'pg';
import { registerLeanPool } from './lean-query';

export type Database = PrismaClient;

/**
 * A Prisma client on the Rust-free engine, talking to PostgreSQL through node-postgres.
 * `max` bounds the pool so several processes (server, workers, tests) share one server politely.
 * A transaction waits up to 10 s for a connection (Prisma's default is 2 s): when a worker's
 * billing jobs hold the pool, or a burst of requests arrives, the minute tick or a save waits
 * its turn instead of failing. The same pool serves `queryRows` (lean-query.ts), the hot request
 * paths' reads without the client.
 */
export function createDatabaseClient(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: 10_000 },
  });
  registerLeanPool(client, pool);
  return client;
}
