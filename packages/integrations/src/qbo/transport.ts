import { accountingApiBase, type QboConfig } from './config';
import { QboApiError, QboAuthError } from './errors';
import { unlimitedRequests, type RequestLimiter } from '../request-limiter';
import { QboOAuth } from './oauth';
import {
  QBO_THROTTLE_PATIENCE_MS,
  QBO_THROTTLE_WINDOW_MS,
  qboRequestLimit,
  retryAfterMs,
  throttleWaitMs,
} from './throttling';
import type { QboTokenSet, QboTokenStore } from './token-store';

// How the QuickBooks client talks to the Accounting API: tokens kept fresh, every request paced
// by the shared limiter, 5xx and lost answers retried, throttling waited out (throttling.ts).
// QboClient (client.ts) adds the Accounting API calls on top.

export type QboClientOptions = {
  config: QboConfig;
  tokenStore: QboTokenStore;
  oauth?: QboOAuth;
  /** How backoff waits; tests pass one that returns at once. */
  sleep?: (milliseconds: number) => Promise<void>;
  now?: () => Date;
  /** Attempts per request for 5xx and lost answers (a refresh after a 401 is extra; throttling has its own patience). */
  maxAttempts?: number;
  /**
   * Keeps Accounting API requests within the company's budget (qboRequestLimit: the
   * environment's, or QBO_REQUESTS_PER_MINUTE). The app hands in one shared by all its
   * processes; without one, nothing is limited.
   */
  limiter?: RequestLimiter;
  /** How long a throttle without Retry-After is waited out (QuickBooks' window: 60 s). */
  throttleWindowMs?: number;
  /** How long one call keeps waiting out throttling in all before it fails (default 5 minutes). */
  throttlePatienceMs?: number;
};

/** Runs once the limiter has granted the request, right before it is sent; throwing aborts it unsent. */
export type QboBeforeSend = (attempt: { number: number }) => Promise<void> | void;

export type QboTokenStatus = {
  hasTokens: boolean;
  accessTokenExpiresAt: Date | null;
  expiresInSeconds: number | null;
};

const refreshMarginMs = 5 * 60_000;
const minorVersion = '75';
const backoffBaseMs = 1000;
const backoffCapMs = 30_000;

export type QboApiRequest = {
  method: 'GET' | 'POST';
  resource: string;
  params?: Record<string, string>;
  json?: unknown;
  /** A query statement sent as the body (`application/text`), for statements too long for a URL. */
  queryText?: string;
  /** An empty body of type application/octet-stream, as `send` wants. */
  octetStream?: boolean;
  /**
   * Whether a 5xx or a dropped connection may be retried: true for reads and for writes
   * carrying a requestid (QuickBooks answers a repeat with the original result).
   */
  safeToRepeat: boolean;
  beforeSend?: QboBeforeSend;
  /** This call's patience with throttling, when not the client's (0: report it at once). */
  throttlePatienceMs?: number;
};

/**
 * The transport under QboClient. Keeps the access token fresh (refreshes when less than five
 * minutes remain, and once after a 401 in any fault form), always keeps the newest refresh token,
 * retries 5xx with exponential backoff and jitter, and waits throttling out (429 or 403/3001,
 * JSON or XML) for Retry-After or else QuickBooks' one-minute window, within the call's patience.
 */
export class QboTransport {
  protected readonly config: QboConfig;
  private readonly tokenStore: QboTokenStore;
  private readonly oauth: QboOAuth;
  private readonly sleep: (milliseconds: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly maxAttempts: number;
  private readonly limiter: RequestLimiter;
  private readonly throttleWindowMs: number;
  private readonly throttlePatienceMs: number;

  constructor(options: QboClientOptions) {
    this.config = options.config;
    this.tokenStore = options.tokenStore;
    this.now = options.now ?? (() => new Date());
    this.oauth = options.oauth ?? new QboOAuth(options.config, { now: this.now });
    this.sleep = options.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.limiter = options.limiter ?? unlimitedRequests;
    this.throttleWindowMs = options.throttleWindowMs ?? QBO_THROTTLE_WINDOW_MS;
    this.throttlePatienceMs = options.throttlePatienceMs ?? QBO_THROTTLE_PATIENCE_MS;
  }

  // ---- tokens --------------------------------------------------------------------------------

  async tokenStatus(): Promise<QboTokenStatus> {
    const tokens = await this.tokenStore.load();
    if (!tokens) return { hasTokens: false, accessTokenExpiresAt: null, expiresInSeconds: null };
    const remaining = Math.floor((tokens.accessTokenExpiresAt.getTime() - this.now().getTime()) / 1000);
    return {
      hasTokens: true,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      expiresInSeconds: Math.max(0, remaining),
    };
  }

  /** The company (realm) the stored tokens belong to, or null when not connected. */
  async connectedRealmId(): Promise<string | null> {
    return (await this.tokenStore.load())?.realmId ?? null;
  }

  /** Exchanges the callback's code for tokens and stores them. */
  async connect(callbackUrlOrQuery: string): Promise<QboTokenSet> {
    const tokens = await this.oauth.exchangeCode(callbackUrlOrQuery);
    await this.tokenStore.withRefreshLock(() => this.tokenStore.save(tokens));
    return tokens;
  }

  /** Refreshes now, whatever the access token's age (the "Refresh token" button). */
  async refreshTokens(): Promise<QboTokenSet> {
    return this.refreshUnderLock(await this.storedTokens());
  }

  private expiresSoon(tokens: QboTokenSet): boolean {
    return tokens.accessTokenExpiresAt.getTime() - this.now().getTime() < refreshMarginMs;
  }

  protected async storedTokens(): Promise<QboTokenSet> {
    const tokens = await this.tokenStore.load();
    if (!tokens) throw new QboAuthError('not_connected', 'QuickBooks is not connected. Connect it from QBO Setup.');
    return tokens;
  }

  private async usableTokens(): Promise<QboTokenSet> {
    const tokens = await this.storedTokens();
    return this.expiresSoon(tokens) ? this.refreshUnderLock(tokens) : tokens;
  }

  /**
   * Refreshes the tokens we last saw, under the store's lock. The store is read again inside the
   * lock: when another request or process refreshed meanwhile, its newer tokens are used instead
   * of spending a refresh token that QuickBooks has already rotated.
   */
  private refreshUnderLock(seen: QboTokenSet): Promise<QboTokenSet> {
    return this.tokenStore.withRefreshLock(async () => {
      const latest = await this.storedTokens();
      if (latest.accessToken !== seen.accessToken && !this.expiresSoon(latest)) return latest;
      try {
        const refreshed = await this.oauth.refresh(latest);
        await this.tokenStore.save(refreshed);
        return refreshed;
      } catch (error) {
        if (error instanceof QboAuthError && error.code === 'invalid_grant') {
          // Someone outside this lock (another deployment, a script) may have rotated it.
          const after = await this.tokenStore.load();
          if (after && after.refreshToken !== latest.refreshToken) return after;
        }
        throw error;
      }
    });
  }

  // ---- transport -----------------------------------------------------------------------------

  private backoffMs(attempt: number, retryAfter: number | null): number {
    if (retryAfter !== null) return Math.min(retryAfter, backoffCapMs);
    const ceiling = Math.min(backoffCapMs, backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  protected async call<T>(request: QboApiRequest): Promise<T> {
    let refreshedAfterRejection = false;
    let throttledForMs = 0;
    let sends = 0;
    for (let attempt = 1; ; attempt += 1) {
      const tokens = await this.usableTokens();
      const url = new URL(
        `${accountingApiBase(this.config)}/v3/company/${encodeURIComponent(tokens.realmId)}/${request.resource}`,
      );
      for (const [name, value] of Object.entries(request.params ?? {})) url.searchParams.set(name, value);
      url.searchParams.set('minorversion', minorVersion);

      let status: number;
      let text: string;
      let intuitTid: string | undefined;
      let retryAfter: number | null = null;
      // The permit covers the request until its answer is read: QuickBooks counts it in flight so long.
      const permit = await this.limiter.acquire(qboRequestLimit(this.config, tokens.realmId));
      try {
        sends += 1;
        await request.beforeSend?.({ number: sends });
      } catch (refusal) {
        permit.release();
        throw refusal; // the caller said not to send it: nothing was sent
      }
      try {
        const response = await fetch(url, {
          method: request.method,
          headers: {
            Authorization: `Bearer ${tokens.accessToken}`,
            Accept: 'application/json',
            ...(request.json === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(request.queryText === undefined ? {} : { 'Content-Type': 'application/text' }),
            ...(request.octetStream ? { 'Content-Type': 'application/octet-stream' } : {}),
          },
          body: request.json === undefined ? request.queryText : JSON.stringify(request.json),
        });
        status = response.status;
        intuitTid = response.headers.get('intuit_tid') ?? undefined;
        retryAfter = retryAfterMs(response.headers.get('retry-after'));
        text = await response.text();
      } catch (cause) {
        permit.release();
        const failure = QboApiError.noAnswer(cause);
        if (!request.safeToRepeat || attempt >= this.maxAttempts) throw failure;
        await this.sleep(this.backoffMs(attempt, null));
        continue;
      }
      permit.release();

      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (a proxy's HTML error page, say): keep the text for the error message.
      }
      if (status >= 200 && status < 300) return body as T;

      if (status === 401 && !refreshedAfterRejection) {
        refreshedAfterRejection = true;
        await this.refreshUnderLock(tokens);
        attempt -= 1;
        continue;
      }
      const error = QboApiError.fromResponse(status, body, intuitTid);
      if (error.throttled) {
        // Nothing was done; a write repeats with its requestid. Not an attempt: patience decides.
        const wait = throttleWaitMs(retryAfter, this.throttleWindowMs);
        if (throttledForMs + wait > (request.throttlePatienceMs ?? this.throttlePatienceMs)) throw error;
        throttledForMs += wait;
        attempt -= 1;
        await this.sleep(wait);
        continue;
      }
      const retryable = status >= 500 && request.safeToRepeat;
      if (!retryable || attempt >= this.maxAttempts) throw error;
      await this.sleep(this.backoffMs(attempt, retryAfter));
    }
  }
}
