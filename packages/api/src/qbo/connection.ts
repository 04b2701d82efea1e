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
import { AppError } from '../errors';
import type { QboService, QboStatus } from '../integrations';
import { isConnectionFailure, qboErrorMessage, toQboAppError } from './connection-errors';
import { acceptCallback, type QboCallbackInput } from './authorization-callback';
import { recordConnectionFailure } from './connection-health';
import type { QboConnectionOptions } from './connection-options';
import { issueOAuthState } from './oauth-states';
import { readSetupStatus, type QboSetupStatus } from './setup-status';
import { QBO_PROVIDER, createDbQboTokenStore, type DbQboTokenStore } from './token-store';

/** QuickBooks Online's own invoice page, by environment, up to the invoice id. */
const QBO_APP_INVOICE_PAGE = {
  production: 'https://app.qbo.intuit.com/app/invoice?txnId=',
  sandbox: 'https://app.sandbox.qbo.intuit.com/app/invoice?txnId=',
} as const;

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
    this.cachedClient ??= this.newClient(this.requireConfig());
    return this.cachedClient;
  }

  private newClient(config: QboConfig, overrides: Pick<QboClientOptions, 'throttlePatienceMs'> = {}): QboClient {
    return new QboClient({ config, tokenStore: this.tokenStore, ...this.options.clientOptions, ...overrides });
  }

  /**
   * The client for calls a person waits on (a screen, a form): throttling is reported at once
   * (429, "try again in a minute") instead of being waited out for a minute or more.
   */
  private interactiveClient(): QboClient {
    this.cachedInteractiveClient ??= this.newClient(this.requireConfig(), { throttlePatienceMs: 0 });
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
    return readSetupStatus(this.db, this.tokenStore, config, {
      simulated: this.simulated,
      redirectUri: config ? this.redirectUriFor(config, browserOrigin) : null,
      appOrigin: this.options.appOrigin?.() ?? null,
      redirectFollowsBrowser: Boolean(this.options.redirectFollowsBrowser),
    });
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
    const query = await acceptCallback(this.db, this.options.appSecret, input, actor, binding);
    try {
      // The code is exchanged with the redirect URI the authorization used (QuickBooks checks it).
      const redirectUri = this.redirectUriFor(config, browserOrigin);
      const client = redirectUri === config.redirectUri ? this.client() : this.newClient({ ...config, redirectUri });
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
    await recordConnectionFailure(this.db, error, this.options.logger);
  }
}
