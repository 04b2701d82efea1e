import type { Database } from '@phone-billing/db';

/** One key's count in its current window. */
export interface CounterWindow {
  key: string;
  hits: number;
  windowEndsAt: Date;
}

/**
 * Counts one request for each key and answers each key's count within its current fixed window
 * (a window starts with the first request after the previous one ended). One upsert does it, so
 * requests arriving together, on any instance, are counted exactly: of ten parallel requests one
 * sees 1, another 2, ... another 10. Keys are locked in sorted order, so two requests counting the
 * same keys never deadlock. `amount` counts several requests at once (the calls of a tRPC batch).
 */
export async function countRequest(
  db: Database,
  keys: string[],
  windowMs: number,
  now = new Date(),
  amount = 1,
): Promise<CounterWindow[]> {
  const sorted = [...new Set(keys)].sort();
  const windowEndsAt = new Date(now.getTime() + windowMs);
  const rows = await db.$queryRaw<CounterWindow[]>`
    INSERT INTO "request_counters" ("key", "hits", "windowEndsAt")
    SELECT "key", ${amount}::int, ${windowEndsAt}::timestamptz FROM unnest(${sorted}::text[]) WITH ORDINALITY AS k("key", n) ORDER BY n
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "request_counters"."windowEndsAt" <= ${now}::timestamptz THEN ${amount}::int ELSE "request_counters"."hits" + ${amount}::int END,
      "windowEndsAt" = CASE WHEN "request_counters"."windowEndsAt" <= ${now}::timestamptz THEN EXCLUDED."windowEndsAt" ELSE "request_counters"."windowEndsAt" END
    RETURNING "key", "hits", "windowEndsAt"`;
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => byKey.get(key)!);
}

/** Drops counters whose window has ended (housekeeping). */
export async function deleteEndedCounters(db: Database, now = new Date()): Promise<number> {
  return (await db.requestCounter.deleteMany({ where: { windowEndsAt: { lte: now } } })).count;
}
