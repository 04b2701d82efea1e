import type { Database } from './client';

export interface AdvisoryLockOptions {
  /** How long `work` may hold the lock before it is given up (default 10 minutes). */
  timeoutMs?: number;
}

/**
 * Runs `work` while holding the PostgreSQL advisory lock named `name`, so that any number of
 * processes on one database (servers starting together, workers) run it one at a time. The lock
 * is held by a transaction that stays open beside `work` (which uses the client's other
 * connections as usual); a process that dies releases it with its connection.
 */
export async function withAdvisoryLock<T>(
  db: Database,
  name: string,
  work: () => Promise<T>,
  options: AdvisoryLockOptions = {},
): Promise<T> {
  const timeout = options.timeoutMs ?? 10 * 60_000;
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${name}))`;
      return work();
    },
    // Waiting for the lock happens inside the transaction, so `timeout` covers the wait too.
    { timeout, maxWait: 60_000 },
  );
}
