// QBO Setup's status panel: configured or not, connected or not, the token clock and the last
// error, read from integration_connections without ever showing a token or the realm.
import type { Database } from '@phone-billing/db';
import type { QboConfig } from '@phone-billing/integrations/qbo';
import { QBO_PROVIDER, type DbQboTokenStore } from './token-store';

/** What QBO Setup shows (spec 000 §3 "QBO status"); never tokens or the realm. */
export type QboSetupStatus = {
  authenticated: boolean;
  connected: boolean;
  simulated: boolean;
  environment: string | null;
  hasTokens: boolean;
  clientId: 'configured' | 'not configured';
  redirectUri: string | null;
  companyInfo: { companyName: string | null };
  tokenStatus: { expiresIn: number | null; expiresAt: string | null; refreshTokenExpiresAt: string | null };
  connectedAt: string | null;
  lastCheckedAt: string | null;
  lastError: string | null;
  /** The public origin QuickBooks sends the browser back to (APP_ORIGIN). */
  appOrigin: string | null;
  /** True when the redirect follows the browser's origin (simulated QuickBooks). */
  redirectFollowsBrowser: boolean;
};

/** Facts the connection knows itself rather than reads from the database. */
export type QboSetupFacts = Pick<QboSetupStatus, 'simulated' | 'redirectUri' | 'appOrigin' | 'redirectFollowsBrowser'>;

export async function readSetupStatus(
  db: Database,
  tokenStore: DbQboTokenStore,
  config: QboConfig | null,
  shown: QboSetupFacts,
): Promise<QboSetupStatus> {
  const row = await db.integrationConnection.findUnique({ where: { provider: QBO_PROVIDER } });
  const readable = row?.encryptedSecrets ? !(await tokenStore.unreadable()) : false;
  const now = Date.now();
  const refreshAlive = !row?.refreshTokenExpiresAt || row.refreshTokenExpiresAt.getTime() > now;
  const hasTokens = readable;
  const authenticated = Boolean(config) && hasTokens && refreshAlive;
  const lastError =
    !readable && row?.encryptedSecrets
      ? 'The stored QuickBooks tokens cannot be decrypted (was APP_SECRET changed?). Connect QuickBooks again.'
      : (row?.lastError ?? null);
  const expiresIn =
    hasTokens && row?.accessTokenExpiresAt
      ? Math.max(0, Math.floor((row.accessTokenExpiresAt.getTime() - now) / 1000))
      : null;
  return {
    authenticated,
    connected: authenticated && !lastError,
    simulated: shown.simulated,
    environment: config?.environment ?? null,
    hasTokens,
    clientId: config?.clientId ? 'configured' : 'not configured',
    redirectUri: shown.redirectUri,
    companyInfo: { companyName: hasTokens ? (row?.companyName ?? null) : null },
    tokenStatus: {
      expiresIn,
      expiresAt: hasTokens ? (row?.accessTokenExpiresAt?.toISOString() ?? null) : null,
      refreshTokenExpiresAt: hasTokens ? (row?.refreshTokenExpiresAt?.toISOString() ?? null) : null,
    },
    connectedAt: row?.connectedAt?.toISOString() ?? null,
    lastCheckedAt: row?.lastCheckedAt?.toISOString() ?? null,
    lastError,
    appOrigin: shown.appOrigin,
    redirectFollowsBrowser: shown.redirectFollowsBrowser,
  };
}
