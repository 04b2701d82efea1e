import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this an answer fits in a packet or two anyway; compressing it only costs time. */
const MIN_BYTES = 1024;

function chosenEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/**
 * Compresses the JSON answers of the routes registered in this scope (the web app's /trpc calls:
 * a dashboard answer is 100+ KB of JSON, a tenth of that compressed) for browsers that accept
 * Brotli or gzip. Brotli at quality 4 or gzip at level 6 takes about a millisecond for 100 KB, on
 * zlib's thread pool rather than the event loop. The tRPC adapter answers with a web Response,
 * whose whole JSON body is read, compressed and sent as a Response again.
 */
export async function compressAnswers(scope: FastifyInstance) {
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!(payload instanceof Response) || !payload.body) return payload;
    if (
      payload.headers.has('content-encoding') ||
      !/^application\/json\b/.test(payload.headers.get('content-type') ?? '')
    )
      return payload;
    const encoding = chosenEncoding(request);
    const headers = new Headers(payload.headers);
    headers.append('vary', 'accept-encoding');
    const json = await payload.arrayBuffer();
    if (!encoding || json.byteLength < MIN_BYTES)
      return new Response(json, { status: payload.status, statusText: payload.statusText, headers });
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    return new Response(new Uint8Array(await compress(Buffer.from(json), encoding)), {
      status: payload.status,
      statusText: payload.statusText,
      headers,
    });
  });
}
