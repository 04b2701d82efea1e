import { createRequestContext as createContextFor, type AppServices, type RequestContext } from '@phone-billing/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, setSessionCookie } from './session';

/** The transport-free context procedures see, built from a Fastify request. */
export function createRequestContext(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): RequestContext {
  return createContextFor(services, {
    auth: request.auth,
    request: {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      origin: request.headers.host ? `${request.protocol}://${request.headers.host}` : null,
    },
    cookies: {
      setSession: (token, expiresAt) => setSessionCookie(request, reply, token, expiresAt),
      clearSession: () => clearSessionCookie(request, reply),
    },
  });
}
