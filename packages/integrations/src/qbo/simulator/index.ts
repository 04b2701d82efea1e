import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { QboCustomer, QboInvoice } from '../entities';
import { authorizePageHtml, errorPageHtml, type AuthorizeRequest } from './authorize-page';
import { invoicePageHtml } from './invoice-page';
import { createInvoice, createItem, deleteInvoice, voidInvoice, type WriteOutcome } from './company-writes';
import { parseQuery, QueryParseError, QueryValidationError, runQuery } from './query-engine';
import { loadState, saveState, type CompanyState, type StoredAnswer } from './state';
import { faultBody, faults as faultSpecs, formatQboTime, lowerCaseFaultBody, newIntuitTid, type FaultSpec } from './wire-format';

/** Switches tests flip to make the simulator misbehave the way QuickBooks sometimes does. */
/** The simulated company's customers as a fresh simulator seeds them (Ids 1-12). */
export { seedCustomerList as simulatedQboCustomers } from './seed';

export type QboSimulatorFaults = {
  /** Share (0..1) of API requests answered with a 5xx before anything happens. */
  serverErrorRate: number;
  /** Delay before each API request is handled (the request counts as in flight meanwhile). */
  latencyMs: number;
  /** Share (0..1) of invoice/batch writes that are stored and then lose their answer. */
  lostAnswerRate: number;
  /** How an answer is lost: a 5xx, a dropped connection, or those two taking turns (default). */
  lostAnswerMode?: '5xx' | 'drop' | 'both';
  /** Lifetime of access tokens issued from now on (QuickBooks: 3600). */
  accessTokenLifetimeSeconds: number;
  /** The next N API requests are answered 429 (code 3001). */
  throttleBurst: number;
  /** Casing of the 401 fault body; QuickBooks mostly sends the lower-case `fault` form. */
  authFaultCasing: 'lower' | 'upper';
};

export type QboSimulatorOptions = {
  /** Keep the state in this JSON file (read at creation, written after each change). */
  stateFile?: string;
  now?: () => Date;
  /** Per realm, as QuickBooks: 500. */
  requestsPerMinute?: number;
  /** Per realm, as QuickBooks: 10. */
  maxConcurrent?: number;
  batchRequestsPerMinute?: number;
  maxBatchItems?: number;
  realmId?: string;
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; when left out any absolute http(s) URI is accepted. */
  redirectUris?: string[];
  /** How latency waits; tests can pass one they control. */
  delay?: (milliseconds: number) => Promise<void>;
  /** Customers in the company: the seeded dozen, and generated ones beyond (load tests). */
  customerCount?: number;
};

export type QboSimulator = {
  handle(req: IncomingMessage, res: ServerResponse): void;
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  faults: QboSimulatorFaults;
  expireAccessTokens(): void;
  /** The company's invoices, voided ones included (deleted ones are gone). */
  invoices(realmId?: string): QboInvoice[];
  /** Voids an invoice as `POST invoice?operation=void` would; throws when there is no such invoice. */
  voidInvoice(id: string, realmId?: string): QboInvoice;
  /** Deletes an invoice as `POST invoice?operation=delete` would; throws when there is no such invoice. */
  deleteInvoice(id: string, realmId?: string): void;
  customers(realmId?: string): QboCustomer[];
  readonly realmId: string;
  readonly credentials: { clientId: string; clientSecret: string };
  /** The redirect URL that approving this authorize URL produces, without a browser. */
  approve(authorizeUrl: string): Promise<string>;
  /** Whether any grant is live (tokens issued and not revoked). */
  isConnected(): boolean;
  /** What the simulator answered since it started (or since resetStats). */
  readonly stats: QboSimulatorStats;
  resetStats(): void;
};

export type QboSimulatorStats = {
  /** Accounting API requests received (OAuth endpoints not counted). */
  apiRequests: number;
  /** 429 answers (limits exceeded, or a throttleBurst fault). */
  tooManyRequestsSent: number;
  /** Most Accounting API requests of one company in flight at once. */
  mostInFlight: number;
  /** Most Accounting API requests of one company within any 60 s. */
  busiestMinute: number;
};

const accountingScope = 'com.intuit.quickbooks.accounting';
const authorizationCodeLifetimeMs = 10 * 60_000;
const refreshTokenLifetimeSeconds = 8_726_400;
const refreshTokenHardLifetimeSeconds = 5 * 365 * 86_400;
const maxBodyBytes = 5 * 1024 * 1024;

const baseQueryFields: Record<string, string[]> = {
  Invoice: ['Id', 'SyncToken', 'DocNumber', 'TxnDate', 'DueDate', 'CustomerRef', 'TotalAmt', 'Balance', 'MetaData', 'PrivateNote', 'CustomerMemo', 'Line', 'BillEmail', 'EmailStatus', 'PrintStatus', 'CurrencyRef'],
};

class HttpBodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) reject(new HttpBodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function randomToken(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Counts a share deterministically: with rate 0.25 every fourth call says yes. */
function createShareCounter() {
  let credit = 0;
  return (rate: number): boolean => {
    if (rate <= 0) {
      credit = 0;
      return false;
    }
    credit += Math.min(rate, 1);
    if (credit >= 1 - 1e-9) {
      credit -= 1;
      return true;
    }
    return false;
  };
}

/**
 * A local QuickBooks Online: Intuit's OAuth 2.0 endpoints (authorize page, token, revoke) and the
 * Accounting API v3 parts this product uses (companyinfo, query, invoice create/read/void/delete,
 * item, batch), with QuickBooks' wire formats, faults and limits. Starts disconnected: no tokens
 * until someone approves.
 */
export function createQboSimulator(options: QboSimulatorOptions = {}): QboSimulator {
  const now = options.now ?? (() => new Date());
  const realmId = options.realmId ?? '9341453050000000';
  const credentials = { clientId: options.clientId ?? 'sim-qbo-client', clientSecret: options.clientSecret ?? 'sim-qbo-secret' };
  const requestsPerMinute = options.requestsPerMinute ?? 500;
  const maxConcurrent = options.maxConcurrent ?? 10;
  const batchRequestsPerMinute = options.batchRequestsPerMinute ?? 40;
  const maxBatchItems = options.maxBatchItems ?? 30;
  const delay = options.delay ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const state = loadState(options.stateFile, realmId, options.customerCount);

  const faults: QboSimulatorFaults = {
    serverErrorRate: 0,
    latencyMs: 0,
    lostAnswerRate: 0,
    lostAnswerMode: 'both',
    accessTokenLifetimeSeconds: 3600,
    throttleBurst: 0,
    authFaultCasing: 'lower',
  };
  const serverErrorShare = createShareCounter();
  const lostAnswerShare = createShareCounter();
  let serverErrorCount = 0;
  let lostAnswerCount = 0;
  const emptyStats = (): QboSimulatorStats => ({ apiRequests: 0, tooManyRequestsSent: 0, mostInFlight: 0, busiestMinute: 0 });
  let stats = emptyStats();
  const inFlight = new Map<string, number>();
  const recentRequests = new Map<string, number[]>();
  const recentBatches = new Map<string, number[]>();

  function persist(): void {
    if (options.stateFile) saveState(options.stateFile, state);
  }

  function company(id: string = realmId): CompanyState {
    const found = state.companies[id];
    if (!found) throw new Error(`The simulator holds no company ${id}`);
    return found;
  }

  // ---- answers -------------------------------------------------------------------------------

  function send(res: ServerResponse, status: number, body: string, contentType = 'application/json;charset=UTF-8'): void {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'Content-Type': contentType, intuit_tid: newIntuitTid(), 'Cache-Control': 'no-store' });
    res.end(body);
  }

  function sendJson(res: ServerResponse, status: number, body: unknown): void {
    send(res, status, JSON.stringify(body));
  }

  function sendFault(res: ServerResponse, spec: FaultSpec): void {
    if (spec.status === 429) stats.tooManyRequestsSent += 1;
    const lowerCase = spec.status === 401 && faults.authFaultCasing === 'lower';
    sendJson(res, spec.status, lowerCase ? lowerCaseFaultBody(spec, now()) : faultBody(spec, now()));
  }

  function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
    sendJson(res, status, { error, error_description: description });
  }

  // ---- OAuth ---------------------------------------------------------------------------------

  type AuthorizeCheck = { ok: true; request: AuthorizeRequest } | { ok: false; title: string; detail: string };

  function checkAuthorizeRequest(params: URLSearchParams): AuthorizeCheck {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (clientId !== credentials.clientId) return { ok: false, title: 'invalid_client', detail: 'The client_id is not known to this QuickBooks simulator.' };
    let parsed: URL | null = null;
    try {
      parsed = new URL(redirectUri);
    } catch {
      parsed = null;
    }
    const registered = options.redirectUris ? options.redirectUris.includes(redirectUri) : true;
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !registered) {
      return { ok: false, title: 'invalid_request', detail: 'The redirect_uri is missing or not registered for this app.' };
    }
    return {
      ok: true,
      request: {
        clientId,
        redirectUri,
        responseType: params.get('response_type') ?? '',
        scope: params.get('scope') ?? '',
        state: params.get('state'),
      },
    };
  }

  /** Where the browser goes after the decision: a code, or an OAuth error, echoing state. */
  function decisionRedirect(request: AuthorizeRequest, approved: boolean): string {
    const target = new URL(request.redirectUri);
    const reply = (error: string) => {
      target.searchParams.set('error', error);
      if (request.state !== null) target.searchParams.set('state', request.state);
      return target.toString();
    };
    if (!approved) return reply('access_denied');
    if (request.responseType !== 'code') return reply('unsupported_response_type');
    if (!request.scope.split(/\s+/).includes(accountingScope)) return reply('invalid_scope');
    const code = randomToken('AB11', 48);
    state.authorizationCodes[code] = { clientId: request.clientId, redirectUri: request.redirectUri, realmId, issuedAt: now().getTime(), used: false };
    persist();
    target.searchParams.set('code', code);
    if (request.state !== null) target.searchParams.set('state', request.state);
    target.searchParams.set('realmId', realmId);
    return target.toString();
  }

  function issueTokens(grantId: string, includeHardExpiry: boolean): Record<string, unknown> {
    const issuedAt = now().getTime();
    for (const [token, record] of Object.entries(state.accessTokens)) {
      if (record.expiresAt < issuedAt - 86_400_000) delete state.accessTokens[token];
    }
    const accessToken = randomToken('eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..', 96);
    const refreshToken = randomToken('AB11', 36);
    const lifetime = faults.accessTokenLifetimeSeconds;
    state.accessTokens[accessToken] = { grantId, expiresAt: issuedAt + lifetime * 1000 };
    state.refreshTokens[refreshToken] = { grantId, expiresAt: issuedAt + refreshTokenLifetimeSeconds * 1000, used: false };
    persist();
    const grant = state.grants[grantId];
    const hardRemaining = grant ? Math.floor((grant.createdAt + refreshTokenHardLifetimeSeconds * 1000 - issuedAt) / 1000) : refreshTokenHardLifetimeSeconds;
    return {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: lifetime,
      refresh_token: refreshToken,
      x_refresh_token_expires_in: refreshTokenLifetimeSeconds,
      ...(includeHardExpiry ? { x_refresh_token_hard_expires_in: hardRemaining } : {}),
    };
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const client = basicCredentials(req.headers.authorization);
    if (!client || client.id !== credentials.clientId || client.secret !== credentials.clientSecret) {
      oauthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    const form = new URLSearchParams(body);
    const grantType = form.get('grant_type');
    const includeHardExpiry = req.headers['x-include-refresh-token-hard-expires-in'] === 'true';
    const timeNow = now().getTime();

    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const record = state.authorizationCodes[code];
      if (!record || record.used || record.clientId !== client.id || timeNow - record.issuedAt > authorizationCodeLifetimeMs) {
        oauthError(res, 400, 'invalid_grant', 'Token invalid');
        return;
      }
      if (form.get('redirect_uri') !== record.redirectUri) {
        oauthError(res, 400, 'invalid_grant', 'redirect_uri does not match the one used for authorization');
        return;
      }
      record.used = true;
      const grantId = randomToken('grant-', 9);
      state.grants[grantId] = { realmId: record.realmId, clientId: client.id, createdAt: timeNow, revoked: false };
      sendJson(res, 200, issueTokens(grantId, includeHardExpiry));
      return;
    }

    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const record = state.refreshTokens[refreshToken];
      const grant = record ? state.grants[record.grantId] : undefined;
      if (!record || !grant || record.used || grant.revoked || grant.clientId !== client.id || record.expiresAt <= timeNow) {
        oauthError(res, 400, 'invalid_grant', 'Token invalid');
        return;
      }
      // Rotation: the used refresh token is spent, only the new one works from now on.
      record.used = true;
      sendJson(res, 200, issueTokens(record.grantId, includeHardExpiry));
      return;
    }

    oauthError(res, 400, 'unsupported_grant_type', `grant_type ${grantType ?? '(missing)'} is not supported`);
  }

  function revokeEndpoint(req: IncomingMessage, res: ServerResponse, body: string): void {
    const client = basicCredentials(req.headers.authorization);
    if (!client || client.id !== credentials.clientId || client.secret !== credentials.clientSecret) {
      oauthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    let token = '';
    try {
      const parsed = JSON.parse(body) as { token?: unknown };
      token = typeof parsed.token === 'string' ? parsed.token : '';
    } catch {
      token = new URLSearchParams(body).get('token') ?? '';
    }
    if (!token) {
      oauthError(res, 400, 'invalid_request', 'token is required');
      return;
    }
    const grantId = state.refreshTokens[token]?.grantId ?? state.accessTokens[token]?.grantId;
    const grant = grantId ? state.grants[grantId] : undefined;
    if (grant) {
      grant.revoked = true;
      persist();
    }
    send(res, 200, '');
  }

  // ---- Accounting API ------------------------------------------------------------------------

  function withinWindow(windows: Map<string, number[]>, realm: string, limit: number): boolean {
    const timeNow = now().getTime();
    const recent = (windows.get(realm) ?? []).filter((at) => at > timeNow - 60_000);
    windows.set(realm, recent);
    if (recent.length >= limit) return false;
    recent.push(timeNow);
    if (windows === recentRequests) stats.busiestMinute = Math.max(stats.busiestMinute, recent.length);
    return true;
  }

  function authenticate(req: IncomingMessage, realm: string): FaultSpec | null {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const record = token ? state.accessTokens[token] : undefined;
    const grant = record ? state.grants[record.grantId] : undefined;
    if (!record || !grant || grant.revoked) return faultSpecs.authentication(`Token invalid: ${token.slice(0, 12)}...`);
    if (record.expiresAt <= now().getTime()) return faultSpecs.authentication(`Token expired: ${token.slice(0, 12)}...`);
    if (grant.realmId !== realm || !state.companies[realm]) return faultSpecs.authorization();
    return null;
  }

  function queryableEntities(target: CompanyState) {
    return [
      { name: 'Customer', rows: target.customers },
      { name: 'Item', rows: target.items },
      { name: 'Invoice', rows: target.invoices },
      { name: 'Account', rows: target.accounts },
      { name: 'CompanyInfo', rows: [target.companyInfo] },
    ];
  }

  function knownFieldsOf(target: CompanyState) {
    return (entityName: string): ReadonlySet<string> => {
      const entity = queryableEntities(target).find((candidate) => candidate.name === entityName);
      const fields = new Set(baseQueryFields[entityName] ?? []);
      for (const row of entity?.rows ?? []) for (const key of Object.keys(row)) fields.add(key);
      return fields;
    };
  }

  type QueryOutcome = { ok: true; response: Record<string, unknown> } | { ok: false; fault: FaultSpec };

  function runStatement(statement: string, target: CompanyState): QueryOutcome {
    try {
      return { ok: true, response: runQuery(parseQuery(statement), queryableEntities(target), knownFieldsOf(target)) };
    } catch (error) {
      if (error instanceof QueryParseError) return { ok: false, fault: faultSpecs.queryParse(error.detail) };
      if (error instanceof QueryValidationError) return { ok: false, fault: faultSpecs.queryInvalid(error.detail) };
      throw error;
    }
  }

  function batchFault(spec: FaultSpec) {
    return { type: spec.type, Error: [{ Message: spec.message, Detail: spec.detail ?? spec.message, code: spec.code, element: spec.element ?? '' }] };
  }

  function runBatch(payload: unknown, target: CompanyState, allowDuplicateDocNumber: boolean): { status: number; body: unknown } {
    const requests = (payload as { BatchItemRequest?: unknown } | null)?.BatchItemRequest;
    if (!Array.isArray(requests)) return { status: 400, body: faultBody(faultSpecs.missingParameter('BatchItemRequest'), now()) };
    const answers = requests.map((raw: unknown) => {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const bId = typeof item.bId === 'string' ? item.bId : '';
      if (!bId) return { bId, Fault: batchFault(faultSpecs.missingParameter('bId')) };
      if (typeof item.Query === 'string') {
        const outcome = runStatement(item.Query, target);
        return outcome.ok ? { bId, QueryResponse: outcome.response } : { bId, Fault: batchFault(outcome.fault) };
      }
      if (item.operation === 'create' && 'Invoice' in item) {
        const outcome = createInvoice(item.Invoice, target, { now: now(), allowDuplicateDocNumber });
        return outcome.ok ? { bId, Invoice: outcome.entity } : { bId, Fault: batchFault(outcome.fault) };
      }
      if (item.operation === 'create' && 'Item' in item) {
        const outcome = createItem(item.Item, target, { now: now() });
        return outcome.ok ? { bId, Item: outcome.entity } : { bId, Fault: batchFault(outcome.fault) };
      }
      return { bId, Fault: batchFault(faultSpecs.unsupported(`${String(item.operation ?? 'unknown')} in batch`)) };
    });
    return { status: 200, body: { BatchItemResponse: answers, time: formatQboTime(now()) } };
  }

  /**
   * Answers a write, remembering the answer under its requestid so a repeat gets the same bytes
   * and changes nothing. Only accepted writes are remembered: a rejected one may be corrected
   * and sent again with the same requestid.
   */
  function answerWrite(
    req: IncomingMessage,
    res: ServerResponse,
    target: CompanyState,
    requestId: string | null,
    perform: () => { status: number; body: unknown },
    answerCanBeLost: boolean,
  ): void {
    if (requestId) {
      const earlier = target.answersByRequestId[requestId];
      if (earlier) {
        send(res, earlier.status, earlier.body);
        return;
      }
    }
    const result = perform();
    const answer: StoredAnswer = { status: result.status, body: JSON.stringify(result.body) };
    if (result.status === 200) {
      if (requestId) target.answersByRequestId[requestId] = answer;
      persist();
    }
    if (answerCanBeLost && result.status === 200 && lostAnswerShare(faults.lostAnswerRate)) {
      lostAnswerCount += 1;
      const mode = faults.lostAnswerMode ?? 'both';
      const drop = mode === 'drop' || (mode === 'both' && lostAnswerCount % 2 === 0);
      if (drop) req.socket.destroy();
      else sendFault(res, faultSpecs.serverError(lostAnswerCount % 2 === 0 ? 503 : 500));
      return;
    }
    send(res, answer.status, answer.body);
  }

  function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
    try {
      return { ok: true, value: JSON.parse(body) };
    } catch {
      return { ok: false };
    }
  }

  function fromOutcome<T>(outcome: WriteOutcome<T>, entityName: string): { status: number; body: unknown } {
    return outcome.ok
      ? { status: 200, body: { [entityName]: outcome.entity, time: formatQboTime(now()) } }
      : { status: outcome.fault.status, body: faultBody(outcome.fault, now()) };
  }

  async function accountingApi(req: IncomingMessage, res: ServerResponse, url: URL, realm: string, resource: string, body: string): Promise<void> {
    stats.apiRequests += 1;
    const authFault = authenticate(req, realm);
    if (authFault) {
      sendFault(res, authFault);
      return;
    }
    const isBatch = resource === 'batch';
    if (faults.throttleBurst > 0) {
      faults.throttleBurst -= 1;
      sendFault(res, faultSpecs.throttled());
      return;
    }
    if ((inFlight.get(realm) ?? 0) >= maxConcurrent || !withinWindow(recentRequests, realm, requestsPerMinute) || (isBatch && !withinWindow(recentBatches, realm, batchRequestsPerMinute))) {
      sendFault(res, faultSpecs.throttled());
      return;
    }
    inFlight.set(realm, (inFlight.get(realm) ?? 0) + 1);
    stats.mostInFlight = Math.max(stats.mostInFlight, inFlight.get(realm) ?? 0);
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        inFlight.set(realm, (inFlight.get(realm) ?? 1) - 1);
      }
    };
    res.on('close', release);
    res.on('finish', release);

    if (faults.latencyMs > 0) await delay(faults.latencyMs);
    if (serverErrorShare(faults.serverErrorRate)) {
      serverErrorCount += 1;
      sendFault(res, faultSpecs.serverError(serverErrorCount % 2 === 0 ? 503 : 500));
      return;
    }

    const target = company(realm);
    const method = req.method ?? 'GET';
    const requestId = url.searchParams.get('requestid');
    const allowDuplicateDocNumber = (url.searchParams.get('include') ?? '').split(',').includes('allowduplicatedocnum');
    const [entityPath, entityId] = resource.split('/');

    if (requestId !== null && requestId.length > (isBatch ? 36 : 50)) {
      sendFault(res, faultSpecs.businessValidation(`requestid must be at most ${isBatch ? 36 : 50} characters`));
      return;
    }

    if (entityPath === 'companyinfo' && method === 'GET') {
      if (entityId !== realm && entityId !== target.companyInfo.Id) {
        sendFault(res, faultSpecs.objectNotFound(`CompanyInfo ${entityId ?? ''}`));
        return;
      }
      sendJson(res, 200, { CompanyInfo: target.companyInfo, time: formatQboTime(now()) });
      return;
    }

    if (entityPath === 'query' && (method === 'GET' || method === 'POST')) {
      const statement = method === 'GET' ? (url.searchParams.get('query') ?? '') : body;
      const outcome = runStatement(statement.trim(), target);
      if (outcome.ok) sendJson(res, 200, { QueryResponse: outcome.response, time: formatQboTime(now()) });
      else sendFault(res, outcome.fault);
      return;
    }

    const readable: Record<string, ReadonlyArray<{ Id: string }>> = { invoice: target.invoices, item: target.items, customer: target.customers };
    const collection = entityPath === undefined ? undefined : readable[entityPath];
    if (collection && entityId && method === 'GET') {
      const entity = collection.find((candidate) => candidate.Id === entityId);
      const entityName = entityPath === 'invoice' ? 'Invoice' : entityPath === 'item' ? 'Item' : 'Customer';
      if (entity) sendJson(res, 200, { [entityName]: entity, time: formatQboTime(now()) });
      else sendFault(res, faultSpecs.objectNotFound(`${entityName} ${entityId}`));
      return;
    }

    if ((entityPath === 'invoice' || entityPath === 'item' || isBatch) && !entityId && method === 'POST') {
      const payload = parseJson(body);
      if (!payload.ok) {
        sendFault(res, faultSpecs.invalidProperty('Request body is not valid JSON'));
        return;
      }
      if (isBatch) {
        const requests = (payload.value as { BatchItemRequest?: unknown } | null)?.BatchItemRequest;
        if (Array.isArray(requests) && requests.length > maxBatchItems) {
          sendFault(res, faultSpecs.businessValidation(`The batch holds ${requests.length} items; at most ${maxBatchItems} are allowed`));
          return;
        }
        if (requestId !== null && Array.isArray(requests) && requests.some((item) => String((item as { bId?: unknown })?.bId ?? '').length > 10)) {
          sendFault(res, faultSpecs.businessValidation('bId must be at most 10 characters when requestid is used'));
          return;
        }
        answerWrite(req, res, target, requestId, () => runBatch(payload.value, target, allowDuplicateDocNumber), true);
        return;
      }
      if (entityPath === 'invoice') {
        const operation = url.searchParams.get('operation');
        if (operation === 'void') {
          answerWrite(req, res, target, requestId, () => fromOutcome(voidInvoice(payload.value, target, { now: now() }), 'Invoice'), false);
          return;
        }
        if (operation === 'delete') {
          answerWrite(req, res, target, requestId, () => fromOutcome(deleteInvoice(payload.value, target), 'Invoice'), false);
          return;
        }
        if (operation !== null && operation !== 'create') {
          sendFault(res, faultSpecs.unsupported(`invoice ${operation}`));
          return;
        }
        answerWrite(req, res, target, requestId, () => fromOutcome(createInvoice(payload.value, target, { now: now(), allowDuplicateDocNumber }), 'Invoice'), true);
        return;
      }
      answerWrite(req, res, target, requestId, () => fromOutcome(createItem(payload.value, target, { now: now() }), 'Item'), false);
      return;
    }

    sendFault(res, faultSpecs.unsupported(`${method} ${resource}`));
  }

  // ---- routing -------------------------------------------------------------------------------

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const body = await readBody(req);

    if (path === '/connect/oauth2' && method === 'GET') {
      const check = checkAuthorizeRequest(url.searchParams);
      if (!check.ok) send(res, 400, errorPageHtml(check.title, check.detail), 'text/html; charset=utf-8');
      // A relative action: the page at <root>/connect/oauth2 posts back to <root>/connect/oauth2.
      else send(res, 200, authorizePageHtml(check.request, company().companyInfo.CompanyName, 'oauth2'), 'text/html; charset=utf-8');
      return;
    }
    if (path === '/connect/oauth2' && method === 'POST') {
      const form = new URLSearchParams(body);
      const check = checkAuthorizeRequest(form);
      if (!check.ok) {
        send(res, 400, errorPageHtml(check.title, check.detail), 'text/html; charset=utf-8');
        return;
      }
      res.writeHead(302, { Location: decisionRedirect(check.request, form.get('decision') === 'approve') });
      res.end();
      return;
    }
    if (path === '/oauth2/v1/tokens/bearer' && method === 'POST') {
      await tokenEndpoint(req, res, body);
      return;
    }
    if ((path === '/oauth2/v1/tokens/revoke' || path === '/v2/oauth2/tokens/revoke') && method === 'POST') {
      revokeEndpoint(req, res, body);
      return;
    }
    if (path === '/app/invoice' && method === 'GET') {
      // The company's invoice page, as a browser signed in to QuickBooks Online would see it.
      const id = url.searchParams.get('txnId') ?? '';
      const invoice = company().invoices.find((candidate) => candidate.Id === id);
      if (!invoice) send(res, 404, errorPageHtml('Invoice not found', `This company has no invoice with id ${id}.`), 'text/html; charset=utf-8');
      else send(res, 200, invoicePageHtml(invoice, company().customers.find((customer) => customer.Id === invoice.CustomerRef.value), company().companyInfo.CompanyName), 'text/html; charset=utf-8');
      return;
    }
    const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(path);
    if (api?.[1] && api[2]) {
      await accountingApi(req, res, url, decodeURIComponent(api[1]), api[2], body);
      return;
    }
    send(res, 404, JSON.stringify({ error: 'not_found', error_description: `No simulated QuickBooks endpoint at ${method} ${path}` }));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpBodyTooLarge) {
        send(res, 413, JSON.stringify({ error: 'request_too_large' }));
        return;
      }
      sendFault(res, { ...faultSpecs.serverError(500), detail: error instanceof Error ? error.message : String(error) });
    });
  }

  return {
    handle,
    faults,
    realmId,
    credentials,
    async listen(port = 0, host = '127.0.0.1') {
      const server = createServer(handle);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      return {
        url: `http://${host}:${boundPort}`,
        close: () =>
          new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections();
          }),
      };
    },
    expireAccessTokens() {
      const past = now().getTime() - 1;
      for (const record of Object.values(state.accessTokens)) record.expiresAt = Math.min(record.expiresAt, past);
      persist();
    },
    invoices: (id?: string) => [...company(id).invoices],
    voidInvoice(id: string, realm?: string) {
      const target = company(realm);
      const current = target.invoices.find((invoice) => invoice.Id === id);
      const outcome = voidInvoice({ Id: id, SyncToken: current?.SyncToken ?? '' }, target, { now: now() });
      if (!outcome.ok) throw new Error(`Cannot void invoice ${id}: ${outcome.fault.message}`);
      persist();
      return outcome.entity;
    },
    deleteInvoice(id: string, realm?: string) {
      const target = company(realm);
      const current = target.invoices.find((invoice) => invoice.Id === id);
      const outcome = deleteInvoice({ Id: id, SyncToken: current?.SyncToken ?? '' }, target);
      if (!outcome.ok) throw new Error(`Cannot delete invoice ${id}: ${outcome.fault.message}`);
      persist();
    },
    customers: (id?: string) => [...company(id).customers],
    async approve(authorizeUrl: string) {
      const check = checkAuthorizeRequest(new URL(authorizeUrl).searchParams);
      if (!check.ok) throw new Error(`${check.title}: ${check.detail}`);
      return decisionRedirect(check.request, true);
    },
    isConnected: () => Object.values(state.grants).some((grant) => !grant.revoked),
    get stats() {
      return stats;
    },
    resetStats() {
      stats = emptyStats();
    },
  };
}
