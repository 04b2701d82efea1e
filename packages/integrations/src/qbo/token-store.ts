/** The OAuth tokens of one QuickBooks connection. */
export type QboTokenSet = {
  accessToken: string;
  refreshToken: string;
  realmId: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date | null;
};

/**
 * Where the client keeps its tokens. The app stores them encrypted in PostgreSQL and takes a
 * database advisory lock in withRefreshLock, so that only one process at a time spends the
 * refresh token (QuickBooks rotates it, and a spent one is refused).
 */
export interface QboTokenStore {
  load(): Promise<QboTokenSet | null>;
  save(tokens: QboTokenSet): Promise<void>;
  withRefreshLock<T>(fn: () => Promise<T>): Promise<T>;
}

function copyTokens(tokens: QboTokenSet): QboTokenSet {
  return {
    ...tokens,
    accessTokenExpiresAt: new Date(tokens.accessTokenExpiresAt),
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ? new Date(tokens.refreshTokenExpiresAt) : null,
  };
}

/** An in-process token store (tests, scripts); its lock serialises callers in this process only. */
export function createMemoryTokenStore(initial: QboTokenSet | null = null): QboTokenStore & { clear(): void } {
  let stored = initial ? copyTokens(initial) : null;
  let lockTail: Promise<unknown> = Promise.resolve();
  return {
    async load() {
      return stored ? copyTokens(stored) : null;
    },
    async save(tokens) {
      stored = copyTokens(tokens);
    },
    withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
      const run = lockTail.then(fn, fn);
      lockTail = run.catch(() => undefined);
      return run;
    },
    clear() {
      stored = null;
    },
  };
}
