import type { RequestLimit } from '../request-limiter';
import type { QboConfig } from './config';

// QuickBooks' request budget per company and what the client does when it is throttled anyway.
//
// Budgets (Accounting API, per company/realm): production 500 requests a minute; a sandbox
// company far fewer (Intuit: 100 a minute per app). Both allow 10 requests at once. The app
// hands the budget to the request limiter all its processes share, so a run paces itself to
// what the company really allows; QBO_REQUESTS_PER_MINUTE overrides it (an app with a raised
// limit, or a sandbox with another one).
//
// Throttled anyway (another app on the same company, a smaller budget than configured),
// QuickBooks answers 429, or 403 with fault code 3001, in JSON or XML, usually without a
// Retry-After. Its window is a minute, so without Retry-After the client waits that minute
// out rather than retrying after a second or two into the same window; it keeps waiting so long
// as the call's patience allows. A throttled request did nothing, and writes carry a requestid,
// so sending it again never creates anything twice.

/** QuickBooks production: Accounting API requests a minute per company. */
export const QBO_PRODUCTION_REQUESTS_PER_MINUTE = 500;
/** QuickBooks sandbox companies: requests a minute (Intuit: 100 per app). */
export const QBO_SANDBOX_REQUESTS_PER_MINUTE = 100;
/** Requests in flight at once per company, in production and sandbox alike. */
export const QBO_MAX_CONCURRENT_REQUESTS = 10;
/** QuickBooks counts requests per minute: a throttle without Retry-After lasts up to this long. */
export const QBO_THROTTLE_WINDOW_MS = 60_000;
/** How long one call keeps waiting out throttling before it gives up (a few windows). */
export const QBO_THROTTLE_PATIENCE_MS = 5 * 60_000;

/**
 * Requests a minute the connected company allows: QBO_REQUESTS_PER_MINUTE when set, else by
 * environment (sandbox 100, production 500). A simulator plays a production company unless
 * told otherwise (its "sandbox" mode lowers its budget to 100 to show what happens).
 */
export function qboRequestsPerMinute(
  config: Pick<QboConfig, 'environment' | 'requestsPerMinute' | 'simulatorBaseUrl'>,
): number {
  if (config.requestsPerMinute && config.requestsPerMinute > 0) return config.requestsPerMinute;
  if (config.simulatorBaseUrl) return QBO_PRODUCTION_REQUESTS_PER_MINUTE;
  return config.environment === 'production' ? QBO_PRODUCTION_REQUESTS_PER_MINUTE : QBO_SANDBOX_REQUESTS_PER_MINUTE;
}

/** The limit the shared limiter keeps for one company. */
export function qboRequestLimit(config: Parameters<typeof qboRequestsPerMinute>[0], realmId: string): RequestLimit {
  return { key: `qbo:${realmId}`, perMinute: qboRequestsPerMinute(config), maxConcurrent: QBO_MAX_CONCURRENT_REQUESTS };
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null without one. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * How long to wait after being throttled: what Retry-After asked for, else the rest of the
 * window, plus a little jitter so the requests throttled together do not all return at once.
 */
export function throttleWaitMs(
  retryAfter: number | null,
  windowMs: number,
  random: () => number = Math.random,
): number {
  const base = retryAfter ?? windowMs;
  return Math.round(base + random() * Math.min(1000, base * 0.1));
}
