import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsConversation, GenesysErrorBody } from '../schemas';
import type { GenesysSimulator, GenesysSimulatorFaults, GenesysSimulatorOptions, GenesysSimulatorStats } from './types';
import { ConversationCalendar, DAY_MS } from './conversations';
import { answerDetailsQuery } from './details-query';
import { buildDirectory } from './directory';
import { listing, listQueues, listUsers, SimulatorHttpError } from './listings';
import { LateConversationError, LateConversations, type LateConversationSpec } from './late-conversations';
import { SeededRandom } from './seeded-random';
import {
  answerGenesysModesControl,
  asSent,
  defaultGenesysModes,
  withoutSessions,
  type GenesysSimulatorModes,
} from './vendor-modes';

export type { GenesysSimulatorModes } from './vendor-modes';
export type { GenesysSimulator, GenesysSimulatorFaults, GenesysSimulatorOptions, GenesysSimulatorStats } from './types';

export type { LateConversationCreated, LateConversationSpec } from './late-conversations';
export { SIMULATED_QUEUE_NAMES } from './directory';

const RATE_WINDOW_MS = 60_000;
const MAX_BODY_BYTES = 512_000;
const DEFAULT_TOKEN_LIFETIME_SECONDS = 86_399;

/**
 * A local Genesys Cloud speaking the real wire formats (reference/external-apis.md PART A):
 * client-credentials tokens, user and queue listings, the conversation details query, the
 * per-token rate limit, and fault switches for tests. Its own control path,
 * POST /_control/conversations, adds a conversation after the fact (late usage).
 */
export function createGenesysSimulator(options: GenesysSimulatorOptions = {}): GenesysSimulator {
  const seed = options.seed ?? 'phone-billing';
  const now = options.now ?? (() => new Date());
  const rateLimitPerMinute = options.rateLimitPerMinute ?? 300;
  const credentials = {
    clientId: options.clientId ?? 'sim-genesys-client',
    clientSecret: options.clientSecret ?? 'sim-genesys-secret',
  };
  const directory = buildDirectory(seed, options.userCount ?? 40, options.queueCount ?? 12);
  const calendar = new ConversationCalendar(seed, directory, {
    weekdayCalls: options.weekdayCalls ?? 300,
    weekendCalls: options.weekendCalls ?? 60,
    historyDays: options.historyDays ?? 92,
    businessHoursShiftMs: -(options.businessUtcOffsetMinutes ?? 0) * 60_000,
    ...(options.digitalInteractionShare !== undefined ? { digitalShare: options.digitalInteractionShare } : {}),
  });
  const late = new LateConversations(seed, directory, options.stateFile);
  const faultRandom = new SeededRandom(`${seed}|faults`);
  const modes: GenesysSimulatorModes = { ...defaultGenesysModes(), ...options.modes };

  const faults: GenesysSimulatorFaults = {
    serverErrorRate: 0,
    latencyMs: 0,
    rateLimitBurst: 0,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
  };
  const emptyStats = (): GenesysSimulatorStats => ({
    requestsByPath: {},
    tooManyRequestsSent: 0,
    serverErrorsSent: 0,
    unauthorizedSent: 0,
    tokensIssued: 0,
    detailQueries: [],
  });
  const counters = { stats: emptyStats() };
  const tokens = new Map<string, { expiresAtMs: number }>();
  const rateWindows = new Map<string, { startMs: number; count: number }>();

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (status === 429) counters.stats.tooManyRequestsSent++;
    if (status >= 500) counters.stats.serverErrorsSent++;
    if (status === 401) counters.stats.unauthorizedSent++;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
      'ININ-Correlation-Id': randomUUID(),
      ...headers,
    });
    res.end(text);
  }

  function errorBody(
    status: number,
    code: string,
    message: string,
    extra: Partial<GenesysErrorBody> = {},
  ): GenesysErrorBody {
    return {
      message,
      code,
      status,
      messageWithParams: message,
      messageParams: {},
      contextId: randomUUID(),
      details: [],
      errors: [],
      ...extra,
    };
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      if (size > MAX_BODY_BYTES)
        throw new SimulatorHttpError(
          413,
          'request.entity.too.large',
          `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
        );
      chunks.push(buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function issueToken(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const oauthError = (status: number, error: string, description: string): void =>
      send(res, status, { error, description, error_description: description });
    const body = new URLSearchParams(await readBody(req));
    const authorization = req.headers.authorization ?? '';
    const basic = /^Basic\s+(.+)$/i.exec(authorization);
    if (!basic?.[1]) return oauthError(401, 'invalid_client', 'client authentication is required (HTTP Basic)');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const clientId = separator >= 0 ? decoded.slice(0, separator) : decoded;
    const clientSecret = separator >= 0 ? decoded.slice(separator + 1) : '';
    if (clientId !== credentials.clientId) return oauthError(401, 'invalid_client', 'client not found');
    if (clientSecret !== credentials.clientSecret) return oauthError(401, 'invalid_client', 'authentication failed');
    const grantType = body.get('grant_type');
    if (!grantType) return oauthError(400, 'invalid_request', 'grant_type is required');
    if (grantType !== 'client_credentials') {
      return oauthError(400, 'unauthorized_client', `client is not authorized to use the ${grantType} grant type`);
    }
    const nowMs = now().getTime();
    if (tokens.size > 1000) {
      for (const [token, entry] of tokens)
        if (entry.expiresAtMs <= nowMs) {
          tokens.delete(token);
          rateWindows.delete(token);
        }
    }
    const accessToken = randomBytes(48).toString('base64url');
    const lifetime = Math.max(0, Math.floor(faults.tokenLifetimeSeconds));
    tokens.set(accessToken, { expiresAtMs: nowMs + lifetime * 1000 });
    counters.stats.tokensIssued++;
    send(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: lifetime });
  }

  /** Checks the bearer token and the rate limit; answers and returns null when refused. */
  function admit(req: http.IncomingMessage, res: http.ServerResponse): Record<string, string> | null {
    const authorization = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
    if (!bearer) {
      send(
        res,
        401,
        errorBody(401, 'authentication.required', 'No authentication bearer token specified in authorization header.'),
      );
      return null;
    }
    const token = tokens.get(bearer);
    const nowMs = now().getTime();
    if (!token) {
      send(res, 401, errorBody(401, 'bad.credentials', 'Invalid login credentials.'));
      return null;
    }
    if (token.expiresAtMs <= nowMs) {
      send(res, 401, errorBody(401, 'credentials.expired', 'The supplied credentials are expired and cannot be used.'));
      return null;
    }
    let window = rateWindows.get(bearer);
    if (!window || nowMs - window.startMs >= RATE_WINDOW_MS) {
      window = { startMs: nowMs, count: 0 };
      rateWindows.set(bearer, window);
    }
    window.count++;
    const resetSeconds = Math.max(1, Math.ceil((window.startMs + RATE_WINDOW_MS - nowMs) / 1000));
    const rateHeaders = {
      'inin-ratelimit-count': String(window.count),
      'inin-ratelimit-allowed': String(rateLimitPerMinute),
      'inin-ratelimit-reset': String(resetSeconds),
    };
    const tooMany = (retryAfterSeconds: number): null => {
      send(
        res,
        429,
        errorBody(
          429,
          'too.many.requests.retry.after',
          `Rate limit exceeded the maximum. Retry the request in [${retryAfterSeconds}] seconds`,
          {
            messageParams: { seconds: String(retryAfterSeconds) },
            limit: {
              key: 'client.credentials.token.rate.per.minute',
              namespace: 'platform.api',
              value: rateLimitPerMinute,
            },
          },
        ),
        { ...rateHeaders, 'Retry-After': String(retryAfterSeconds) },
      );
      return null;
    };
    if (faults.rateLimitBurst > 0) {
      faults.rateLimitBurst--;
      return tooMany(1);
    }
    if (window.count > rateLimitPerMinute) return tooMany(resetSeconds);
    return rateHeaders;
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    // The control path is the simulator's own, not Genesys': no token, no rate limit, no faults.
    if (path === '/_control/conversations') return injectConversation(req, res, method);
    if (path === '/_control/modes') return answerGenesysModesControl(req, res, await readBody(req), modes);
    counters.stats.requestsByPath[path] = (counters.stats.requestsByPath[path] ?? 0) + 1;

    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.serverErrorRate > 0 && faultRandom.next() < faults.serverErrorRate) {
      const unavailable = faultRandom.chance(0.5);
      // Drain the body so keep-alive connections stay usable.
      await readBody(req).catch(() => '');
      return send(
        res,
        unavailable ? 503 : 500,
        unavailable
          ? errorBody(
              503,
              'service.unavailable',
              'Service Unavailable - The server is currently unavailable (because it is overloaded or down for maintenance).',
            )
          : errorBody(
              500,
              'internal.server.error',
              'The server encountered an unexpected condition which prevented it from fulfilling the request.',
            ),
      );
    }

    if (path === '/oauth/token') {
      if (method !== 'POST')
        return send(res, 405, {
          error: 'invalid_request',
          description: 'POST required',
          error_description: 'POST required',
        });
      return issueToken(req, res);
    }

    const known = new Set([
      '/api/v2/users',
      '/api/v2/routing/queues',
      '/api/v2/routing/wrapupcodes',
      '/api/v2/analytics/conversations/details/query',
    ]);
    if (!known.has(path)) {
      await readBody(req).catch(() => '');
      return send(res, 404, errorBody(404, 'not.found', 'The requested resource was not found.'));
    }
    const body = await readBody(req);
    const rateHeaders = admit(req, res);
    if (!rateHeaders) return;

    const expectedMethod = path === '/api/v2/analytics/conversations/details/query' ? 'POST' : 'GET';
    if (method !== expectedMethod) {
      return send(res, 404, errorBody(404, 'not.found', 'The requested resource was not found.'), rateHeaders);
    }
    if (path === '/api/v2/users') return send(res, 200, listUsers(directory, url), rateHeaders);
    if (path === '/api/v2/routing/queues') return send(res, 200, listQueues(directory, url), rateHeaders);
    if (path === '/api/v2/routing/wrapupcodes')
      return send(res, 200, listing(url, directory.wrapUpCodes, 500), rateHeaders);

    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(
        res,
        400,
        errorBody(400, 'bad.request', 'The request could not be understood by the server due to malformed syntax.'),
        rateHeaders,
      );
    }
    const answer = answerDetailsQuery(calendar, late, parsed, now().getTime(), randomUUID(), {
      ...modes,
      maxPaginationResults: options.maxPaginationResults,
    });
    counters.stats.detailQueries.push({
      interval: answer.interval,
      pageNumber: answer.pageNumber,
      pageSize: answer.pageSize,
      status: answer.status,
    });
    const conversations = answer.status === 200 ? answer.body.conversations : undefined;
    const sent = conversations
      ? {
          ...answer.body,
          conversations: conversations.map((conversation) =>
            late.sentWithoutSessions(conversation.conversationId)
              ? withoutSessions(conversation)
              : asSent(conversation, modes),
          ),
        }
      : answer.body;
    return send(res, answer.status, sent, rateHeaders);
  }

  async function injectConversation(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
  ): Promise<void> {
    const body = await readBody(req);
    if (method !== 'POST')
      return send(
        res,
        405,
        errorBody(405, 'method.not.allowed', `${method} is not allowed here; POST a conversation.`),
        { Allow: 'POST' },
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(
        res,
        400,
        errorBody(400, 'bad.request', 'The body must be JSON: { queueName, startTime, durationSeconds, mediaType }.'),
      );
    }
    try {
      return send(res, 201, late.add(parsed));
    } catch (error) {
      if (error instanceof LateConversationError) return send(res, 400, errorBody(400, 'bad.request', error.message));
      throw error;
    }
  }

  function conversationsForDay(utcDate: string): AnalyticsConversation[] {
    const nowMs = now().getTime();
    const generated = calendar.conversationsForDay(utcDate, nowMs);
    const dayStart = Date.parse(`${utcDate}T00:00:00.000Z`);
    const injected = late
      .startingBetween(dayStart, dayStart + DAY_MS, nowMs)
      .flatMap((record) => late.conversationAt(record, nowMs) ?? []);
    if (injected.length === 0) return generated;
    return [...generated, ...injected].sort(
      (a, b) => Date.parse(a.conversationStart) - Date.parse(b.conversationStart),
    );
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof SimulatorHttpError)
        send(res, error.status, errorBody(error.status, error.code, error.message));
      else
        send(
          res,
          500,
          errorBody(
            500,
            'internal.server.error',
            'The server encountered an unexpected condition which prevented it from fulfilling the request.',
          ),
        );
    });
  }

  async function listen(port = 0, host = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
    const server = http.createServer(handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
      close: () =>
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
    };
  }

  return {
    handle,
    listen,
    faults,
    modes,
    expireAllTokens() {
      const nowMs = now().getTime();
      for (const token of tokens.values()) token.expiresAtMs = Math.min(token.expiresAtMs, nowMs);
    },
    get stats() {
      return counters.stats;
    },
    resetStats() {
      counters.stats = emptyStats();
    },
    credentials,
    users: () => structuredClone(directory.users),
    queues: () => structuredClone(directory.queues),
    wrapUpCodes: () => structuredClone(directory.wrapUpCodes),
    conversationsForDay,
    addConversation(spec: LateConversationSpec) {
      return late.add(spec);
    },
  };
}
