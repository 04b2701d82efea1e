import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizePageHtml, errorPageHtml, type AuthorizeRequest } from './authorize-page';
import { basicCredentials, randomToken, type Answers, type SimulatorContext } from './context';

const accountingScope = 'com.intuit.quickbooks.accounting';
const authorizationCodeLifetimeMs = 10 * 60_000;
const refreshTokenLifetimeSeconds = 8_726_400;
const refreshTokenHardLifetimeSeconds = 5 * 365 * 86_400;

/** Intuit's OAuth 2.0 endpoints: the authorize page and its decision, token and revoke. */
export function createOauthRoutes(ctx: SimulatorContext, answers: Answers) {
  const { options, now, realmId, credentials, state, faults, persist, company } = ctx;
  const { send, sendJson, oauthError } = answers;

  type AuthorizeCheck = { ok: true; request: AuthorizeRequest } | { ok: false; title: string; detail: string };

  function checkAuthorizeRequest(params: URLSearchParams): AuthorizeCheck {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (clientId !== credentials.clientId)
      return { ok: false, title: 'invalid_client', detail: 'The client_id is not known to this QuickBooks simulator.' };
    let parsed: URL | null = null;
    try {
      parsed = new URL(redirectUri);
    } catch {
      parsed = null;
    }
    const registered = options.redirectUris ? options.redirectUris.includes(redirectUri) : true;
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !registered) {
      return {
        ok: false,
        title: 'invalid_request',
        detail: 'The redirect_uri is missing or not registered for this app.',
      };
    }
    return {
      ok: true,
      request: {
        clientId,
        redirectUri,
        responseType: params.get('response_type') ?? '',
        scope: params.get('scope') ?? '',
        state: params.get('state'),
      },
    };
  }

  /** Where the browser goes after the decision: a code, or an OAuth error, echoing state. */
  function decisionRedirect(request: AuthorizeRequest, approved: boolean): string {
    const target = new URL(request.redirectUri);
    const reply = (error: string) => {
      target.searchParams.set('error', error);
      if (request.state !== null) target.searchParams.set('state', request.state);
      return target.toString();
    };
    if (!approved) return reply('access_denied');
    if (request.responseType !== 'code') return reply('unsupported_response_type');
    if (!request.scope.split(/\s+/).includes(accountingScope)) return reply('invalid_scope');
    const code = randomToken('AB11', 48);
    state.authorizationCodes[code] = {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      realmId,
      issuedAt: now().getTime(),
      used: false,
    };
    persist();
    target.searchParams.set('code', code);
    if (request.state !== null) target.searchParams.set('state', request.state);
    target.searchParams.set('realmId', realmId);
    return target.toString();
  }

  function issueTokens(grantId: string, includeHardExpiry: boolean): Record<string, unknown> {
    const issuedAt = now().getTime();
    for (const [token, record] of Object.entries(state.accessTokens)) {
      if (record.expiresAt < issuedAt - 86_400_000) delete state.accessTokens[token];
    }
    const accessToken = randomToken('eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..', 96);
    const refreshToken = randomToken('AB11', 36);
    const lifetime = faults.accessTokenLifetimeSeconds;
    state.accessTokens[accessToken] = { grantId, expiresAt: issuedAt + lifetime * 1000 };
    state.refreshTokens[refreshToken] = {
      grantId,
      expiresAt: issuedAt + refreshTokenLifetimeSeconds * 1000,
      used: false,
    };
    persist();
    const grant = state.grants[grantId];
    const hardRemaining = grant
      ? Math.floor((grant.createdAt + refreshTokenHardLifetimeSeconds * 1000 - issuedAt) / 1000)
      : refreshTokenHardLifetimeSeconds;
    return {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: lifetime,
      refresh_token: refreshToken,
      x_refresh_token_expires_in: refreshTokenLifetimeSeconds,
      ...(includeHardExpiry ? { x_refresh_token_hard_expires_in: hardRemaining } : {}),
    };
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const client = basicCredentials(req.headers.authorization);
    if (!client || client.id !== credentials.clientId || client.secret !== credentials.clientSecret) {
      oauthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    const form = new URLSearchParams(body);
    const grantType = form.get('grant_type');
    const includeHardExpiry = req.headers['x-include-refresh-token-hard-expires-in'] === 'true';
    const timeNow = now().getTime();

    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const record = state.authorizationCodes[code];
      if (
        !record ||
        record.used ||
        record.clientId !== client.id ||
        timeNow - record.issuedAt > authorizationCodeLifetimeMs
      ) {
        oauthError(res, 400, 'invalid_grant', 'Token invalid');
        return;
      }
      if (form.get('redirect_uri') !== record.redirectUri) {
        oauthError(res, 400, 'invalid_grant', 'redirect_uri does not match the one used for authorization');
        return;
      }
      record.used = true;
      const grantId = randomToken('grant-', 9);
      state.grants[grantId] = { realmId: record.realmId, clientId: client.id, createdAt: timeNow, revoked: false };
      sendJson(res, 200, issueTokens(grantId, includeHardExpiry));
      return;
    }

    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const record = state.refreshTokens[refreshToken];
      const grant = record ? state.grants[record.grantId] : undefined;
      if (
        !record ||
        !grant ||
        record.used ||
        grant.revoked ||
        grant.clientId !== client.id ||
        record.expiresAt <= timeNow
      ) {
        oauthError(res, 400, 'invalid_grant', 'Token invalid');
        return;
      }
      // Rotation: the used refresh token is spent, only the new one works from now on.
      record.used = true;
      sendJson(res, 200, issueTokens(record.grantId, includeHardExpiry));
      return;
    }

    oauthError(res, 400, 'unsupported_grant_type', `grant_type ${grantType ?? '(missing)'} is not supported`);
  }

  function revokeEndpoint(req: IncomingMessage, res: ServerResponse, body: string): void {
    const client = basicCredentials(req.headers.authorization);
    if (!client || client.id !== credentials.clientId || client.secret !== credentials.clientSecret) {
      oauthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    let token = '';
    try {
      const parsed = JSON.parse(body) as { token?: unknown };
      token = typeof parsed.token === 'string' ? parsed.token : '';
    } catch {
      token = new URLSearchParams(body).get('token') ?? '';
    }
    if (!token) {
      oauthError(res, 400, 'invalid_request', 'token is required');
      return;
    }
    const grantId = state.refreshTokens[token]?.grantId ?? state.accessTokens[token]?.grantId;
    const grant = grantId ? state.grants[grantId] : undefined;
    if (grant) {
      grant.revoked = true;
      persist();
    }
    send(res, 200, '');
  }

  /** Answers the OAuth paths; false when the path is not one of them. */
  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    path: string,
    method: string,
    body: string,
  ): Promise<boolean> {
    if (path === '/connect/oauth2' && method === 'GET') {
      const check = checkAuthorizeRequest(url.searchParams);
      if (!check.ok) send(res, 400, errorPageHtml(check.title, check.detail), 'text/html; charset=utf-8');
      // A relative action: the page at <root>/connect/oauth2 posts back to <root>/connect/oauth2.
      else
        send(
          res,
          200,
          authorizePageHtml(check.request, company().companyInfo.CompanyName, 'oauth2'),
          'text/html; charset=utf-8',
        );
      return true;
    }
    if (path === '/connect/oauth2' && method === 'POST') {
      const form = new URLSearchParams(body);
      const check = checkAuthorizeRequest(form);
      if (!check.ok) {
        send(res, 400, errorPageHtml(check.title, check.detail), 'text/html; charset=utf-8');
        return true;
      }
      res.writeHead(302, { Location: decisionRedirect(check.request, form.get('decision') === 'approve') });
      res.end();
      return true;
    }
    if (path === '/oauth2/v1/tokens/bearer' && method === 'POST') {
      await tokenEndpoint(req, res, body);
      return true;
    }
    if ((path === '/oauth2/v1/tokens/revoke' || path === '/v2/oauth2/tokens/revoke') && method === 'POST') {
      revokeEndpoint(req, res, body);
      return true;
    }
    return false;
  }

  return { checkAuthorizeRequest, decisionRedirect, route };
}
