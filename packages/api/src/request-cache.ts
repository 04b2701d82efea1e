/**
 * What every request would otherwise read again: who a session or API token belongs to (user,
 * roles, permissions), the organisation settings and the customer list's counts, kept for a few
 * seconds per process.
 *
 * Correctness does not rest on the time limit. The database announces every change of sessions,
 * tokens, users, roles, permissions and settings on REQUEST_CACHE_CHANNEL (migration
 * 20261126_request_cache_notify; customer profiles and their queues since
 * 20261204_profile_counts_notify) and each process drops what changed the moment it hears it; a
 * write request to this process drops everything at once, before its answer leaves (the session
 * plugin does that). While the
 * process is not listening (starting, connection lost) nothing is served from the cache, since
 * announcements made meanwhile are lost. Before a copy is served, the listener catches up (one
 * round trip shared by concurrent requests), so a change committed anywhere before the request
 * arrived has always been applied: "at once" holds across processes, not just usually. Billing never reads through here: its kill-switch check
 * reads the database right before each send.
 */
export const REQUEST_CACHE_CHANNEL = 'request_cache_changes';
export const REQUEST_CACHE_TTL_MS = 5_000;
/** Beyond this many entries (a flood of distinct tokens) the cache starts over. */
const MAX_ENTRIES = 10_000;

export const sessionCacheKey = (sessionId: string) => `session:${sessionId}`;
export const apiTokenCacheKey = (tokenHash: string) => `token:${tokenHash}`;
export const SETTINGS_CACHE_KEY = 'settings';
/**
 * The customer list's counts (matching profiles, the five stat cards) per set of filters: each
 * needs every profile read and checked, while the page itself is 50 rows read on every request.
 * Dropped whenever a profile or its queues change ('profiles').
 */
export const PROFILE_COUNTS_CHANGE = 'profiles';
export const profileCountsCacheKey = (filters: string) => `${PROFILE_COUNTS_CHANGE}:${filters}`;

interface Entry {
  value: unknown;
  expiresAt: number;
}

export class RequestCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every change heard: a read that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly options: {
      ttlMs?: number;
      now?: () => number;
      /**
       * Waits until every change committed so far has been heard (true), or says it cannot (false).
       * Without it a request reaching this process a moment after another process's change could
       * still be answered from the copy the change made stale.
       */
      catchUp?: () => Promise<boolean>;
    } = {},
  ) {}

  /** Set by the change listener; while false every read goes to the database. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get isListening(): boolean {
    return this.listening;
  }

  /**
   * The cached value of `key`, or what `load` reads (kept when not null). Null is never kept:
   * an unknown token stays unknown only as long as the database says so.
   */
  async read<T extends object>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (!this.listening) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      if (this.options.catchUp && !(await this.options.catchUp())) return load();
      // What was heard while catching up may have dropped the copy.
      if (this.entries.get(key) === hit) return hit.value as T;
    }
    const generation = this.generation;
    const value = await load();
    if (value !== null && this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, {
        value: deepFreeze(value),
        expiresAt: now + (this.options.ttlMs ?? REQUEST_CACHE_TTL_MS),
      });
    }
    return value;
  }

  /** Applies one announcement from the database (see the migration for the payloads). */
  applyChange(payload: string): void {
    this.generation++;
    if (payload === 'principals') {
      for (const key of this.entries.keys()) if (key !== SETTINGS_CACHE_KEY) this.entries.delete(key);
    } else if (payload === PROFILE_COUNTS_CHANGE) {
      for (const key of this.entries.keys()) if (key.startsWith(`${PROFILE_COUNTS_CHANGE}:`)) this.entries.delete(key);
    } else {
      this.entries.delete(payload);
    }
  }

  /** Forgets everything (a write request in this process, or the listener lost its connection). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

/** Cached values are shared by concurrent requests: nobody may change them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
