import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { CompanyState, SimulatorState } from './state';
import { faultBody, lowerCaseFaultBody, newIntuitTid, type FaultSpec } from './wire-format';
import { throttleFault, xmlFaultBody, type QboSimulatorModes } from './vendor-modes';
import type { QboSimulatorFaults, QboSimulatorOptions, QboSimulatorStats } from './types';

/** What the simulator's route modules share: its options, clock, state, switches and counters. */
export type SimulatorContext = {
  options: QboSimulatorOptions;
  now: () => Date;
  realmId: string;
  credentials: { clientId: string; clientSecret: string };
  state: SimulatorState;
  modes: QboSimulatorModes;
  faults: QboSimulatorFaults;
  /** Replaced whole by resetStats. */
  stats: QboSimulatorStats;
  persist(): void;
  company(id?: string): CompanyState;
};

export const emptyStats = (): QboSimulatorStats => ({
  apiRequests: 0,
  tooManyRequestsSent: 0,
  mostInFlight: 0,
  busiestMinute: 0,
});

const maxBodyBytes = 5 * 1024 * 1024;

export class HttpBodyTooLarge extends Error {}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) reject(new HttpBodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function randomToken(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Counts a share deterministically: with rate 0.25 every fourth call says yes. */
export function createShareCounter() {
  let credit = 0;
  return (rate: number): boolean => {
    if (rate <= 0) {
      credit = 0;
      return false;
    }
    credit += Math.min(rate, 1);
    if (credit >= 1 - 1e-9) {
      credit -= 1;
      return true;
    }
    return false;
  };
}

export type Answers = ReturnType<typeof createAnswers>;

/** How the simulator answers: QuickBooks' headers, faults in the forms the modes say. */
export function createAnswers(ctx: SimulatorContext) {
  const { now, modes, faults } = ctx;

  function send(
    res: ServerResponse,
    status: number,
    body: string,
    contentType = 'application/json;charset=UTF-8',
    headers: Record<string, string> = {},
  ): void {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, {
      'Content-Type': contentType,
      intuit_tid: newIntuitTid(),
      'Cache-Control': 'no-store',
      ...headers,
    });
    res.end(body);
  }

  function sendJson(res: ServerResponse, status: number, body: unknown): void {
    send(res, status, JSON.stringify(body));
  }

  function sendFault(res: ServerResponse, spec: FaultSpec): void {
    if (spec.status === 429) ctx.stats.tooManyRequestsSent += 1;
    if (spec.status === 401 && modes.authFaultFormat === 'xml') {
      send(res, spec.status, xmlFaultBody(spec, now()), 'application/xml');
      return;
    }
    const lowerCase = spec.status === 401 && faults.authFaultCasing === 'lower';
    sendJson(res, spec.status, lowerCase ? lowerCaseFaultBody(spec, now()) : faultBody(spec, now()));
  }

  /** Throttled, in the form the modes say (429 or 403, JSON or XML, with or without Retry-After). */
  function sendThrottled(res: ServerResponse): void {
    const spec = throttleFault(modes);
    ctx.stats.tooManyRequestsSent += 1;
    const headers: Record<string, string> =
      modes.retryAfterSeconds === null ? {} : { 'Retry-After': String(modes.retryAfterSeconds) };
    if (modes.throttleAnswer.startsWith('xml'))
      send(res, spec.status, xmlFaultBody(spec, now()), 'application/xml', headers);
    else send(res, spec.status, JSON.stringify(faultBody(spec, now())), undefined, headers);
  }

  function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
    sendJson(res, status, { error, error_description: description });
  }

  return { send, sendJson, sendFault, sendThrottled, oauthError };
}
