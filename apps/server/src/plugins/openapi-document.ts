import { appRouter } from '@phone-billing/api';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { RestOperation } from './rest-operations';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
type Operation = { description?: string };

/** /api/v1/openapi.json: what every operation takes and answers. */
export function buildOpenApiDocument(operations: RestOperation[], appOrigin: string): OpenApiDocument {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Phone Billing API',
    version: '1.0.0',
    baseUrl: `${appOrigin}/api/v1`,
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'pb_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    },
  });
  for (const operation of operations) {
    const entry = (document.paths?.[operation.path] as Record<string, Operation> | undefined)?.[operation.method.toLowerCase()];
    const access = operation.meta.access;
    if (!entry || !access) continue;
    const permission = access === 'public' ? 'public' : access === 'signed-in' ? 'any signed-in user' : access.anyOf.join(' or ');
    entry.description = [entry.description, `Permission: ${permission}`].filter(Boolean).join('\n\n');
  }
  return document;
}
