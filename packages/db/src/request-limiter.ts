import pg from 'pg';

// The vendor request limiter the app hands to its QuickBooks and Genesys clients (the shapes
// match RequestLimiter in @phone-billing/integrations/request-limiter). The count lives in
// PostgreSQL, so every server and worker process on the database shares it:
//
// - requests per minute: requests leave evenly spaced. Each reserves the next departure time of
//   its key in one statement (vendor_request_pacing: nextAt = greatest(nextAt, now) + interval,
//   on the database's clock) and waits until then. Spacing rather than a burst-then-wait window
//   keeps any 60 s window below the vendor's count whichever way its window is measured.
// - requests at once: a session advisory lock per slot (vendor_request_slot_try), held on a
//   connection of this limiter's own pool until the answer has been read. A process that dies
//   mid-request loses its connections, and PostgreSQL frees its slots at once.

export interface VendorRequestLimit {
  key: string;
  perMinute: number;
  maxConcurrent?: number;
}

export interface VendorRequestPermit {
  release(): void;
}

export interface PostgresRequestLimiterOptions {
  connectionString: string;
  /**
   * Share of each vendor limit this limiter uses (default 0.95). The rest absorbs the time
   * between a request's departure here and its arrival there (a busy event loop, the network).
   */
  headroom?: number;
  /** How often a process waiting for a slot asks again when another process holds them all (ms). */
  slotPollMs?: number;
  /** Connections of the limiter's own pool (each request in flight under a concurrency limit holds one). */
  maxConnections?: number;
}

export interface PostgresRequestLimiter {
  acquire(limit: VendorRequestLimit): Promise<VendorRequestPermit>;
  /** Closes the pool (after the requests in flight have released their permits). */
  close(): Promise<void>;
}

type HeldSlot = { client: pg.PoolClient; slot: number };

/** Per key, this process's waiters for a concurrency slot take turns polling, first come first served. */
type SlotQueue = { turn: Promise<void>; wake: (() => void) | null };

const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

export function createPostgresRequestLimiter(options: PostgresRequestLimiterOptions): PostgresRequestLimiter {
  const headroom = Math.min(1, Math.max(0.1, options.headroom ?? 0.95));
  const slotPollMs = options.slotPollMs ?? 50;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 16,
    application_name: 'phone-billing request limiter',
  });
  // An idle connection the server closed (a restart, a shutdown) is simply dropped from the pool.
  pool.on('error', () => undefined);
  const slotQueues = new Map<string, SlotQueue>();
  // A held connection that breaks must not crash the process (the query or release reports it);
  // pooled connections are reused, so each gets this listener once.
  const guarded = new WeakSet<pg.PoolClient>();
  let closed = false;

  /** Reserves the next departure under `limit` and waits for it. */
  async function awaitDeparture(limit: VendorRequestLimit): Promise<void> {
    const intervalSeconds = 60 / (limit.perMinute * headroom);
    const { rows } = await pool.query<{ waitMs: number }>(
      `INSERT INTO vendor_request_pacing (key, "nextAt") VALUES ($1, clock_timestamp() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET "nextAt" = greatest(vendor_request_pacing."nextAt", clock_timestamp()) + make_interval(secs => $2)
       RETURNING (extract(epoch FROM ("nextAt" - clock_timestamp())) - $2) * 1000 AS "waitMs"`,
      [limit.key, intervalSeconds],
    );
    const waitMs = Number(rows[0]?.waitMs ?? 0);
    if (waitMs > 0) await sleep(waitMs);
  }

  async function tryTakeSlot(limit: VendorRequestLimit & { maxConcurrent: number }): Promise<HeldSlot | null> {
    const client = await pool.connect();
    if (!guarded.has(client)) {
      client.on('error', () => undefined);
      guarded.add(client);
    }
    try {
      const { rows } = await client.query<{ slot: number | null }>('SELECT vendor_request_slot_try($1, $2) AS slot', [
        limit.key,
        limit.maxConcurrent,
      ]);
      const slot = rows[0]?.slot;
      if (slot === null || slot === undefined) {
        client.release();
        return null;
      }
      return { client, slot };
    } catch (error) {
      client.release(error as Error); // dropping the connection drops any lock it took
      throw error;
    }
  }

  async function takeSlot(limit: VendorRequestLimit & { maxConcurrent: number }): Promise<HeldSlot> {
    const queue = slotQueues.get(limit.key) ?? { turn: Promise.resolve(), wake: null };
    slotQueues.set(limit.key, queue);
    let passTurn!: () => void;
    const myTurn = queue.turn;
    queue.turn = new Promise<void>((resolve) => (passTurn = resolve));
    await myTurn;
    try {
      for (;;) {
        if (closed) throw new Error('The request limiter is closed');
        const held = await tryTakeSlot(limit);
        if (held) return held;
        // All slots are busy: wait for one of ours to be released, or poll for other processes'.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, slotPollMs);
          queue.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        queue.wake = null;
      }
    } finally {
      passTurn();
    }
  }

  function releaseSlot(key: string, held: HeldSlot): void {
    held.client
      .query("SELECT pg_advisory_unlock(hashtext('vendor-request-slot:' || $1), $2)", [key, held.slot])
      .then(
        () => held.client.release(),
        (error: Error) => held.client.release(error),
      )
      .finally(() => slotQueues.get(key)?.wake?.());
  }

  return {
    async acquire(limit) {
      if (closed) throw new Error('The request limiter is closed');
      const maxConcurrent = limit.maxConcurrent;
      // A slot first, then the departure time: a request that waited for a slot still leaves on
      // the even spacing, never in a burst with others that waited.
      const held = maxConcurrent ? await takeSlot({ ...limit, maxConcurrent }) : null;
      try {
        await awaitDeparture(limit);
      } catch (error) {
        if (held) releaseSlot(limit.key, held);
        throw error;
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (held) releaseSlot(limit.key, held);
        },
      };
    },
    async close() {
      closed = true;
      await pool.end();
    },
  };
}
