import type { AppServices, AuthUser } from './services';

/** What a procedure may know about the request: no transport objects, only what it needs. */
export interface RequestContext {
  services: AppServices;
  auth: { user: AuthUser; sessionId: string | null; via: 'cookie' | 'token' } | null;
  /** `origin`: the scheme, host and port the browser used to reach us (e.g. http://127.0.0.1:3000). */
  request: { ip: string; userAgent: string | null; origin: string | null };
  cookies: {
    setSession(token: string, expiresAt: Date | null): void;
    clearSession(): void;
  };
  /** A procedure may set a non-default success status (201 on create) for REST answers. */
  response: { status?: number };
}

/**
 * Builds the context procedures see. The server's tRPC and REST plugins pass what they read from
 * the Fastify request and a cookie writer; tests calling procedures through `createCaller` pass a
 * user (or none) and get no-op cookies.
 */
export function createRequestContext(
  services: AppServices,
  options: {
    auth?: RequestContext['auth'];
    request?: Partial<RequestContext['request']>;
    cookies?: RequestContext['cookies'];
  } = {},
): RequestContext {
  return {
    services,
    auth: options.auth ?? null,
    request: {
      ip: options.request?.ip ?? '127.0.0.1',
      userAgent: options.request?.userAgent ?? null,
      origin: options.request?.origin ?? null,
    },
    cookies: options.cookies ?? { setSession() {}, clearSession() {} },
    response: {},
  };
}
