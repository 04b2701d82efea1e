// Who may call the simulated API: client-credentials tokens (HTTP Basic on /oauth/token), their
// expiry, and Genesys' per-token rate limit with its inin-ratelimit-* headers.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { errorBody, readBody, type SendReply } from './http-replies';
import type { GenesysSimulatorFaults, GenesysSimulatorStats } from './types';

const RATE_WINDOW_MS = 60_000;

export interface TokenAccessOptions {
  credentials: { clientId: string; clientSecret: string };
  rateLimitPerMinute: number;
  faults: GenesysSimulatorFaults;
  now: () => Date;
  send: SendReply;
  currentStats: () => GenesysSimulatorStats;
}

export interface TokenAccess {
  issueToken(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** Checks the bearer token and the rate limit; answers and returns null when refused, else the rate headers. */
  admit(req: http.IncomingMessage, res: http.ServerResponse): Record<string, string> | null;
  expireAllTokens(): void;
}

export function createTokenAccess({
  credentials,
  rateLimitPerMinute,
  faults,
  now,
  send,
  currentStats,
}: TokenAccessOptions): TokenAccess {
  const tokens = new Map<string, { expiresAtMs: number }>();
  const rateWindows = new Map<string, { startMs: number; count: number }>();

  async function issueToken(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const oauthError = (status: number, error: string, description: string): void =>
      send(res, status, { error, description, error_description: description });
    const body = new URLSearchParams(await readBody(req));
    const authorization = req.headers.authorization ?? '';
    const basic = /^Basic\s+(.+)$/i.exec(authorization);
    if (!basic?.[1]) return oauthError(401, 'invalid_client', 'client authentication is required (HTTP Basic)');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const clientId = separator >= 0 ? decoded.slice(0, separator) : decoded;
    const clientSecret = separator >= 0 ? decoded.slice(separator + 1) : '';
    if (clientId !== credentials.clientId) return oauthError(401, 'invalid_client', 'client not found');
    if (clientSecret !== credentials.clientSecret) return oauthError(401, 'invalid_client', 'authentication failed');
    const grantType = body.get('grant_type');
    if (!grantType) return oauthError(400, 'invalid_request', 'grant_type is required');
    if (grantType !== 'client_credentials') {
      return oauthError(400, 'unauthorized_client', `client is not authorized to use the ${grantType} grant type`);
    }
    const nowMs = now().getTime();
    if (tokens.size > 1000) {
      for (const [token, entry] of tokens)
        if (entry.expiresAtMs <= nowMs) {
          tokens.delete(token);
          rateWindows.delete(token);
        }
    }
    const accessToken = randomBytes(48).toString('base64url');
    const lifetime = Math.max(0, Math.floor(faults.tokenLifetimeSeconds));
    tokens.set(accessToken, { expiresAtMs: nowMs + lifetime * 1000 });
    currentStats().tokensIssued++;
    send(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: lifetime });
  }

  function admit(req: http.IncomingMessage, res: http.ServerResponse): Record<string, string> | null {
    const authorization = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
    if (!bearer) {
      send(
        res,
        401,
        errorBody(401, 'authentication.required', 'No authentication bearer token specified in authorization header.'),
      );
      return null;
    }
    const token = tokens.get(bearer);
    const nowMs = now().getTime();
    if (!token) {
      send(res, 401, errorBody(401, 'bad.credentials', 'Invalid login credentials.'));
      return null;
    }
    if (token.expiresAtMs <= nowMs) {
      send(res, 401, errorBody(401, 'credentials.expired', 'The supplied credentials are expired and cannot be used.'));
      return null;
    }
    let window = rateWindows.get(bearer);
    if (!window || nowMs - window.startMs >= RATE_WINDOW_MS) {
      window = { startMs: nowMs, count: 0 };
      rateWindows.set(bearer, window);
    }
    window.count++;
    const resetSeconds = Math.max(1, Math.ceil((window.startMs + RATE_WINDOW_MS - nowMs) / 1000));
    const rateHeaders = {
      'inin-ratelimit-count': String(window.count),
      'inin-ratelimit-allowed': String(rateLimitPerMinute),
      'inin-ratelimit-reset': String(resetSeconds),
    };
    const tooMany = (retryAfterSeconds: number): null => {
      send(
        res,
        429,
        errorBody(
          429,
          'too.many.requests.retry.after',
          `Rate limit exceeded the maximum. Retry the request in [${retryAfterSeconds}] seconds`,
          {
            messageParams: { seconds: String(retryAfterSeconds) },
            limit: {
              key: 'client.credentials.token.rate.per.minute',
              namespace: 'platform.api',
              value: rateLimitPerMinute,
            },
          },
        ),
        { ...rateHeaders, 'Retry-After': String(retryAfterSeconds) },
      );
      return null;
    };
    if (faults.rateLimitBurst > 0) {
      faults.rateLimitBurst--;
      return tooMany(1);
    }
    if (window.count > rateLimitPerMinute) return tooMany(resetSeconds);
    return rateHeaders;
  }

  function expireAllTokens(): void {
    const nowMs = now().getTime();
    for (const token of tokens.values()) token.expiresAtMs = Math.min(token.expiresAtMs, nowMs);
  }

  return { issueToken, admit, expireAllTokens };
}
