import OAuthClient from 'intuit-oauth';
import type { QboConfig } from './config';
import { QboAuthError } from './errors';
import type { QboTokenSet } from './token-store';

// intuit-oauth keeps its endpoint URLs in static (process-wide) fields. Remember Intuit's own
// before anything changes them, so a client for the real service can put them back.
const intuitEndpoints = {
  authorizeEndpoint: OAuthClient.authorizeEndpoint,
  tokenEndpoint: OAuthClient.tokenEndpoint,
  revokeEndpoint: OAuthClient.revokeEndpoint,
  userInfo: { sandbox: OAuthClient.userinfo_endpoint_sandbox, production: OAuthClient.userinfo_endpoint_production },
};

function endpointsFor(config: QboConfig) {
  if (config.simulatorBaseUrl) {
    const base = config.simulatorBaseUrl.replace(/\/+$/, '');
    return {
      authorizeEndpoint: `${base}/connect/oauth2`,
      tokenEndpoint: `${base}/oauth2/v1/tokens/bearer`,
      revokeEndpoint: `${base}/oauth2/v1/tokens/revoke`,
      userInfoEndpoint: `${base}/v1/openid_connect/userinfo`,
    };
  }
  return {
    authorizeEndpoint: intuitEndpoints.authorizeEndpoint,
    tokenEndpoint: intuitEndpoints.tokenEndpoint,
    revokeEndpoint: intuitEndpoints.revokeEndpoint,
    userInfoEndpoint: intuitEndpoints.userInfo[config.environment],
  };
}

type TokenResponse = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  x_refresh_token_expires_in?: unknown;
};

/** What intuit-oauth throws from its token calls (see its createError). */
type IntuitTokenCallError = Error & {
  error?: string;
  error_description?: string;
  authResponse?: { response?: { status?: number } } | string;
};

const explanations: Record<string, string> = {
  invalid_grant:
    'QuickBooks refused the authorization code or refresh token (used, expired or revoked). Connect QuickBooks again from QBO Setup.',
  invalid_client: 'QuickBooks did not accept the client id and secret (QBO_CLIENT_ID / QBO_CLIENT_SECRET).',
  unauthorized_client: 'This QuickBooks app is not allowed to use this grant.',
  invalid_request: 'QuickBooks found the token request malformed.',
  unsupported_grant_type: 'QuickBooks does not support this grant type.',
};

function toAuthError(error: unknown): QboAuthError {
  const failure = error as IntuitTokenCallError;
  const status = typeof failure.authResponse === 'object' ? failure.authResponse.response?.status : undefined;
  const code = typeof failure.error === 'string' && /^[a-z_]+$/.test(failure.error) ? failure.error : undefined;
  if (code) {
    const description = failure.error_description ?? '';
    const explanation = explanations[code] ?? `QuickBooks token request failed: ${code}`;
    return new QboAuthError(code, description ? `${explanation} (${description})` : explanation, {
      status,
      description,
    });
  }
  const reason = failure instanceof Error ? failure.message : String(error);
  return new QboAuthError('token_endpoint_failed', `The QuickBooks token endpoint could not be used: ${reason}`, {
    status,
  });
}

/** The OAuth 2.0 side of QuickBooks (authorize, code exchange, refresh, revoke) via intuit-oauth. */
export class QboOAuth {
  private readonly now: () => Date;

  constructor(
    private readonly config: QboConfig,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * A fresh intuit-oauth client per call: its token state is per instance and we keep ours in
   * the token store. Its endpoints are static, so they are set right before each use; the
   * library reads them synchronously when a call starts, so clients for different hosts in one
   * process do not mix.
   */
  private intuitClient(): OAuthClient {
    const client = new OAuthClient({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      environment: this.config.environment,
      redirectUri: this.config.redirectUri,
      logging: false,
    });
    client.setAuthorizeURLs(endpointsFor(this.config));
    return client;
  }

  private toTokenSet(json: TokenResponse | null | undefined, realmId: string, previous?: QboTokenSet): QboTokenSet {
    if (!json || typeof json.access_token !== 'string') {
      throw new QboAuthError('invalid_token_response', 'QuickBooks answered the token request without an access token');
    }
    const issuedAt = this.now().getTime();
    const expiresIn = typeof json.expires_in === 'number' ? json.expires_in : 3600;
    const refreshExpiresIn =
      typeof json.x_refresh_token_expires_in === 'number' ? json.x_refresh_token_expires_in : null;
    const refreshToken =
      typeof json.refresh_token === 'string' && json.refresh_token ? json.refresh_token : previous?.refreshToken;
    if (!refreshToken)
      throw new QboAuthError('invalid_token_response', 'QuickBooks answered the token request without a refresh token');
    return {
      accessToken: json.access_token,
      refreshToken,
      realmId,
      accessTokenExpiresAt: new Date(issuedAt + expiresIn * 1000),
      refreshTokenExpiresAt:
        refreshExpiresIn === null
          ? (previous?.refreshTokenExpiresAt ?? null)
          : new Date(issuedAt + refreshExpiresIn * 1000),
    };
  }

  /** The URL of Intuit's consent page for the Accounting scope, carrying `state` back to us. */
  authorizeUrl(state: string): string {
    return this.intuitClient().authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
  }

  /**
   * Exchanges the code from the redirect (the full callback URL or its query string) for tokens.
   * Throws QboAuthError `access_denied` when the user declined, `missing_code` without a code,
   * `invalid_grant` for a used or expired code.
   */
  async exchangeCode(callbackUrlOrQuery: string): Promise<QboTokenSet> {
    const queryStart = callbackUrlOrQuery.indexOf('?');
    const query = queryStart >= 0 ? callbackUrlOrQuery.slice(queryStart + 1) : callbackUrlOrQuery;
    const params = new URLSearchParams(query);
    const error = params.get('error');
    if (error) {
      const message =
        error === 'access_denied'
          ? 'The QuickBooks connection was declined on the consent page.'
          : `QuickBooks authorization failed: ${error}`;
      throw new QboAuthError(error, message, { description: params.get('error_description') ?? '' });
    }
    if (!params.get('code'))
      throw new QboAuthError('missing_code', 'Authorization code not received. Please try again.');
    const realmId = params.get('realmId');
    if (!realmId)
      throw new QboAuthError('missing_realm', 'QuickBooks did not say which company (realmId) was connected.');
    try {
      const response = await this.intuitClient().createToken(query);
      return this.toTokenSet(response.json as TokenResponse, realmId);
    } catch (caught) {
      throw caught instanceof QboAuthError ? caught : toAuthError(caught);
    }
  }

  /** Spends the refresh token for new tokens; QuickBooks may rotate the refresh token. */
  async refresh(tokens: QboTokenSet): Promise<QboTokenSet> {
    try {
      const response = await this.intuitClient().refreshUsingToken(tokens.refreshToken);
      return this.toTokenSet(response.json as TokenResponse, tokens.realmId, tokens);
    } catch (caught) {
      throw caught instanceof QboAuthError ? caught : toAuthError(caught);
    }
  }

  /** Revokes the grant (QuickBooks disconnects the app from the company). */
  async revoke(tokens: QboTokenSet): Promise<void> {
    try {
      await this.intuitClient().revoke({ refresh_token: tokens.refreshToken });
    } catch (caught) {
      throw toAuthError(caught);
    }
  }
}
