import { randomUUID } from 'node:crypto';
import { accountingApiBase, type QboConfig } from './config';
import type {
  QboAccount,
  QboBatchItemRequest,
  QboBatchItemResponse,
  QboCompanyInfo,
  QboCustomer,
  QboInvoice,
  QboInvoiceInput,
  QboItem,
} from './entities';
import { QboApiError, QboAuthError } from './errors';
import { unlimitedRequests, type RequestLimit, type RequestLimiter } from '../request-limiter';
import { QboOAuth } from './oauth';
import { quoteQboString } from './query-language';
import type { QboTokenSet, QboTokenStore } from './token-store';

export { qboConfigFromEnv, type QboConfig } from './config';
export { QboOAuth } from './oauth';
export { createMemoryTokenStore, type QboTokenSet, type QboTokenStore } from './token-store';

export type QboClientOptions = {
  config: QboConfig;
  tokenStore: QboTokenStore;
  oauth?: QboOAuth;
  /** How backoff waits; tests pass one that returns at once. */
  sleep?: (milliseconds: number) => Promise<void>;
  now?: () => Date;
  /** Attempts per request for 429, 5xx and lost answers (a refresh after a 401 is extra). */
  maxAttempts?: number;
  /**
   * Keeps Accounting API requests within QuickBooks' limits (QBO_REQUEST_LIMITS per company).
   * The app hands in one shared by all its processes; without one, nothing is limited.
   */
  limiter?: RequestLimiter;
};

/** Runs once the limiter has granted the request, right before it is sent; throwing aborts it unsent. */
export type QboBeforeSend = (attempt: { number: number }) => Promise<void> | void;

export type QboTokenStatus = {
  hasTokens: boolean;
  accessTokenExpiresAt: Date | null;
  expiresInSeconds: number | null;
};

/** QuickBooks allows this many items in one batch request. */
export const QBO_MAX_BATCH_ITEMS = 30;
/** QuickBooks' limits on Accounting API requests, per company (realm). */
export const QBO_REQUEST_LIMITS = { perMinute: 500, maxConcurrent: 10 } as const;
const refreshMarginMs = 5 * 60_000;
const minorVersion = '75';
const backoffBaseMs = 1000;
const backoffCapMs = 30_000;
/** Ids per `where Id in (...)` query, keeping the statement well inside QuickBooks' URL limits. */
const invoiceIdsPerQuery = 500;
/** QuickBooks answers at most 1000 rows per query. */
const queryPageSize = 1000;
const longQueryCharacters = 1500;

type ApiRequest = {
  method: 'GET' | 'POST';
  resource: string;
  params?: Record<string, string>;
  json?: unknown;
  /** A query statement sent as the body (`application/text`), for statements too long for a URL. */
  queryText?: string;
  /**
   * Whether a 5xx or a dropped connection may be retried: true for reads and for writes
   * carrying a requestid (QuickBooks answers a repeat with the original result).
   */
  safeToRepeat: boolean;
  beforeSend?: QboBeforeSend;
};

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function requestLimitFor(realmId: string): RequestLimit {
  return { key: `qbo:${realmId}`, ...QBO_REQUEST_LIMITS };
}

/**
 * QuickBooks Online Accounting API v3 client. Keeps the access token fresh (refreshes when less
 * than five minutes remain, and once after a 401 in either fault casing), always keeps the newest
 * refresh token, and retries 429 / 5xx with exponential backoff and jitter.
 */
export class QboClient {
  private readonly config: QboConfig;
  private readonly tokenStore: QboTokenStore;
  private readonly oauth: QboOAuth;
  private readonly sleep: (milliseconds: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly maxAttempts: number;
  private readonly limiter: RequestLimiter;

  constructor(options: QboClientOptions) {
    this.config = options.config;
    this.tokenStore = options.tokenStore;
    this.now = options.now ?? (() => new Date());
    this.oauth = options.oauth ?? new QboOAuth(options.config, { now: this.now });
    this.sleep = options.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.limiter = options.limiter ?? unlimitedRequests;
  }

  // ---- tokens --------------------------------------------------------------------------------

  async tokenStatus(): Promise<QboTokenStatus> {
    const tokens = await this.tokenStore.load();
    if (!tokens) return { hasTokens: false, accessTokenExpiresAt: null, expiresInSeconds: null };
    const remaining = Math.floor((tokens.accessTokenExpiresAt.getTime() - this.now().getTime()) / 1000);
    return { hasTokens: true, accessTokenExpiresAt: tokens.accessTokenExpiresAt, expiresInSeconds: Math.max(0, remaining) };
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

  private async storedTokens(): Promise<QboTokenSet> {
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

  private async call<T>(request: ApiRequest): Promise<T> {
    let refreshedAfterRejection = false;
    for (let attempt = 1; ; attempt += 1) {
      const tokens = await this.usableTokens();
      const url = new URL(`${accountingApiBase(this.config)}/v3/company/${encodeURIComponent(tokens.realmId)}/${request.resource}`);
      for (const [name, value] of Object.entries(request.params ?? {})) url.searchParams.set(name, value);
      url.searchParams.set('minorversion', minorVersion);

      let status: number;
      let text: string;
      let intuitTid: string | undefined;
      let retryAfter: number | null = null;
      // The permit covers the request until its answer is read: QuickBooks counts it in flight so long.
      const permit = await this.limiter.acquire(requestLimitFor(tokens.realmId));
      try {
        await request.beforeSend?.({ number: attempt });
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
      const retryable = status === 429 || (status >= 500 && request.safeToRepeat);
      if (!retryable || attempt >= this.maxAttempts) throw error;
      await this.sleep(this.backoffMs(attempt, retryAfter));
    }
  }

  // ---- Accounting API ------------------------------------------------------------------------

  async getCompanyInfo(): Promise<QboCompanyInfo> {
    const tokens = await this.storedTokens();
    const body = await this.call<{ CompanyInfo: QboCompanyInfo }>({
      method: 'GET',
      resource: `companyinfo/${encodeURIComponent(tokens.realmId)}`,
      safeToRepeat: true,
    });
    return body.CompanyInfo;
  }

  /**
   * Runs a query statement and returns the rows of its entity ([] when nothing matched).
   * Quote string values with quoteQboString.
   */
  async query<T = Record<string, unknown>>(statement: string): Promise<T[]> {
    // Long statements (hundreds of Ids) go in the body: a URL that long may be cut or refused.
    const long = statement.length > longQueryCharacters;
    const body = await this.call<{ QueryResponse?: Record<string, unknown> }>({
      method: long ? 'POST' : 'GET',
      resource: 'query',
      ...(long ? { queryText: statement } : { params: { query: statement } }),
      safeToRepeat: true,
    });
    const rows = Object.values(body.QueryResponse ?? {}).find((value) => Array.isArray(value));
    return (rows ?? []) as T[];
  }

  /** The customer whose DisplayName is exactly this (quotes are escaped), or null. */
  async findCustomerByDisplayName(displayName: string): Promise<QboCustomer | null> {
    const rows = await this.query<QboCustomer>(`select * from Customer where DisplayName = ${quoteQboString(displayName)}`);
    return rows[0] ?? null;
  }

  async findItemByName(name: string): Promise<QboItem | null> {
    const rows = await this.query<QboItem>(`select * from Item where Name = ${quoteQboString(name)}`);
    return rows[0] ?? null;
  }

  async findInvoiceByDocNumber(docNumber: string): Promise<QboInvoice | null> {
    const rows = await this.query<QboInvoice>(`select * from Invoice where DocNumber = ${quoteQboString(docNumber)}`);
    return rows[0] ?? null;
  }

  /**
   * The invoices with these Ids that QuickBooks still holds, voided ones included (their TotalAmt
   * is 0; see invoiceQboState); a deleted invoice is simply missing from the answer. Asks in
   * queries of at most 500 Ids, each read in pages of 1000.
   */
  async findInvoicesByIds(ids: string[]): Promise<QboInvoice[]> {
    const unique = [...new Set(ids)];
    const found: QboInvoice[] = [];
    for (let start = 0; start < unique.length; start += invoiceIdsPerQuery) {
      const list = unique.slice(start, start + invoiceIdsPerQuery).map(quoteQboString).join(', ');
      for (let position = 1; ; position += queryPageSize) {
        const page = await this.query<QboInvoice>(`select * from Invoice where Id in (${list}) startposition ${position} maxresults ${queryPageSize}`);
        found.push(...page);
        if (page.length < queryPageSize) break;
      }
    }
    return found;
  }

  /** One invoice by Id, or null when QuickBooks does not have it (never created, or deleted: 610). */
  async getInvoice(id: string): Promise<QboInvoice | null> {
    try {
      const body = await this.call<{ Invoice: QboInvoice }>({ method: 'GET', resource: `invoice/${encodeURIComponent(id)}`, safeToRepeat: true });
      return body.Invoice;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '610') return null;
      throw error;
    }
  }

  /**
   * Voids an invoice (QuickBooks keeps it with every amount at 0 and "Voided" in its private
   * note). Reads its current SyncToken first; a change in between is a QboApiError code 5010.
   */
  async voidInvoice(id: string): Promise<QboInvoice> {
    const current = await this.invoiceForChange(id);
    const body = await this.call<{ Invoice: QboInvoice }>({
      method: 'POST',
      resource: 'invoice',
      params: { operation: 'void', requestid: randomUUID() },
      json: { Id: current.Id, SyncToken: current.SyncToken },
      safeToRepeat: true,
    });
    return body.Invoice;
  }

  /** Deletes an invoice. Reads its current SyncToken first; a change in between is code 5010. */
  async deleteInvoice(id: string): Promise<{ status: 'Deleted'; Id: string }> {
    const current = await this.invoiceForChange(id);
    const body = await this.call<{ Invoice: { status: 'Deleted'; Id: string } }>({
      method: 'POST',
      resource: 'invoice',
      params: { operation: 'delete', requestid: randomUUID() },
      json: { Id: current.Id, SyncToken: current.SyncToken },
      safeToRepeat: true,
    });
    return body.Invoice;
  }

  private async invoiceForChange(id: string): Promise<QboInvoice> {
    const current = await this.getInvoice(id);
    if (!current) throw new QboApiError({ status: 400, code: '610', type: 'ValidationFault', message: `Object Not Found: QuickBooks has no invoice ${id}` });
    return current;
  }

  /**
   * The service item invoices bill against, created when missing (income account: "Services",
   * or else the first income account). Safe when two callers race to create it.
   */
  async ensureServiceItem(name = 'Phone usage'): Promise<QboItem> {
    const existing = await this.findItemByName(name);
    if (existing) return existing;
    const incomeAccounts = await this.query<QboAccount>(`select * from Account where AccountType = 'Income'`);
    const account = incomeAccounts.find((candidate) => candidate.Name === 'Services') ?? incomeAccounts[0];
    if (!account) throw new QboApiError({ status: 400, code: 'NO_INCOME_ACCOUNT', message: `QuickBooks has no income account to attach the item "${name}" to` });
    try {
      const body = await this.call<{ Item: QboItem }>({
        method: 'POST',
        resource: 'item',
        params: { requestid: randomUUID() },
        json: { Name: name, Type: 'Service', IncomeAccountRef: { value: account.Id, name: account.Name } },
        safeToRepeat: true,
      });
      return body.Item;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '6240') {
        const created = await this.findItemByName(name);
        if (created) return created;
      }
      throw error;
    }
  }

  /**
   * Creates an invoice. `requestId` (at most 50 characters, unique per company) makes the call
   * idempotent: QuickBooks answers a repeat with the original invoice and creates nothing, which
   * is what lets this method retry after a 5xx or a lost answer. Derive it from what the invoice
   * is for (e.g. billing job + customer) so a retried job reuses it.
   *
   * `beforeSend` runs before each attempt, after the limiter granted it and right before the
   * request leaves (the kill switch and Cancel are checked there); when it throws, that attempt
   * is not sent and its error comes out of this call.
   */
  async createInvoice(invoice: QboInvoiceInput, options: { requestId: string; beforeSend?: QboBeforeSend }): Promise<QboInvoice> {
    if (!options.requestId || options.requestId.length > 50) {
      throw new RangeError('createInvoice needs a requestId of 1 to 50 characters');
    }
    const body = await this.call<{ Invoice: QboInvoice }>({
      method: 'POST',
      resource: 'invoice',
      params: { requestid: options.requestId },
      json: invoice,
      safeToRepeat: true,
      beforeSend: options.beforeSend,
    });
    return body.Invoice;
  }

  /**
   * Sends up to 30 operations in one request. Items succeed or fail one by one: check each
   * answer's Fault. A requestid (at most 36 characters; bIds then at most 10) is generated when
   * none is given, so retries within this call never apply the batch twice.
   */
  async batch(items: QboBatchItemRequest[], options: { requestId?: string } = {}): Promise<QboBatchItemResponse[]> {
    if (items.length === 0) return [];
    if (items.length > QBO_MAX_BATCH_ITEMS) throw new RangeError(`A QuickBooks batch holds at most ${QBO_MAX_BATCH_ITEMS} items, not ${items.length}`);
    const requestId = options.requestId ?? randomUUID();
    if (requestId.length > 36) throw new RangeError('A batch requestId has at most 36 characters');
    const body = await this.call<{ BatchItemResponse?: QboBatchItemResponse[] }>({
      method: 'POST',
      resource: 'batch',
      params: { requestid: requestId },
      json: { BatchItemRequest: items },
      safeToRepeat: true,
    });
    return body.BatchItemResponse ?? [];
  }
}
