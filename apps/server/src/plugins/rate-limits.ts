import { appRouter, countRequest, type CounterWindow } from '@phone-billing/api';
import type { Database } from '@phone-billing/db';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './rest-errors';
import { pathPattern, restOperations } from './rest-operations';

/**
 * Per client address, per minute: the calls a person never makes this often and an attacker or a
 * runaway script would (issue 13). The same procedure is counted once whether it is called at
 * /api/v1 or /trpc. The sign-in failure limits live in auth/sign-in-limits.ts; this is the coarse
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

/**
 * Counts the limited procedures of each /api/v1 and /trpc request in PostgreSQL (request_counters,
 * so every instance shares the counts) before anything else runs. Each call of a tRPC batch counts
 * like a request of its own (issue 25: a batch of 60 sign-ins counted once); a batch that takes a
 * procedure over its limit is refused whole. Over the limit: 429 with Retry-After, as the REST
 * envelope or a tRPC error. Should the database fail here, the request goes on (the procedure will
 * meet the same database).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  const restLimited = restOperations(appRouter)
    .filter((operation) => RATE_LIMITS[operation.procedurePath])
    .map((operation) => ({
      method: operation.method,
      pattern: pathPattern(operation.path),
      procedurePath: operation.procedurePath,
    }));

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    let procedures: string[] = [];
    let transport: 'rest' | 'trpc' = 'rest';
    if (path.startsWith('/api/v1/')) {
      const restPath = path.slice('/api/v1'.length);
      procedures = restLimited
        .filter((entry) => entry.method === request.method && entry.pattern.test(restPath))
        .map((entry) => entry.procedurePath);
    } else if (path.startsWith('/trpc/')) {
      transport = 'trpc';
      procedures = decodeURIComponentSafely(path.slice('/trpc/'.length)).split(',');
    }
    const callsByProcedure = new Map<string, number>();
    for (const procedurePath of procedures)
      callsByProcedure.set(procedurePath, (callsByProcedure.get(procedurePath) ?? 0) + 1);
    for (const [procedurePath, calls] of callsByProcedure) {
      const limit = RATE_LIMITS[procedurePath];
      if (!limit) continue;
      const now = new Date();
      let window: CounterWindow;
      try {
        window = (await countRequest(options.db, [`rate:${limit.group}:${request.ip}`], WINDOW_MS, now, calls))[0]!;
      } catch (error) {
        request.log.warn({ err: error }, 'rate limit not counted');
        continue;
      }
      if (window.hits <= limit.perMinute) continue;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.windowEndsAt.getTime() - now.getTime()) / 1000));
      return refuse(reply, transport, procedures, limit.perMinute, retryAfterSeconds);
    }
  });
});

function refuse(
  reply: FastifyReply,
  transport: 'rest' | 'trpc',
  procedures: string[],
  perMinute: number,
  retryAfterSeconds: number,
) {
  const message = `Too many requests: at most ${perMinute} a minute. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  reply.code(429).header('retry-after', String(retryAfterSeconds)).type('application/json');
  if (transport === 'rest') return reply.send(errorBody(message));
  // The shape tRPC clients read, one entry per procedure of a batch.
  const error = (path: string) => ({
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS,
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path },
    },
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
