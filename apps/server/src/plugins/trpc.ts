import { appRouter, type AppServices } from '@phone-billing/api';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { compressAnswers } from './compress-answers';
import { createRequestContext } from './context';
import { utf8BodyCheck } from './json-body';

export async function trpcPlugin(app: FastifyInstance, options: { services: AppServices }) {
  // The web app's calls answer compressed (this plugin is encapsulated: /api/v1 is not affected).
  await compressAnswers(app);
  // Bodies as /api/v1 takes them: JSON in UTF-8 (another charset 415, bytes that are not UTF-8 400).
  app.addHook('preParsing', utf8BodyCheck(app.initialConfig.bodyLimit ?? 1024 * 1024));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createRequestContext(options.services, req, res),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<typeof appRouter>['trpcOptions'],
  });
}
