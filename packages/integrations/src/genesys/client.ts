import { unlimitedRequests, type RequestLimit, type RequestLimiter } from '../request-limiter';
import { DetailsPull, MAX_DETAILS_PAGINATION_RESULTS } from './details-pull';
import { GenesysApiError, GenesysAuthenticationError, isGenesysErrorBody, isGenesysOAuthErrorBody } from './errors';

export {
  MAX_DETAILS_INTERVAL_MS,
  MAX_DETAILS_PAGINATION_RESULTS,
  splitIntoIntervals,
  type DateInterval,
} from './details-pull';
import type {
  AnalyticsConversationAsSent,
  ConversationDetailsQuery,
  ConversationDetailsQueryResponse,
  GenesysEntityListing,
  GenesysQueue,
  GenesysQueueListing,
  GenesysTokenResponse,
  GenesysUser,
  GenesysUserListing,
  GenesysWrapUpCode,
} from './schemas';

export interface GenesysClientConfig {
  /** `https://api.mypurecloud.com`, or the simulator's root. */
  apiBaseUrl: string;
  /** `https://login.mypurecloud.com`, or the simulator's root. */
  loginBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Tries per request, the first included (default 5). */
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  requestTimeoutMs?: number;
  /** Source of backoff jitter, uniform in [0, 1) (default Math.random). */
  random?: () => number;
  /**
   * Keeps API requests within Genesys' limit per OAuth client (`requestsPerMinute`). The app
   * hands in one shared by all its processes; without one, nothing is limited here.
   */
  limiter?: RequestLimiter;
  /** Requests a minute the organisation allows this OAuth client (Genesys: 300). */
  requestsPerMinute?: number;
  /** Results the details query pages to at most (Genesys: 100,000); tests lower it with the simulator's. */
  paginationCap?: number;
}

/** Genesys Cloud's default limit on API requests per client-credentials client. */
export const GENESYS_REQUESTS_PER_MINUTE = 300;

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

const LISTING_PAGE_SIZE = 100;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const isRetryableStatus = (status: number): boolean =>
  status === 429 || status === 500 || status === 502 || status === 503 || status === 504;

/**
 * Genesys Cloud platform API over plain HTTP, with client-credentials authentication.
 * It renews the token shortly before it expires and after any 401, waits out 429s (Retry-After)
 * and retries 5xx and network failures with jittered exponential backoff, all within
 * `maxAttempts` tries per request.
 */
export class GenesysClient {
  private readonly apiBaseUrl: string;
  private readonly loginBaseUrl: string;
  private readonly maxAttempts: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly requestTimeoutMs: number;
  private readonly random: () => number;
  private readonly limiter: RequestLimiter;
  private readonly requestLimit: RequestLimit;
  private readonly paginationCap: number;
  private token: { accessToken: string; expiresAtMs: number; renewAtMs: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly config: GenesysClientConfig) {
    this.apiBaseUrl = config.apiBaseUrl.replace(/\/+$/, '');
    this.loginBaseUrl = config.loginBaseUrl.replace(/\/+$/, '');
    this.maxAttempts = Math.max(1, config.maxAttempts ?? 5);
    this.sleep = config.sleep ?? defaultSleep;
    this.now = config.now ?? (() => new Date());
    this.requestTimeoutMs = config.requestTimeoutMs ?? 30_000;
    this.random = config.random ?? Math.random;
    this.limiter = config.limiter ?? unlimitedRequests;
    this.paginationCap = config.paginationCap ?? MAX_DETAILS_PAGINATION_RESULTS;
    this.requestLimit = {
      key: `genesys:${this.loginBaseUrl}:${config.clientId}`,
      perMinute: config.requestsPerMinute ?? GENESYS_REQUESTS_PER_MINUTE,
    };
  }

  /** A valid access token, fetched or renewed when needed (concurrent callers share one fetch). */
  async getAccessToken(): Promise<string> {
    if (this.token && this.now().getTime() < this.token.renewAtMs) return this.token.accessToken;
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  tokenStatus(): { hasValidToken: boolean; tokenExpiresAt: Date | null } {
    if (!this.token) return { hasValidToken: false, tokenExpiresAt: null };
    return {
      hasValidToken: this.now().getTime() < this.token.expiresAtMs,
      tokenExpiresAt: new Date(this.token.expiresAtMs),
    };
  }

  /** Authenticates and counts users and queues; throws GenesysAuthenticationError on bad credentials. */
  async testConnection(): Promise<{ userCount: number; queueCount: number }> {
    const users = await this.listUsers({ pageNumber: 1, pageSize: 1 });
    const queues = await this.listQueues({ pageNumber: 1, pageSize: 1 });
    return { userCount: users.total, queueCount: queues.total };
  }

  listUsers(page: PageRequest): Promise<GenesysUserListing> {
    return this.apiRequest('GET', `/api/v2/users?${pageQuery(page)}`);
  }

  listQueues(page: PageRequest): Promise<GenesysQueueListing> {
    return this.apiRequest('GET', `/api/v2/routing/queues?${pageQuery(page)}`);
  }

  listWrapUpCodes(page: PageRequest): Promise<GenesysEntityListing<GenesysWrapUpCode>> {
    return this.apiRequest('GET', `/api/v2/routing/wrapupcodes?${pageQuery(page)}`);
  }

  listAllUsers(): Promise<GenesysUser[]> {
    return this.collectAllPages((page) => this.listUsers(page));
  }

  listAllQueues(): Promise<GenesysQueue[]> {
    return this.collectAllPages((page) => this.listQueues(page));
  }

  listAllWrapUpCodes(): Promise<GenesysWrapUpCode[]> {
    return this.collectAllPages((page) => this.listWrapUpCodes(page));
  }

  /**
   * Every conversation that starts in [start, end), each once, whatever the day sizes
   * (details-pull.ts says how). Unfinished ones too; the caller decides what to keep.
   */
  conversationsBetween(start: Date, end: Date): AsyncGenerator<AnalyticsConversationAsSent> {
    return new DetailsPull((body) => this.queryConversationDetails(body), this.paginationCap).between(start, end);
  }

  /** One call to the synchronous conversation details query, shapes as on the wire. */
  queryConversationDetails(body: ConversationDetailsQuery): Promise<ConversationDetailsQueryResponse> {
    return this.apiRequest('POST', '/api/v2/analytics/conversations/details/query', body);
  }

  private async collectAllPages<Entity>(
    fetchPage: (page: PageRequest) => Promise<GenesysEntityListing<Entity>>,
  ): Promise<Entity[]> {
    const all: Entity[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const listing = await fetchPage({ pageNumber, pageSize: LISTING_PAGE_SIZE });
      all.push(...listing.entities);
      if (listing.entities.length === 0 || pageNumber >= listing.pageCount) return all;
    }
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.sendWithRetries(
      () => ({
        url: `${this.loginBaseUrl}/oauth/token`,
        init: {
          method: 'POST',
          headers: {
            Authorization: `Basic ${basic}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: 'grant_type=client_credentials',
        },
      }),
      false,
    );
    const body = (await response.json()) as GenesysTokenResponse;
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new GenesysApiError(
        response.status,
        'invalid.token.response',
        'Genesys Cloud answered the token request without an access_token and expires_in.',
        body,
      );
    }
    const issuedAtMs = this.now().getTime();
    const lifetimeMs = body.expires_in * 1000;
    // Renew a little early so a request never leaves with a token about to lapse.
    const marginMs = Math.min(5 * 60_000, lifetimeMs * 0.1);
    this.token = {
      accessToken: body.access_token,
      expiresAtMs: issuedAtMs + lifetimeMs,
      renewAtMs: issuedAtMs + lifetimeMs - marginMs,
    };
    return body.access_token;
  }

  private async apiRequest<Result>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Result> {
    const response = await this.sendWithRetries(
      async () => ({
        url: `${this.apiBaseUrl}${path}`,
        init: {
          method,
          headers: {
            Authorization: `Bearer ${await this.getAccessToken()}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
      }),
      true,
    );
    return (await response.json()) as Result;
  }

  /**
   * Sends a request until it succeeds, fails for good, or runs out of attempts. `authenticated`
   * requests drop the cached token on a 401 so the next attempt logs in again.
   */
  private async sendWithRetries(
    prepare: () => Promise<{ url: string; init: RequestInit }> | { url: string; init: RequestInit },
    authenticated: boolean,
  ): Promise<Response> {
    let lastFailure: { status: number; code: string; message: string; body: unknown } | null = null;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const { url, init } = await prepare();
      let response: Response;
      // API requests count against the client's limit (the token endpoint has its own); Genesys
      // limits requests per minute only, so the permit can go as soon as the answer starts.
      const permit = authenticated ? await this.limiter.acquire(this.requestLimit) : null;
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.requestTimeoutMs) });
      } catch (error) {
        permit?.release();
        lastFailure = {
          status: 0,
          code: 'network.error',
          message: `Could not reach Genesys Cloud at ${url}: ${(error as Error).message}`,
          body: null,
        };
        if (attempt < this.maxAttempts) await this.sleep(this.backoffMs(attempt));
        continue;
      }
      permit?.release();
      if (response.ok) return response;

      const body = await readBody(response);
      const code = isGenesysErrorBody(body)
        ? body.code
        : isGenesysOAuthErrorBody(body)
          ? body.error
          : `http.${response.status}`;
      const message = isGenesysErrorBody(body)
        ? body.message
        : isGenesysOAuthErrorBody(body)
          ? (body.description ?? body.error_description ?? body.error)
          : `HTTP ${response.status}`;
      lastFailure = { status: response.status, code, message, body };

      if (
        !authenticated &&
        isGenesysOAuthErrorBody(body) &&
        (response.status === 400 || response.status === 401 || response.status === 403)
      ) {
        throw new GenesysAuthenticationError(response.status, body.error, message, body);
      }
      if (authenticated && response.status === 401) {
        this.token = null;
        continue;
      }
      if (!isRetryableStatus(response.status)) throw new GenesysApiError(response.status, code, message, body);
      if (attempt < this.maxAttempts) await this.sleep(this.retryDelayMs(response, attempt));
    }
    const failure = lastFailure ?? { status: 0, code: 'no.attempt', message: 'no attempt was made', body: null };
    throw new GenesysApiError(
      failure.status,
      failure.code,
      `Genesys Cloud request failed after ${this.maxAttempts} attempts: ${failure.message}`,
      failure.body,
    );
  }

  private retryDelayMs(response: Response, attempt: number): number {
    const retryAfterSeconds = Number(response.headers.get('retry-after'));
    if (
      response.status === 429 &&
      Number.isFinite(retryAfterSeconds) &&
      retryAfterSeconds >= 0 &&
      response.headers.has('retry-after')
    ) {
      // Never earlier than asked; a little later so clients that were told the same do not collide.
      const waitMs = retryAfterSeconds * 1000;
      return waitMs + Math.floor(this.random() * Math.min(1000, Math.max(100, waitMs * 0.1)));
    }
    return this.backoffMs(attempt);
  }

  /** Exponential backoff with jitter: half the step fixed, half random. */
  private backoffMs(attempt: number): number {
    const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
    return Math.floor(step / 2 + this.random() * (step / 2));
  }
}

function pageQuery(page: PageRequest): string {
  return new URLSearchParams({ pageSize: String(page.pageSize), pageNumber: String(page.pageNumber) }).toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
