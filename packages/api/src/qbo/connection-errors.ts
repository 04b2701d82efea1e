import { QboApiError, QboAuthError } from '@phone-billing/integrations/qbo';
import { AppError } from '../errors';

// What a QuickBooks failure means to the app: whether the connection broke (record it, ring
// the bell), the message people see (never a token, never raw XML), and the API error it becomes.

const NOT_CONNECTED = 'QuickBooks is not connected. Connect it from QBO Setup.';

/** Whether this failure says the connection itself is broken (not a bad invoice, say). */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof QboAuthError) return error.code !== 'not_connected';
  // Throttling (429, or 403 with code 3001) says the company is busy, not that the connection broke.
  if (error instanceof QboApiError)
    return (
      !error.throttled && (error.status === 0 || error.status === 401 || error.status === 403 || error.status >= 500)
    );
  return false;
}

/** A message safe to show and store: never a token (401 fault details quote the token's start). */
export function qboErrorMessage(error: unknown): string {
  if (error instanceof QboApiError && error.throttled) {
    return `QuickBooks is limiting this company's requests right now (code 3001, HTTP ${error.status}); try again in a minute.`;
  }
  if (error instanceof QboApiError && error.status === 401) {
    return 'QuickBooks refused the access token even after refreshing it. Connect QuickBooks again from QBO Setup.';
  }
  if (error instanceof QboApiError || error instanceof QboAuthError) return error.message;
  if (error instanceof AppError) return error.message;
  return 'QuickBooks request failed';
}

/** Maps client failures to API errors: not connected → 400, QuickBooks failures → 502. */
export function toQboAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof QboAuthError) {
    if (error.code === 'not_connected') return new AppError('BAD_REQUEST', NOT_CONNECTED);
    return new AppError(error.code === 'token_endpoint_failed' ? 'BAD_GATEWAY' : 'BAD_REQUEST', qboErrorMessage(error));
  }
  if (error instanceof QboApiError) {
    if (error.throttled) return new AppError('TOO_MANY_REQUESTS', qboErrorMessage(error));
    return new AppError('BAD_GATEWAY', qboErrorMessage(error));
  }
  return new AppError('BAD_GATEWAY', 'QuickBooks request failed');
}
