import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';

export type Database = PrismaClient;

/**
 * A Prisma client on the Rust-free engine, talking to PostgreSQL through node-postgres.
 * `max` bounds the pool so several processes (server, workers, tests) share one server politely.
 */
export function createDatabaseClient(connectionString: string, options: { max?: number } = {}): Database {
  const adapter = new PrismaPg({ connectionString, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
