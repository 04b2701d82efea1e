import fastifyRateLimit from '@fastify/rate-limit';
import { appRouter, countRequest } from '@phone-billing/api';
import type { Database } from '@phone-billing/db';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './rest-errors';
import { pathPattern, restOperations } from './rest-operations';

/**
 * Per client address, per minute: the calls a person never makes this often and an attacker or a
 * runaway script would (issue 13). The same procedure is counted once whether it is called at
 * /api/v1 or /trpc. The sign-in throttle per e-mail lives in auth/sign-in.ts; this is the coarse
 * guard in front of it.
 */
export const RATE_LIMITS: Record<string, { group: string; perMinute: number }> = {
  'auth.signIn': { group: 'sign-in', perMinute: 30 },
  'auth.setupPassword': { group: 'setup-password', perMinute: 10 },
  'auth.setupLinkInfo': { group: 'setup-password-lookup', perMinute: 30 },
  'auth.createToken': { group: 'token-creation', perMinute: 10 },
  'genesys.analytics': { group: 'analytics', perMinute: 60 },
  'genesys.callRecords': { group: 'call-records', perMinute: 120 },
  'genesys.exportCallRecords': { group: 'call-records-export', perMinute: 30 },
  'billing.run': { group: 'billing-run', perMinute: 30 },
};

const WINDOW_MS = 60_000;

type Limiter = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/**
 * Registers @fastify/rate-limit with a store in PostgreSQL (so every instance shares the counts)
 * and checks the limited procedures of each /api/v1 and /trpc request before anything else runs.
 * Over the limit: 429 with Retry-After, as the REST envelope or a tRPC error.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  await app.register(fastifyRateLimit, { global: false, store: postgresStore(options.db), skipOnError: true });

  const limiters = new Map<string, Limiter>();
  for (const [procedurePath, limit] of Object.entries(RATE_LIMITS)) {
    limiters.set(
      procedurePath,
      app.createRateLimit({
        max: limit.perMinute,
        timeWindow: WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `rate:${limit.group}:${request.ip}`,
      }) as Limiter,
    );
  }
  const restLimited = restOperations(appRouter)
    .filter((operation) => RATE_LIMITS[operation.procedurePath])
    .map((operation) => ({ method: operation.method, pattern: pathPattern(operation.path), procedurePath: operation.procedurePath }));

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    let procedures: string[] = [];
    let transport: 'rest' | 'trpc' = 'rest';
    if (path.startsWith('/api/v1/')) {
      const restPath = path.slice('/api/v1'.length);
      procedures = restLimited.filter((entry) => entry.method === request.method && entry.pattern.test(restPath)).map((entry) => entry.procedurePath);
    } else if (path.startsWith('/trpc/')) {
      transport = 'trpc';
      procedures = decodeURIComponentSafely(path.slice('/trpc/'.length)).split(',');
    }
    for (const procedurePath of new Set(procedures)) {
      const limiter = limiters.get(procedurePath);
      if (!limiter) continue;
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      return refuse(reply, transport, procedures, RATE_LIMITS[procedurePath]!.perMinute, result.ttlInSeconds ?? 60);
    }
  });
});

function refuse(reply: FastifyReply, transport: 'rest' | 'trpc', procedures: string[], perMinute: number, retryAfterSeconds: number) {
  const message = `Too many requests: at most ${perMinute} a minute. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  reply.code(429).header('retry-after', String(retryAfterSeconds)).type('application/json');
  if (transport === 'rest') return reply.send(errorBody(message));
  // The shape tRPC clients read, one entry per procedure of a batch.
  const error = (path: string) => ({
    error: { message, code: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path } },
  });
  const isBatch = reply.request.query && (reply.request.query as Record<string, unknown>).batch !== undefined;
  return reply.send(isBatch ? procedures.map(error) : error(procedures[0]!));
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** @fastify/rate-limit's store interface over request_counters (each limiter's child has its window). */
function postgresStore(db: Database) {
  return class PostgresRateLimitStore {
    private readonly windowMs: number;
    constructor(options: object) {
      const { timeWindow } = options as { timeWindow?: unknown };
      this.windowMs = typeof timeWindow === 'number' ? timeWindow : WINDOW_MS;
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      countRequest(db, [key], this.windowMs).then(
        ([window]) => callback(null, { current: window!.hits, ttl: Math.max(0, window!.windowEndsAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: object) {
      return new PostgresRateLimitStore(routeOptions as { timeWindow?: unknown });
    }
  };
}
