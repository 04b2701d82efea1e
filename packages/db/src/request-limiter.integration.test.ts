import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createPostgresRequestLimiter, type PostgresRequestLimiter, type VendorRequestLimit } from './request-limiter';

// Several limiters on separate pools stand for several processes sharing one database.
const limiters: PostgresRequestLimiter[] = [];
afterAll(async () => {
  await Promise.all(limiters.map((limiter) => limiter.close()));
});

async function processes(count: number, databaseUrl: string) {
  const created = Array.from({ length: count }, () => createPostgresRequestLimiter({ connectionString: databaseUrl }));
  limiters.push(...created);
  return created;
}

/** Most grants in any window of `windowMs` (grant times sorted). */
function busiestWindow(times: number[], windowMs: number): number {
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('the PostgreSQL request limiter', () => {
  it(
    'keeps three processes together within a rate limit while using at least 90% of it',
    { timeout: 60_000 },
    async () => {
      const databaseUrl = await createTestDatabase();
      // 1200 a minute = 20 a second, so a few seconds show what a minute of QuickBooks would.
      const limit: VendorRequestLimit = { key: 'test:rate', perMinute: 1200 };
      const grants: number[] = [];
      const started = performance.now();
      const runFor = 8_000;
      await Promise.all(
        (await processes(3, databaseUrl)).flatMap((limiter) =>
          // Each process has five callers sending one request after another as fast as allowed.
          Array.from({ length: 5 }, async () => {
            while (performance.now() - started < runFor) {
              const permit = await limiter.acquire(limit);
              grants.push(performance.now());
              permit.release();
            }
          }),
        ),
      );
      grants.sort((a, b) => a - b);
      const perSecondAllowed = limit.perMinute / 60;
      // Never more than the limit in any window (4 s: 80 allowed). The 5% headroom is what absorbs
      // a busy event loop's late timers, which bunch departures: 4 s of it is 200 ms of lateness;
      // a 2 s window (100 ms) once counted 41 of 40 on a loaded 2-core machine.
      expect(busiestWindow(grants, 4_000)).toBeLessThanOrEqual(4 * perSecondAllowed);
      const span = (grants.at(-1)! - grants[0]!) / 1000;
      const used = (grants.length - 1) / span / perSecondAllowed;
      expect(used).toBeGreaterThanOrEqual(0.9);
      expect(used).toBeLessThanOrEqual(1);
    },
  );

  it(
    'never lets three processes together hold more requests at once than the limit allows',
    { timeout: 60_000 },
    async () => {
      const databaseUrl = await createTestDatabase();
      const limit: VendorRequestLimit = { key: 'test:concurrent', perMinute: 60_000, maxConcurrent: 4 };
      let inFlight = 0;
      let mostInFlight = 0;
      let completed = 0;
      await Promise.all(
        (await processes(3, databaseUrl)).flatMap((limiter) =>
          Array.from({ length: 6 }, async () => {
            for (let request = 0; request < 8; request += 1) {
              const permit = await limiter.acquire(limit);
              inFlight += 1;
              mostInFlight = Math.max(mostInFlight, inFlight);
              await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25));
              inFlight -= 1;
              permit.release();
              completed += 1;
            }
          }),
        ),
      );
      expect(completed).toBe(3 * 6 * 8);
      expect(mostInFlight).toBe(4); // all slots used, never one more
    },
  );

  it(
    'reuses its connections for request after request without piling up listeners on them',
    { timeout: 60_000 },
    async () => {
      const databaseUrl = await createTestDatabase();
      const [limiter] = await processes(1, databaseUrl);
      const warnings: Error[] = [];
      const onWarning = (warning: Error) => warnings.push(warning);
      process.on('warning', onWarning);
      try {
        for (let request = 0; request < 30; request += 1)
          (await limiter!.acquire({ key: 'test:reuse', perMinute: 600_000, maxConcurrent: 1 })).release();
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    },
  );

  it('frees the slots of a process that dies mid-request', { timeout: 60_000 }, async () => {
    const databaseUrl = await createTestDatabase();
    const limit: VendorRequestLimit = { key: 'test:crash', perMinute: 60_000, maxConcurrent: 2 };
    const [doomed, survivor] = await processes(2, databaseUrl);
    await doomed!.acquire(limit);
    await doomed!.acquire(limit);
    // Both slots are held: the survivor waits...
    let granted = false;
    const waiting = survivor!.acquire(limit).then((permit) => {
      granted = true;
      return permit;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(granted).toBe(false);
    // ...until the holder's connections are gone, as when its process is killed.
    limiters.splice(limiters.indexOf(doomed!), 1);
    await Promise.race([doomed!.close(), new Promise((resolve) => setTimeout(resolve, 100))]);
    await terminateLimiterConnections(databaseUrl);
    const permit = await waiting;
    expect(granted).toBe(true);
    permit.release();
  });
});

async function terminateLimiterConnections(databaseUrl: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The survivor's pool has no connection holding a slot yet; only the doomed one's hold locks.
    await client.query(
      `SELECT pg_terminate_backend(l.pid) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
  } finally {
    await client.end();
  }
}
