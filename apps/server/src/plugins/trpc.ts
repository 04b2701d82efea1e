import { appRouter, type AppServices } from '@phone-billing/api';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { compressAnswers } from './compress-answers';
import { createRequestContext } from './context';

export async function trpcPlugin(app: FastifyInstance, options: { services: AppServices }) {
  // The web app's calls answer compressed (this plugin is encapsulated: /api/v1 is not affected).
  await compressAnswers(app);
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
