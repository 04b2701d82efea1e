import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsConversation } from '../schemas';
import type { GenesysSimulator, GenesysSimulatorFaults, GenesysSimulatorOptions, GenesysSimulatorStats } from './types';
import { ConversationCalendar, DAY_MS } from './conversations';
import { answerDetailsQuery } from './details-query';
import { buildDirectory } from './directory';
import {
  errorBody,
  errorBodyOf,
  internalServerErrorBody,
  notFoundBody,
  parseJsonBody,
  readBody,
  replySender,
} from './http-replies';
import { listing, listQueues, listUsers, SimulatorHttpError } from './listings';
import { LateConversationError, LateConversations, type LateConversationSpec } from './late-conversations';
import { SeededRandom } from './seeded-random';
import { createTokenAccess } from './token-access';
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
  const currentStats = (): GenesysSimulatorStats => counters.stats;
  const send = replySender(currentStats);
  const access = createTokenAccess({ credentials, rateLimitPerMinute, faults, now, send, currentStats });

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
          : internalServerErrorBody(),
      );
    }

    if (path === '/oauth/token') {
      if (method !== 'POST')
        return send(res, 405, {
          error: 'invalid_request',
          description: 'POST required',
          error_description: 'POST required',
        });
      return access.issueToken(req, res);
    }

    const known = new Set([
      '/api/v2/users',
      '/api/v2/routing/queues',
      '/api/v2/routing/wrapupcodes',
      '/api/v2/analytics/conversations/details/query',
    ]);
    if (!known.has(path)) {
      await readBody(req).catch(() => '');
      return send(res, 404, notFoundBody());
    }
    const body = await readBody(req);
    const rateHeaders = access.admit(req, res);
    if (!rateHeaders) return;

    const expectedMethod = path === '/api/v2/analytics/conversations/details/query' ? 'POST' : 'GET';
    if (method !== expectedMethod) {
      return send(res, 404, notFoundBody(), rateHeaders);
    }
    if (path === '/api/v2/users') return send(res, 200, listUsers(directory, url), rateHeaders);
    if (path === '/api/v2/routing/queues') return send(res, 200, listQueues(directory, url), rateHeaders);
    if (path === '/api/v2/routing/wrapupcodes')
      return send(res, 200, listing(url, directory.wrapUpCodes, 500), rateHeaders);

    let parsed: unknown;
    try {
      parsed = parseJsonBody(body, 'The request could not be understood by the server due to malformed syntax.');
    } catch (error) {
      if (error instanceof SimulatorHttpError) return send(res, 400, errorBodyOf(error), rateHeaders);
      throw error;
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
    const parsed = parseJsonBody(body, 'The body must be JSON: { queueName, startTime, durationSeconds, mediaType }.');
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
      if (error instanceof SimulatorHttpError) send(res, error.status, errorBodyOf(error));
      else send(res, 500, internalServerErrorBody());
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
    expireAllTokens: access.expireAllTokens,
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
