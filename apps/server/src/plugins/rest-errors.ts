import { fieldErrorsOf } from '@phone-billing/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import http from 'node:http';
import type { Socket } from 'node:net';
import { ZodError } from 'zod';
import { MALFORMED_JSON, UNSUPPORTED_CHARSET_CODE } from './json-body';
import { RestInputError } from './rest-operations';

/** Every failed /api/v1 answer (DESIGN.md §6, spec/API.md). */
export interface ErrorBody {
  success: false;
  error: string;
  message: string;
  errors?: Array<{ msg: string; path: string }>;
}

export function errorBody(message: string, errors?: ErrorBody['errors']): ErrorBody {
  return { success: false, error: message, message, ...(errors?.length ? { errors } : {}) };
}

export const UNSUPPORTED_CONTENT_TYPE = 'Unsupported content type: send JSON (Content-Type: application/json)';
export const INTERNAL_ERROR = 'Internal server error';

/** Status and envelope for what a procedure threw. */
export function procedureErrorAnswer(cause: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (cause instanceof RestInputError) {
    return {
      status: 400,
      body: errorBody(cause.message, cause.field ? [{ msg: cause.message, path: cause.field }] : undefined),
      internal: false,
    };
  }
  const error = cause instanceof TRPCError ? cause : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500 && status !== 502) return { status, body: errorBody(INTERNAL_ERROR), internal: true };
  const errors = fieldErrorsOf(error);
  const message = error.cause instanceof ZodError && errors?.[0] ? errors[0].msg : error.message;
  return { status, body: errorBody(message, status === 400 ? errors : undefined), internal: false };
}

/** Status and envelope for an error Fastify raised before a procedure ran (body parsing, limits). */
export function frameworkErrorAnswer(error: FastifyError & { statusCode?: number }): {
  status: number;
  body: ErrorBody;
} {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status, body: errorBody(INTERNAL_ERROR) };
  const message =
    status === 415
      ? error.code === UNSUPPORTED_CHARSET_CODE
        ? error.message
        : UNSUPPORTED_CONTENT_TYPE
      : status === 413
        ? 'Request body too large (at most 1 MiB)'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? MALFORMED_JSON
          : error.message;
  return { status, body: errorBody(message) };
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (bad percent-encoding) is refused before
 * routing, so no route's error handler sees it. The same envelope, for every path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL: a percent-escape is not valid UTF-8' : 'Malformed request';
  return reply.code(400).type('application/json').send(errorBody(message));
}

/**
 * An HTTP/1.1 request without Host (Node's own check, `requireHostHeader`, answers a bare 400 with
 * no body; it is turned off so this hook answers it with the envelope). Registered first.
 */
export async function refuseRequestsWithoutHost(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.host !== undefined || request.raw.httpVersion !== '1.1') return;
  return reply
    .code(400)
    .header('connection', 'close')
    .type('application/json')
    .send(errorBody('Malformed HTTP request: an HTTP/1.1 request needs a Host header'));
}

/**
 * Answers requests Node's HTTP parser refused before Fastify saw them (headers or URL over 16 KB:
 * 431; anything unparsable: 400) with the same envelope, then closes the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers or URL too large (at most 16 KB)']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timed out']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify(errorBody(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
