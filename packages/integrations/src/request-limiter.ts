// What the vendor clients need to stay within a vendor's request limits. The clients know the
// limits (QuickBooks: 500 a minute and 10 at once per company; Genesys: 300 a minute per OAuth
// client); where the count is kept is the caller's choice: the app hands in a limiter kept in
// PostgreSQL, so every process on the database shares one count (packages/db/src/request-limiter.ts).

/** One vendor limit on the requests counted under `key`. */
export interface RequestLimit {
  /** What the vendor counts per, e.g. `qbo:<realmId>` or `genesys:<login host>:<client id>`. */
  key: string;
  /** Requests the vendor allows in a minute. */
  perMinute: number;
  /** Requests the vendor allows in flight at once; unset when it has no such limit. */
  maxConcurrent?: number;
}

/** Leave to send one request; release it once the answer has been read (or the request given up). */
export interface RequestPermit {
  release(): void;
}

export interface RequestLimiter {
  /** Waits until one more request under `limit` may be sent. */
  acquire(limit: RequestLimit): Promise<RequestPermit>;
}

/** No limiting at all: what a client uses when none is handed in (tests, scripts). */
export const unlimitedRequests: RequestLimiter = {
  acquire: async () => ({ release: () => undefined }),
};
