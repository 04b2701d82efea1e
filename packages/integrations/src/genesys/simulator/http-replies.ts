// How the simulator reads a request body and answers: JSON with Genesys' correlation id, and
// errors in Genesys' error body, counted in the stats the tests read.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { GenesysErrorBody } from '../schemas';
import { SimulatorHttpError } from './listings';
import type { GenesysSimulatorStats } from './types';

const MAX_BODY_BYTES = 512_000;

export type SendReply = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
) => void;

/** A sender that counts the 429, 5xx and 401 answers in whichever stats are current. */
export function replySender(currentStats: () => GenesysSimulatorStats): SendReply {
  return (res, status, body, headers = {}) => {
    const stats = currentStats();
    if (status === 429) stats.tooManyRequestsSent++;
    if (status >= 500) stats.serverErrorsSent++;
    if (status === 401) stats.unauthorizedSent++;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
      'ININ-Correlation-Id': randomUUID(),
      ...headers,
    });
    res.end(text);
  };
}

export function errorBody(
  status: number,
  code: string,
  message: string,
  extra: Partial<GenesysErrorBody> = {},
): GenesysErrorBody {
  return {
    message,
    code,
    status,
    messageWithParams: message,
    messageParams: {},
    contextId: randomUUID(),
    details: [],
    errors: [],
    ...extra,
  };
}

export const errorBodyOf = (error: SimulatorHttpError): GenesysErrorBody =>
  errorBody(error.status, error.code, error.message);

export const internalServerErrorBody = (): GenesysErrorBody =>
  errorBody(
    500,
    'internal.server.error',
    'The server encountered an unexpected condition which prevented it from fulfilling the request.',
  );

export const notFoundBody = (): GenesysErrorBody =>
  errorBody(404, 'not.found', 'The requested resource was not found.');

export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new SimulatorHttpError(
        413,
        'request.entity.too.large',
        `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
      );
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body parsed as JSON, or a 400 bad.request (with `message`) when it is not JSON. */
export function parseJsonBody(body: string, message: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new SimulatorHttpError(400, 'bad.request', message);
  }
}
