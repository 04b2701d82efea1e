import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';

/** Vite names these after their content, so a changed file is a new URL: cache them for good. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

/**
 * Serves the built single-page app; any other GET that is not an API, simulator or health path
 * gets index.html so client-side routes survive a reload. Text files go out as the Brotli or gzip
 * copy the build wrote beside them (whichever the browser accepts); hashed assets are cached for a
 * year, index.html is revalidated on every load so a new release is picked up at once.
 */
export async function webPlugin(app: FastifyInstance, options: { distDir: string }) {
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      response.setHeader(
        'cache-control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isAppRoute =
      request.method === 'GET' && !/^\/(api|trpc|sim|healthz|readyz)(\/|$)/.test(url) && !path.extname(url);
    if (isAppRoute) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).type('application/json').send({ success: false, error: 'Not found', message: 'Not found' });
  });
}
