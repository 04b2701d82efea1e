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
}

/**
 * Settings from QBO_CLIENT_ID, QBO_CLIENT_SECRET, QBO_ENVIRONMENT (`sandbox`, the default, or
 * `production`) and QBO_REDIRECT_URI (default: appOrigin + `/qbo-callback`). Returns null when the
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
  return { clientId, clientSecret, environment, redirectUri };
}

export function accountingApiBase(config: QboConfig): string {
  if (config.simulatorBaseUrl) return config.simulatorBaseUrl.replace(/\/+$/, '');
  return config.environment === 'production' ? 'https://quickbooks.api.intuit.com' : 'https://sandbox-quickbooks.api.intuit.com';
}
