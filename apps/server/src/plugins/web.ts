import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';

/**
 * Serves the built single-page app; any other GET that is not an API, simulator or health path
 * gets index.html so client-side routes survive a reload.
 */
export async function webPlugin(app: FastifyInstance, options: { distDir: string }) {
  await app.register(fastifyStatic, { root: options.distDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isAppRoute = request.method === 'GET' && !/^\/(api|trpc|sim|healthz|readyz)(\/|$)/.test(url) && !path.extname(url);
    if (isAppRoute) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).type('application/json').send({ success: false, error: 'Not found', message: 'Not found' });
  });
}
