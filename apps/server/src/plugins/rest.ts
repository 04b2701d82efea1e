import { appRouter, type AppMeta, type AppServices } from '@phone-billing/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { createOpenApiNodeHttpHandler, generateOpenApiDocument } from 'trpc-to-openapi';
import { createRequestContext } from './context';

export const REST_PREFIX = '/api/v1';

interface ErrorBody {
  success: false;
  error: string;
  message: string;
  errors?: Array<{ msg: string; path: string }>;
}

export function errorBody(message: string, errors?: ErrorBody['errors']): ErrorBody {
  return { success: false, error: message, message, ...(errors?.length ? { errors } : {}) };
}

/**
 * The same procedures as /trpc, at the REST paths of spec/API.md for scripts. Every failure,
 * including Fastify's own (malformed JSON, wrong content type, unknown path), answers with the
 * `{ success: false, error, message, errors? }` envelope.
 */
export async function restPlugin(app: FastifyInstance, options: { services: AppServices; appOrigin: string }) {
  const openApiDocument = generateOpenApiDocument(appRouter, {
    title: 'Phone Billing API',
    version: '1.0.0',
    baseUrl: `${options.appOrigin}${REST_PREFIX}`,
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'pb_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    },
  });

  describePermissions(openApiDocument as unknown as OpenApiPaths);
  app.get(`${REST_PREFIX}/openapi.json`, async () => openApiDocument);

  await app.register(async (scope) => {
    // An empty body on POST/PUT/PATCH/DELETE means "no input", not a JSON syntax error.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        const error = new Error('Malformed JSON in request body') as FastifyError;
        error.statusCode = 400;
        done(error, undefined);
      }
    });
    scope.addHook('preHandler', async (request) => {
      // Scripts often POST without a body or content type; treat that as an empty JSON object.
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if (!['GET', 'HEAD'].includes(request.method) && !request.headers['content-type'] && !hasBody) {
        request.raw.headers['content-type'] = 'application/json';
        (request as { body: unknown }).body = {};
      }
    });
    scope.addHook('onSend', async (_request, reply, payload) => reshapeErrorPayload(reply.statusCode, payload));
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) app.log.error({ err: error }, 'REST request failed');
      const message =
        status === 415 ? `Unsupported content type: send JSON (Content-Type: application/json)` : status >= 500 ? 'Internal server error' : error.message;
      return reply.code(status).type('application/json').send(errorBody(message));
    });
    scope.setNotFoundHandler((request, reply) =>
      reply.code(404).type('application/json').send(errorBody(`No such API path: ${request.method} ${request.url.split('?')[0]}`)),
    );

    const handler = createOpenApiNodeHttpHandler({
      router: appRouter,
      createContext: ({ req }: { req: { requestContext: unknown } }) => req.requestContext,
      responseMeta: ({ ctx, errors }: { ctx?: unknown; errors: unknown[] }) => {
        const status = (ctx as { response?: { status?: number } } | undefined)?.response?.status;
        return errors.length === 0 && status ? { status } : {};
      },
      onError: ({ error, path }: { error: { code: string }; path?: string }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'REST procedure failed');
      },
    } as never);

    scope.route({
      method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        request.raw.url = request.url.slice(REST_PREFIX.length) || '/';
        const raw = Object.assign(adaptRequest(request), { requestContext: createRequestContext(options.services, request, reply) });
        await handler(raw, adaptReply(reply) as never, undefined as never);
        return reply;
      },
    });
  }, { prefix: REST_PREFIX });
}

type OpenApiPaths = { paths?: Record<string, Record<string, { description?: string }>> };

/** Adds "Permission: ..." to each operation, from the access every procedure declares. */
function describePermissions(document: OpenApiPaths) {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  for (const procedure of Object.values(procedures)) {
    const meta = procedure._def.meta;
    if (!meta?.openapi || !meta.access) continue;
    const operation = document.paths?.[meta.openapi.path]?.[meta.openapi.method.toLowerCase()];
    if (!operation) continue;
    const access = meta.access;
    const permission = access === 'public' ? 'public' : access === 'signed-in' ? 'any signed-in user' : access.anyOf.join(' or ');
    operation.description = [operation.description, `Permission: ${permission}`].filter(Boolean).join('\n\n');
  }
}

/** trpc-to-openapi reports errors as `{ message, code, issues, data }`; give them our envelope. */
function reshapeErrorPayload(statusCode: number, payload: unknown): unknown {
  if (statusCode < 400 || typeof payload !== 'string') return payload;
  let body: { success?: boolean; message?: string; issues?: Array<{ message: string; path: Array<string | number> }>; data?: { errors?: ErrorBody['errors'] } };
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (body.success === false) return payload;
  const fieldErrors = body.data?.errors ?? body.issues?.map((issue) => ({ msg: issue.message, path: issue.path.join('.') }));
  let message = body.message ?? 'Request failed';
  if (message === 'Input validation failed' && fieldErrors?.[0]) message = fieldErrors[0].msg;
  if (statusCode >= 500) message = 'Internal server error';
  if (statusCode === 415 || message.startsWith('Unsupported content-type')) message = 'Unsupported content type: send JSON (Content-Type: application/json)';
  return JSON.stringify(errorBody(message, statusCode === 400 ? fieldErrors : undefined));
}

// trpc-to-openapi's node handler speaks Node's req/res; hand it Fastify's parsed body and a reply
// that writes through Fastify so hooks (cookies, onSend) still run.
function adaptRequest(request: import('fastify').FastifyRequest) {
  const raw = request.raw as typeof request.raw & { body?: unknown; query?: unknown };
  raw.body = request.body ?? (['GET', 'HEAD'].includes(request.method) ? undefined : {});
  raw.query = undefined;
  return raw;
}

function adaptReply(reply: import('fastify').FastifyReply) {
  const headers: Record<string, string> = {};
  return {
    get statusCode() {
      return reply.statusCode;
    },
    set statusCode(value: number) {
      reply.code(value);
    },
    setHeader(key: string, value: string) {
      headers[key] = value;
      reply.header(key, value);
    },
    end(data: string) {
      if (!reply.sent) void reply.send(data);
    },
    once: reply.raw.once.bind(reply.raw),
    on: reply.raw.on.bind(reply.raw),
    off: reply.raw.off.bind(reply.raw),
    emit: reply.raw.emit.bind(reply.raw),
    removeListener: reply.raw.removeListener.bind(reply.raw),
    socket: reply.raw.socket,
  };
}
