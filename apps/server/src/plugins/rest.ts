import { appRouter, createCallerFactory, type AppServices } from '@phone-billing/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestContext } from './context';
import { buildOpenApiDocument } from './openapi-document';
import { answerIdempotently, type RestAnswer } from './idempotency';
import { parseJsonBody } from './json-body';
import { errorBody, frameworkErrorAnswer, procedureErrorAnswer } from './rest-errors';
import { pathPattern, restInput, restOperations, type RestOperation } from './rest-operations';

export const REST_PREFIX = '/api/v1';

const createCaller = createCallerFactory(appRouter);

/**
 * The same procedures as /trpc, at the REST paths of spec/API.md for scripts: one Fastify route
 * per operation, whose input is taken strictly (see restInput) and handed to the procedure through
 * a tRPC caller. Every failure, Fastify's own included (malformed JSON, wrong content type, too
 * large, unknown path or method), answers with the `{ success: false, error, message, errors? }`
 * envelope.
 */
export async function restPlugin(app: FastifyInstance, options: { services: AppServices; appOrigin: string }) {
  const operations = restOperations(appRouter);
  const openApiDocument = buildOpenApiDocument(operations, options.appOrigin);
  app.get(`${REST_PREFIX}/openapi.json`, async () => openApiDocument);

  await app.register(
    async (scope) => {
      // JSON in UTF-8 only; an empty body on POST/PUT/PATCH means "no input", not a syntax error.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
      scope.setErrorHandler((error: FastifyError, _request, reply) => {
        const { status, body } = frameworkErrorAnswer(error);
        if (status >= 500) app.log.error({ err: error }, 'REST request failed');
        return reply.code(status).type('application/json').send(body);
      });
      scope.setNotFoundHandler((request, reply) => answerUnknownRoute(operations, request, reply));

      for (const operation of operations) {
        scope.route({
          method: operation.method,
          url: operation.routePath,
          handler: (request, reply) => runOperation(operation, options.services, request, reply),
        });
      }
    },
    { prefix: REST_PREFIX },
  );

  async function runOperation(
    operation: RestOperation,
    services: AppServices,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const answer = await answerIdempotently(operation, request, services, () =>
      callProcedure(operation, services, request, reply),
    );
    reply.code(answer.status).type('application/json');
    if (answer.headers) reply.headers(answer.headers);
    return reply.send(answer.body);
  }

  async function callProcedure(
    operation: RestOperation,
    services: AppServices,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<RestAnswer> {
    const context = createRequestContext(services, request, reply);
    try {
      const input = restInput(operation, request);
      const procedure = operation.procedurePath
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller(context));
      const data = await (procedure as (input: unknown) => Promise<unknown>)(input);
      return { status: context.response.status ?? operation.meta.successStatus ?? 200, body: data };
    } catch (cause) {
      const { status, body, internal } = procedureErrorAnswer(cause);
      if (internal) app.log.error({ err: cause, path: operation.procedurePath }, 'REST procedure failed');
      return { status, body };
    }
  }
}

/** 405 (with Allow) when the path exists under other methods, else 404. */
function answerUnknownRoute(operations: RestOperation[], request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!.slice(REST_PREFIX.length) || '/';
  const methods: string[] = operations
    .filter((operation) => pathPattern(operation.path).test(path))
    .map((operation) => operation.method);
  if (methods.length > 0) {
    if (methods.includes('GET')) methods.push('HEAD');
    const allowed = [...new Set(methods)].join(', ');
    return reply
      .code(405)
      .header('allow', allowed)
      .type('application/json')
      .send(errorBody(`Method ${request.method} is not allowed on ${REST_PREFIX}${path}; use ${allowed}`));
  }
  return reply
    .code(404)
    .type('application/json')
    .send(errorBody(`No such API path: ${request.method} ${REST_PREFIX}${path}`));
}
