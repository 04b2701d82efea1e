import type { QboFault, QboFaultError } from './entities';

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * Reads a QuickBooks fault from a response body in either casing: the documented
 * `{"Fault":{"Error":[{"Message","Detail","code"}],"type"}}` and the lower-camel
 * `{"fault":{"error":[{"message","detail","code"}],"type"}}` that 401s usually use.
 * Returns null when the body holds no fault.
 */
export function parseQboFault(body: unknown): QboFault | null {
  const envelope = asRecord(body);
  if (!envelope) return null;
  const fault = asRecord(envelope.Fault) ?? asRecord(envelope.fault);
  if (!fault) return null;
  const rawErrors = Array.isArray(fault.Error) ? fault.Error : Array.isArray(fault.error) ? fault.error : [];
  const errors: QboFaultError[] = rawErrors.map((raw) => {
    const entry = asRecord(raw) ?? {};
    return {
      message: asText(entry.Message ?? entry.message),
      detail: asText(entry.Detail ?? entry.detail),
      code: asText(entry.code ?? entry.Code),
      element: typeof entry.element === 'string' ? entry.element : null,
    };
  });
  return { type: asText(fault.type ?? fault.Type), errors };
}

/** An Accounting API call failed: a fault from QuickBooks, an HTTP error, or no answer at all. */
export class QboApiError extends Error {
  override readonly name = 'QboApiError';
  /** HTTP status; 0 when no answer arrived (connection dropped, timeout). */
  readonly status: number;
  /** QuickBooks error code such as "6070", or "HTTP_503" / "NETWORK" when there was no fault body. */
  readonly code: string;
  /** Fault type such as "ValidationFault", or "" without a fault body. */
  readonly type: string;
  readonly detail: string;
  /** True when trying the same request again later may succeed (429, 5xx, no answer). */
  readonly retryable: boolean;
  readonly intuitTid: string | undefined;
  readonly errors: QboFaultError[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    type?: string;
    detail?: string;
    intuitTid?: string;
    errors?: QboFaultError[];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.type = init.type ?? '';
    this.detail = init.detail ?? '';
    this.intuitTid = init.intuitTid;
    this.errors = init.errors ?? [];
    this.retryable = init.status === 0 || init.status === 429 || init.status >= 500;
  }

  /** Builds the error for a non-2xx answer, reading a fault in either casing when there is one. */
  static fromResponse(status: number, body: unknown, intuitTid?: string): QboApiError {
    const fault = parseQboFault(body);
    const first = fault?.errors[0];
    if (fault && first) {
      const summary = first.message || fault.type || `HTTP ${status}`;
      const detail = first.detail && first.detail !== first.message ? `: ${first.detail}` : '';
      return new QboApiError({
        status,
        code: first.code || `HTTP_${status}`,
        type: fault.type,
        detail: first.detail,
        intuitTid,
        errors: fault.errors,
        message: `QuickBooks error ${first.code || status}: ${summary}${detail}`,
      });
    }
    const text = typeof body === 'string' && body.trim() ? `: ${body.trim().slice(0, 200)}` : '';
    return new QboApiError({
      status,
      code: `HTTP_${status}`,
      intuitTid,
      message: `QuickBooks answered HTTP ${status}${text}`,
    });
  }

  static noAnswer(cause: unknown): QboApiError {
    const reason = cause instanceof Error ? (asText((cause.cause as { code?: unknown })?.code) || cause.message) : String(cause);
    return new QboApiError({
      status: 0,
      code: 'NETWORK',
      message: `No answer from QuickBooks (${reason})`,
    });
  }
}

/**
 * The OAuth side failed: not connected, consent declined, or the token endpoint refused
 * (`invalid_grant` for a used/expired code or refresh token, `invalid_client`, ...).
 * `reconnectRequired` tells the caller that only a new authorization will help.
 */
export class QboAuthError extends Error {
  override readonly name = 'QboAuthError';
  /** `not_connected`, `access_denied`, `missing_code`, or the OAuth `error` value. */
  readonly code: string;
  readonly status: number | undefined;
  readonly description: string;
  readonly reconnectRequired: boolean;

  constructor(code: string, message: string, options: { status?: number; description?: string } = {}) {
    super(message);
    this.code = code;
    this.status = options.status;
    this.description = options.description ?? '';
    this.reconnectRequired = ['not_connected', 'invalid_grant', 'access_denied', 'missing_code'].includes(code);
  }
}
