import { Readable } from 'node:stream';
import type { FastifyError, FastifyRequest } from 'fastify';

export const INVALID_UTF8 = 'Request body is not valid UTF-8';
export const MALFORMED_JSON = 'Malformed JSON in request body';
export const UNSUPPORTED_CHARSET_CODE = 'PB_UNSUPPORTED_CHARSET';

// Fatal: a byte sequence that is not UTF-8 is refused, not turned into U+FFFD (issue 25: it was
// decoded leniently, and the changed length was reported as "size did not match Content-Length").
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The /api/v1 body parser (Fastify's `parseAs: 'buffer'`): JSON in UTF-8 only. A charset other
 * than UTF-8 is a 415, bytes that are not UTF-8 a 400 saying so, text that is not JSON a 400; an
 * empty body means "no input".
 */
export function parseJsonBody(
  request: FastifyRequest,
  body: Buffer | string,
  done: (error: Error | null, body?: unknown) => void,
) {
  const charset = charsetOf(request.headers['content-type']);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') return done(unsupportedCharset(charset));
  let text: string;
  try {
    text = typeof body === 'string' ? body : utf8.decode(body);
  } catch {
    return done(httpError(400, INVALID_UTF8));
  }
  if (text.trim() === '') return done(null, undefined);
  try {
    done(null, JSON.parse(text));
  } catch {
    done(httpError(400, MALFORMED_JSON));
  }
}

/** The charset parameter of a Content-Type, lower-cased and unquoted; null when there is none. */
export function charsetOf(contentType: string | undefined): string | null {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return null;
}

function unsupportedCharset(charset: string): FastifyError {
  const message = `Unsupported charset "${charset}": send the JSON body in UTF-8 (Content-Type: application/json)`;
  return httpError(415, message, UNSUPPORTED_CHARSET_CODE);
}

function httpError(statusCode: number, message: string, code?: string): FastifyError {
  const error = new Error(message) as FastifyError;
  error.statusCode = statusCode;
  if (code) error.code = code;
  return error;
}

/**
 * The same rules for a scope whose own parser takes the body as text (/trpc: tRPC's adapter
 * installs one): a Fastify `preParsing` hook that reads the body (up to `bodyLimit` bytes), refuses
 * another charset (415) or bytes that are not UTF-8 (400), and hands the same bytes on.
 */
export function utf8BodyCheck(bodyLimit: number) {
  return async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
    const contentType = request.headers['content-type'];
    if (!contentType?.toLowerCase().startsWith('application/json')) return payload;
    const charset = charsetOf(contentType);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') throw unsupportedCharset(charset);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      if (size > bodyLimit) throw httpError(413, 'Request body too large', 'FST_ERR_CTP_BODY_TOO_LARGE');
      chunks.push(bytes);
    }
    const body = Buffer.concat(chunks);
    try {
      utf8.decode(body);
    } catch {
      throw httpError(400, INVALID_UTF8);
    }
    // Fastify compares this with Content-Length, as it would have for the original stream.
    return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
  };
}
