import type { Database } from '@phone-billing/db';
import {
  QboClient,
  QboOAuth,
  searchCustomers,
  type QboClientOptions,
  type QboCompanyInfo,
  type QboConfig,
  type QboCustomer,
} from '@phone-billing/integrations/qbo';
import { recordAudit } from '../auth/audit';
import type { Logger } from '../services';
import { AppError } from '../errors';
import type { QboService, QboStatus } from '../integrations';
import { notify } from '../notifications';
import { isConnectionFailure, qboErrorMessage, toQboAppError } from './connection-errors';
import { consumeOAuthState, issueOAuthState } from './oauth-states';
import { QBO_PROVIDER, createDbQboTokenStore, type DbQboTokenStore } from './token-store';

export type QboConnectionOptions = {
  db: Database;
  appSecret: string;
  /** True when talking to our QuickBooks simulator (mounted or at QBO_SIMULATOR_URL). */
  simulated: boolean;
  /**
   * Builds the configuration on first use (the app's origin is only known after it listens);
   * null when no QuickBooks app is configured.
   */
  resolveConfig: () => QboConfig | null;
  /** The public origin (APP_ORIGIN), known once the server listens: QuickBooks sends the browser back to it. */
  appOrigin?: () => string;
  /**
   * Turns the authorize URL into the one the browser should open; `browserOrigin` is where the
   * browser reached us (null when unknown).
   */
  browserAuthorizeUrl?: (url: string, browserOrigin: string | null) => string;
  /**
   * With our simulator and no QBO_REDIRECT_URI, QuickBooks sends the browser back to whatever
   * origin it used (127.0.0.1, a LAN name...), where its session cookie lives. The real service
   * only accepts the registered redirect URI, so this stays off with real credentials.
   */
  redirectFollowsBrowser?: boolean;
  /**
   * Where a browser opens one invoice in QuickBooks, up to its id: the simulator's invoice page,
   * or by default the QuickBooks Online app of the configured environment.
   */
  invoicePageBase?: (browserOrigin: string | null) => string;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Passed to the client: the shared request limiter, and test hooks (sleep, now, maxAttempts, throttle window). */
  clientOptions?: Pick<
    QboClientOptions,
    'sleep' | 'now' | 'maxAttempts' | 'limiter' | 'throttleWindowMs' | 'throttlePatienceMs'
  >;
};

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

/** QuickBooks Online's own invoice page, by environment, up to the invoice id. */
const QBO_APP_INVOICE_PAGE = {
  production: 'https://app.qbo.intuit.com/app/invoice?txnId=',
  sandbox: 'https://app.sandbox.qbo.intuit.com/app/invoice?txnId=',
} as const;

export type QboCallbackInput = {
  code?: string | undefined;
  state?: string | undefined;
  realmId?: string | undefined;
  error?: string | undefined;
};

const NOT_CONFIGURED = 'QuickBooks is not configured: set QBO_CLIENT_ID and QBO_CLIENT_SECRET.';

export { qboErrorMessage, toQboAppError } from './connection-errors';

/**
 * The app's one QuickBooks connection: configuration, the encrypted token store, the OAuth round
 * trip with server-issued state, and the calls QBO Setup and Company Info make. Records the last
 * connection failure on integration_connections and rings the bell when the connection breaks.
 */
export class QboConnection implements QboService {
  readonly simulated: boolean;
  readonly tokenStore: DbQboTokenStore;
  private readonly db: Database;
  private readonly options: QboConnectionOptions;
  private resolved: { config: QboConfig | null } | null = null;
  private cachedClient: QboClient | null = null;
  private cachedInteractiveClient: QboClient | null = null;

  constructor(options: QboConnectionOptions) {
    this.options = options;
    this.db = options.db;
    this.simulated = options.simulated;
    this.tokenStore = createDbQboTokenStore(options.db, options.appSecret, {
      onRefreshFailure: async (error) => {
        if (isConnectionFailure(error)) await this.recordFailure(error);
      },
    });
  }

  config(): QboConfig | null {
    this.resolved ??= { config: this.options.resolveConfig() };
    return this.resolved.config;
  }

  private requireConfig(): QboConfig {
    const config = this.config();
    if (!config) throw new AppError('BAD_REQUEST', NOT_CONFIGURED);
    return config;
  }

  /** The client for the configured app (whether or not a company is connected). */
  client(): QboClient {
    this.cachedClient ??= new QboClient({
      config: this.requireConfig(),
      tokenStore: this.tokenStore,
      ...this.options.clientOptions,
    });
    return this.cachedClient;
  }

  /**
   * The client for calls a person waits on (a screen, a form): throttling is reported at once
   * (429, "try again in a minute") instead of being waited out for a minute or more.
   */
  private interactiveClient(): QboClient {
    this.cachedInteractiveClient ??= new QboClient({
      config: this.requireConfig(),
      tokenStore: this.tokenStore,
      ...this.options.clientOptions,
      throttlePatienceMs: 0,
    });
    return this.cachedInteractiveClient;
  }

  async getClient(): Promise<QboClient | null> {
    if (!this.config()) return null;
    const tokens = await this.tokenStore.load();
    return tokens ? this.client() : null;
  }

  async status(): Promise<QboStatus> {
    const details = await this.setupStatus();
    return {
      connected: details.connected,
      environment: details.environment,
      companyName: details.companyInfo.companyName,
      expiresInSeconds: details.tokenStatus.expiresIn,
      lastError: details.lastError,
    };
  }

  async setupStatus(browserOrigin: string | null = null): Promise<QboSetupStatus> {
    const config = this.config();
    const row = await this.db.integrationConnection.findUnique({ where: { provider: QBO_PROVIDER } });
    const readable = row?.encryptedSecrets ? !(await this.tokenStore.unreadable()) : false;
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
      simulated: this.simulated,
      environment: config?.environment ?? null,
      hasTokens,
      clientId: config?.clientId ? 'configured' : 'not configured',
      redirectUri: config ? this.redirectUriFor(config, browserOrigin) : null,
      companyInfo: { companyName: hasTokens ? (row?.companyName ?? null) : null },
      tokenStatus: {
        expiresIn,
        expiresAt: hasTokens ? (row?.accessTokenExpiresAt?.toISOString() ?? null) : null,
        refreshTokenExpiresAt: hasTokens ? (row?.refreshTokenExpiresAt?.toISOString() ?? null) : null,
      },
      connectedAt: row?.connectedAt?.toISOString() ?? null,
      lastCheckedAt: row?.lastCheckedAt?.toISOString() ?? null,
      lastError,
      appOrigin: this.options.appOrigin?.() ?? null,
      redirectFollowsBrowser: Boolean(this.options.redirectFollowsBrowser),
    };
  }

  /** The redirect URI of an authorization started from `browserOrigin` (see redirectFollowsBrowser). */
  private redirectUriFor(config: QboConfig, browserOrigin: string | null): string {
    return this.options.redirectFollowsBrowser && browserOrigin
      ? `${browserOrigin.replace(/\/+$/, '')}/qbo-callback`
      : config.redirectUri;
  }

  /** Where the browser opens invoices in QuickBooks, up to the invoice id; null when not configured. */
  invoicePageBase(browserOrigin: string | null): string | null {
    const config = this.config();
    if (!config) return null;
    return this.options.invoicePageBase
      ? this.options.invoicePageBase(browserOrigin)
      : QBO_APP_INVOICE_PAGE[config.environment];
  }

  /**
   * Where to send the browser to authorize (also to re-authorize a connected company); the state
   * is signed here for `binding` (oauthStateBinding: the session) and checked at the callback.
   */
  async authorizationUrl(binding: string, browserOrigin: string | null = null): Promise<string> {
    const config = this.requireConfig();
    const state = issueOAuthState(this.options.appSecret, QBO_PROVIDER, binding);
    const url = new QboOAuth({ ...config, redirectUri: this.redirectUriFor(config, browserOrigin) }).authorizeUrl(
      state,
    );
    return this.options.browserAuthorizeUrl ? this.options.browserAuthorizeUrl(url, browserOrigin) : url;
  }

  /**
   * The redirect came back: refuse a state we did not sign for this session (or that was used or
   * is older than ten minutes), exchange the code, keep the tokens encrypted, learn the company's name.
   */
  async completeAuthorization(
    input: QboCallbackInput,
    actor: { id: string; email: string } | null,
    binding: string,
    browserOrigin: string | null = null,
  ): Promise<{ companyName: string | null }> {
    const config = this.requireConfig();
    if (
      !input.state ||
      !(await consumeOAuthState(this.db, this.options.appSecret, QBO_PROVIDER, input.state, binding))
    ) {
      await recordAudit(this.db, {
        actor,
        action: 'qbo.callback-refused',
        details: { reason: 'unknown, used or expired state' },
      });
      throw new AppError(
        'BAD_REQUEST',
        'Invalid or expired authorization state. Start the authorization again from QBO Setup.',
      );
    }
    if (input.error) {
      await recordAudit(this.db, { actor, action: 'qbo.consent-denied', details: { error: input.error } });
      throw new AppError(
        'BAD_REQUEST',
        input.error === 'access_denied'
          ? 'Access was denied on the QuickBooks consent page, so QuickBooks is not connected. Start the authorization again and choose Approve to connect.'
          : `QuickBooks authorization failed: ${input.error}`,
      );
    }
    if (!input.code) throw new AppError('BAD_REQUEST', 'Authorization code not received. Please try again.');
    if (!input.realmId)
      throw new AppError('BAD_REQUEST', 'QuickBooks did not say which company (realmId) was connected.');

    const query = new URLSearchParams({ code: input.code, state: input.state, realmId: input.realmId }).toString();
    try {
      // The code is exchanged with the redirect URI the authorization used (QuickBooks checks it).
      const redirectUri = this.redirectUriFor(config, browserOrigin);
      const client =
        redirectUri === config.redirectUri
          ? this.client()
          : new QboClient({
              config: { ...config, redirectUri },
              tokenStore: this.tokenStore,
              ...this.options.clientOptions,
            });
      await client.connect(query);
    } catch (error) {
      await recordAudit(this.db, { actor, action: 'qbo.connect-failed', details: { error: qboErrorMessage(error) } });
      throw toQboAppError(error);
    }
    const connectedAt = new Date();
    await this.db.integrationConnection.update({
      where: { provider: QBO_PROVIDER },
      data: { environment: config.environment, connectedAt, lastError: null, companyName: null },
    });
    let companyName: string | null = null;
    try {
      companyName = (await this.companyInfo()).CompanyName ?? null;
    } catch (error) {
      this.options.logger?.warn(
        { error: qboErrorMessage(error) },
        'QuickBooks connected, but company info could not be read',
      );
    }
    await recordAudit(this.db, {
      actor,
      action: 'qbo.connected',
      target: companyName,
      details: { environment: config.environment, simulated: this.simulated },
    });
    return { companyName };
  }

  /** Reads the company; remembers its name and that the connection works. */
  async companyInfo(): Promise<QboCompanyInfo> {
    this.requireConfig();
    const info = await this.track(() => this.interactiveClient().getCompanyInfo());
    await this.db.integrationConnection
      .update({
        where: { provider: QBO_PROVIDER },
        data: { companyName: info.CompanyName ?? null, lastCheckedAt: new Date(), lastError: null },
      })
      .catch(() => undefined);
    return info;
  }

  async testConnection(actor: { id: string; email: string } | null): Promise<{ companyName: string | null }> {
    const info = await this.companyInfo();
    await recordAudit(this.db, { actor, action: 'qbo.test-connection', target: info.CompanyName ?? null });
    return { companyName: info.CompanyName ?? null };
  }

  /** Spends the refresh token now (QBO Setup's Refresh Token); the newest tokens are kept. */
  async refreshTokens(actor: { id: string; email: string } | null): Promise<{ expiresAt: Date }> {
    this.requireConfig();
    const tokens = await this.track(() => this.client().refreshTokens());
    await recordAudit(this.db, { actor, action: 'qbo.token-refreshed' });
    return { expiresAt: tokens.accessTokenExpiresAt };
  }

  /**
   * Disconnect: revokes the grant at QuickBooks (which disconnects the app from the company) and
   * forgets the tokens here. The tokens go even when QuickBooks cannot be reached, since a
   * disconnect is what the person asked for; the answer and the audit entry say whether the
   * revoke reached QuickBooks.
   */
  async disconnect(
    actor: { id: string; email: string } | null,
  ): Promise<{ revokedAtQuickBooks: boolean; companyName: string | null }> {
    const config = this.requireConfig();
    const row = await this.db.integrationConnection.findUnique({
      where: { provider: QBO_PROVIDER },
      select: { companyName: true },
    });
    const tokens = await this.tokenStore.load();
    if (!tokens) throw new AppError('CONFLICT', 'QuickBooks is not connected: there is nothing to disconnect.');
    let revokeError: string | null = null;
    try {
      await new QboOAuth(config).revoke(tokens);
    } catch (error) {
      revokeError = qboErrorMessage(error);
    }
    await this.tokenStore.clear();
    await this.db.integrationConnection.update({
      where: { provider: QBO_PROVIDER },
      data: { connectedAt: null, companyName: null, lastError: null, lastCheckedAt: new Date() },
    });
    const companyName = row?.companyName ?? null;
    await recordAudit(this.db, {
      actor,
      action: 'qbo.disconnected',
      target: companyName,
      details: { revokedAtQuickBooks: revokeError === null, ...(revokeError ? { revokeError } : {}) },
    });
    return { revokedAtQuickBooks: revokeError === null, companyName };
  }

  async findCustomerByDisplayName(displayName: string): Promise<QboCustomer | null> {
    this.requireConfig();
    return this.track(() => this.interactiveClient().findCustomerByDisplayName(displayName));
  }

  /** Type-ahead: customers with `term` in their display name, company name or e-mail (customer-search.ts). */
  async searchCustomers(term: string): Promise<QboCustomer[]> {
    this.requireConfig();
    return this.track(() => searchCustomers((statement) => this.client().query<QboCustomer>(statement), term));
  }

  /** Runs a QuickBooks call, recording a broken connection; rethrows as an AppError. */
  private async track<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isConnectionFailure(error)) await this.recordFailure(error);
      throw toQboAppError(error);
    }
  }

  /** Stores the failure as lastError and rings the bell when the connection was fine until now. */
  async recordFailure(error: unknown): Promise<void> {
    const message = qboErrorMessage(error);
    const before = await this.db.integrationConnection.findUnique({
      where: { provider: QBO_PROVIDER },
      select: { lastError: true },
    });
    if (!before) return;
    await this.db.integrationConnection.update({
      where: { provider: QBO_PROVIDER },
      data: { lastError: message, lastCheckedAt: new Date() },
    });
    this.options.logger?.warn({ error: message }, 'QuickBooks connection failed');
    if (!before.lastError)
      await notify(this.db, {
        kind: 'integration',
        message: `QuickBooks connection failed: ${message}`,
        link: '/qbo-setup',
      });
  }
}
