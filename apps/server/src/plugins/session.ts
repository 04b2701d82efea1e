import type { AppServices, AuthUser } from '@phone-billing/api';
import { readSettingsForRequest, resolveApiToken, SESSION_COOKIE, validateSessionToken } from '@phone-billing/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: AuthUser; sessionId: string | null; via: 'cookie' | 'token' } | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date | null) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/**
 * Works out who is calling /trpc and /api/v1: an API token (`Authorization: Bearer`) or the session
 * cookie. A cookie-authenticated write must come from our own origin (or APP_ORIGIN): SameSite=Lax
 * already blocks most cross-site posts, this closes the rest. A cookie-authenticated GET that
 * arrives from another site is refused too (DESIGN.md §6: GETs never change state cross-site).
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { services: AppServices; allowedOrigins: string[] }) => {
    const { db, requestCache } = options.services;
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      const authorization = request.headers.authorization;
      if (authorization?.startsWith('Bearer ')) {
        const user = await resolveApiToken(db, authorization.slice('Bearer '.length).trim(), new Date(), requestCache);
        if (!user) return sendError(reply, 401, 'Invalid or revoked API token');
        request.auth = { user, sessionId: null, via: 'token' };
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const settings = await readSettingsForRequest(db, requestCache);
      const session = await validateSessionToken(db, token, {
        signOutIdleSessions: settings.signOutIdleSessions,
        cache: requestCache,
      });
      if (!session) {
        clearSessionCookie(request, reply);
        return;
      }
      if (session.renewedCookieExpiresAt !== undefined)
        setSessionCookie(request, reply, token, session.renewedCookieExpiresAt);
      request.auth = { user: session.user, sessionId: session.sessionId, via: 'cookie' };
      if (!SAFE_METHODS.has(request.method) && !originAllowed(request, options.allowedOrigins)) {
        return sendError(reply, 403, 'Cross-origin request refused: the Origin header must match this site');
      }
      // SameSite=Lax still sends the cookie with a top-level GET from another site (a link, a
      // redirect): such a request may read nothing and change nothing with the user's session.
      if (SAFE_METHODS.has(request.method) && arrivesCrossSite(request, options.allowedOrigins)) {
        return sendError(reply, 403, 'Cross-site request refused: open the app itself, or use an API token');
      }
    });

    // A change this request made (a token revoked, a role changed, a sign-out) is announced to
    // every process by the database, but asynchronously: this process drops its copies before the
    // answer leaves, so the caller's next request never meets the old ones.
    app.addHook('onSend', (request, _reply, payload, done) => {
      // QuickBooks webhook deliveries change no identity or setting: they leave the cache alone.
      if (
        requestCache &&
        !SAFE_METHODS.has(request.method) &&
        isApiPath(request.url) &&
        !request.url.startsWith('/api/v1/webhooks/')
      )
        requestCache.clear();
      done(null, payload);
    });
  },
);

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/v1' || url.startsWith('/trpc/') || url.startsWith('/trpc?');
}

/** A browser says so (Sec-Fetch-Site: cross-site), or it names another site's Origin. */
function arrivesCrossSite(request: FastifyRequest, allowedOrigins: string[]): boolean {
  if (request.headers.origin !== undefined) return !originAllowed(request, allowedOrigins);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

function originAllowed(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const ownOrigin = `${request.protocol}://${request.headers.host ?? request.hostname}`;
  return origin === ownOrigin || allowedOrigins.includes(origin);
}

function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json').send({ success: false, error: message, message });
}
