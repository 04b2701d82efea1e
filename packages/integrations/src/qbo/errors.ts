import type { QboFault, QboFaultError } from './entities';
import { looksLikeMarkup, parseXmlFault } from './xml-fault';

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
 * Reads a QuickBooks fault from a response body in any form it comes in: the documented
 * `{"Fault":{"Error":[{"Message","Detail","code"}],"type"}}`, the lower-camel
 * `{"fault":{"error":[{"message","detail","code"}],"type"}}` that 401s usually use, and the XML
 * `<IntuitResponse><Fault type><Error code><Message/><Detail/>` that throttling and some 401s
 * use whatever Accept said (a body that was not JSON arrives here as its text).
 * Returns null when the body holds no fault.
 */
export function parseQboFault(body: unknown): QboFault | null {
  if (typeof body === 'string') return parseXmlFault(body);
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

/** Code 3001 (sometimes written 003001) or a ThrottleExceeded message: QuickBooks' throttling fault. */
function isThrottleFault(code: string, type: string, errors: QboFaultError[]): boolean {
  const codes = [code, ...errors.map((error) => error.code)].map((value) => value.replace(/^0+/, ''));
  return (
    codes.includes('3001') || /throttl/i.test(type) || errors.some((error) => /ThrottleExceeded/i.test(error.message))
  );
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
  /**
   * QuickBooks said "too many requests": HTTP 429, or code 3001 (ThrottleExceeded) whatever the
   * status (QuickBooks has sent it as 403) and whatever the body's format. Nothing was done.
   */
  readonly throttled: boolean;

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
    this.throttled = init.status === 429 || isThrottleFault(init.code, init.type ?? '', this.errors);
    this.retryable = this.throttled || init.status === 0 || init.status >= 500;
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
    // A page of markup (a proxy's HTML, an XML body without a fault) is never shown or stored.
    const plain =
      typeof body === 'string' && body.trim() && !looksLikeMarkup(body) ? body.trim().replace(/\s+/g, ' ') : '';
    const text = plain ? `: ${plain.slice(0, 200)}` : '';
    return new QboApiError({
      status,
      code: `HTTP_${status}`,
      intuitTid,
      message: `QuickBooks answered HTTP ${status}${text}`,
    });
  }

  static noAnswer(cause: unknown): QboApiError {
    const reason =
      cause instanceof Error ? asText((cause.cause as { code?: unknown })?.code) || cause.message : String(cause);
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
