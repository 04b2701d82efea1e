import type { GenesysErrorBody, GenesysOAuthErrorBody } from './schemas';

/**
 * Any refusal from Genesys Cloud that the client gives up on: a non-retryable status, or a
 * retryable one that persisted through every attempt. `code` is Genesys' own error code
 * (`bad.request`, `too.many.requests.retry.after`, or the OAuth `error` such as `invalid_client`).
 */
export class GenesysApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body?: unknown) {
    super(message);
    this.name = 'GenesysApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Thrown when the token endpoint refuses the configured client id and secret. */
export class GenesysAuthenticationError extends GenesysApiError {
  constructor(status: number, code: string, description: string, body?: unknown) {
    super(
      status,
      code,
      `Genesys Cloud rejected the client credentials (${code}: ${description}). ` +
        'Check GENESYS_CLIENT_ID, GENESYS_CLIENT_SECRET and the region.',
      body,
    );
    this.name = 'GenesysAuthenticationError';
  }
}

export function isGenesysErrorBody(body: unknown): body is GenesysErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as GenesysErrorBody).code === 'string' &&
    typeof (body as GenesysErrorBody).message === 'string'
  );
}

export function isGenesysOAuthErrorBody(body: unknown): body is GenesysOAuthErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as GenesysOAuthErrorBody).error === 'string';
}
