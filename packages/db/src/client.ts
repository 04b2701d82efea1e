import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';

export type Database = PrismaClient;

/**
 * A Prisma client on the Rust-free engine, talking to PostgreSQL through node-postgres.
 * `max` bounds the pool so several processes (server, workers, tests) share one server politely.
 * A transaction waits up to 10 s for a connection (Prisma's default is 2 s): when a worker's
 * billing jobs hold the pool, or a burst of requests arrives, the minute tick or a save waits
 * its turn instead of failing.
 */
export function createDatabaseClient(connectionString: string, options: { max?: number } = {}): Database {
  const adapter = new PrismaPg({ connectionString, max: options.max ?? 10 });
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000 } });
}
