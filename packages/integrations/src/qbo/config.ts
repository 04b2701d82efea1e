/** Where and as whom the app talks to QuickBooks Online. */
export interface QboConfig {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  redirectUri: string;
  /**
   * Root URL of a QuickBooks simulator (e.g. `http://localhost:3000/sim/qbo`). When set, the
   * authorize, token and revoke URLs and the Accounting API base all point at it.
   */
  simulatorBaseUrl?: string;
  /**
   * Accounting API requests a minute the company allows (QBO_REQUESTS_PER_MINUTE); when unset,
   * the environment's budget (sandbox 100, production 500; see throttling.ts).
   */
  requestsPerMinute?: number;
}

/**
 * QBO_REQUESTS_PER_MINUTE as a number, or undefined when unset. Throws on anything but a whole
 * number from 1 to 10,000, so a typo never leaves the limiter without a budget.
 */
export function requestsPerMinuteFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.QBO_REQUESTS_PER_MINUTE?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 10_000) {
    throw new Error(
      `QBO_REQUESTS_PER_MINUTE must be a whole number from 1 to 10000, not "${env.QBO_REQUESTS_PER_MINUTE}"`,
    );
  }
  return value;
}

/**
 * Settings from QBO_CLIENT_ID, QBO_CLIENT_SECRET, QBO_ENVIRONMENT (`sandbox`, the default, or
 * `production`), QBO_REDIRECT_URI (default: appOrigin + `/qbo-callback`) and
 * QBO_REQUESTS_PER_MINUTE (default: the environment's budget). Returns null when the
 * id or secret is unset, so the caller can fall back to the simulator. Throws on an unknown
 * QBO_ENVIRONMENT rather than silently talking to the wrong QuickBooks.
 */
export function qboConfigFromEnv(env: NodeJS.ProcessEnv, appOrigin: string): QboConfig | null {
  const clientId = env.QBO_CLIENT_ID?.trim();
  const clientSecret = env.QBO_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const environment = (env.QBO_ENVIRONMENT?.trim() || 'sandbox').toLowerCase();
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error(`QBO_ENVIRONMENT must be "sandbox" or "production", not "${env.QBO_ENVIRONMENT}"`);
  }
  const redirectUri = env.QBO_REDIRECT_URI?.trim() || `${appOrigin.trim().replace(/\/+$/, '')}/qbo-callback`;
  const requestsPerMinute = requestsPerMinuteFromEnv(env);
  return { clientId, clientSecret, environment, redirectUri, ...(requestsPerMinute ? { requestsPerMinute } : {}) };
}

export function accountingApiBase(config: QboConfig): string {
  if (config.simulatorBaseUrl) return config.simulatorBaseUrl.replace(/\/+$/, '');
  return config.environment === 'production'
    ? 'https://quickbooks.api.intuit.com'
    : 'https://sandbox-quickbooks.api.intuit.com';
}
