import {
  appRouter,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  SIGN_IN_LIMITS,
  takesIdempotencyKey,
  TEXT_LIMITS,
} from '@phone-billing/api';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { RATE_LIMITS } from './rate-limits';
import { takesBody, type RestOperation } from './rest-operations';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
type JsonObject = Record<string, unknown>;
type OperationObject = {
  description?: string;
  security?: unknown;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

const TAGS: Record<string, string> = {
  auth: 'Signing in, your own profile, password and API tokens; users and their roles (spec 001 §7)',
  'access-control': 'Permissions, roles and the audit log',
  dashboard: 'Totals, recent billing jobs, system status and the header bell',
  qbo: 'The QuickBooks Online connection',
  genesys: 'Genesys Cloud: connection, users, queues, call records and analytics',
  billing: 'Billing jobs: run, follow, retry, cancel',
  'month-end': "The clerk's month-end: one month's billing per customer and billing what is missing",
  invoices: 'Invoices after sending: status, balance, due date, payments and e-mail, as QuickBooks reports them',
  'customer-profiles': 'Customer profiles: queues, rates, minimums and billing schedules',
  regions: 'Regions, teams and the assignment of Genesys queues to teams',
  settings: 'Organisation settings, the kill switch included',
  system: 'Facts about this installation',
};

/** What each error status means, for operations that do not say more. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input: a field has the wrong type or breaks a rule or a limit (`errors` names the fields), the body is not a JSON object or not valid UTF-8, or the request itself is malformed (a URL escape that is not UTF-8, a missing Host header, a malformed Idempotency-Key)',
  401: 'Not signed in (no session cookie or API token), or an invalid or revoked API token',
  403: 'Signed in without the permission this operation needs, or a cookie request from another site (a write without our Origin, a cross-site GET)',
  404: 'No such record',
  409: 'Conflicts with the current state, or a request with the same Idempotency-Key is still running',
  422: 'This Idempotency-Key was already used by you for a different request in the last 24 hours',
  413: 'The body is larger than 1 MiB',
  415: 'The body is not JSON in UTF-8: send Content-Type: application/json (with no charset, or charset=utf-8)',
  429: 'Too many requests from this client address; Retry-After says how many seconds to wait',
  431: 'The headers or the URL are larger than 16 KB',
  500: 'An unexpected server error (logged); never the answer to bad input',
  502: 'An outside service (Genesys Cloud or QuickBooks Online) failed; the message says how',
};

const DESCRIPTION = `REST access to Phone Billing for scripts: the same operations as the web app.

**Authentication.** The session cookie from \`POST /auth/sign-in\`, or \`Authorization: Bearer <API token>\` (create one under Settings, or with \`POST /auth/tokens\`). A cookie-authenticated write must carry this site's \`Origin\`; a cookie-authenticated request arriving from another site is refused. Operations without \`security\` are public.

**Answers.** Success: the status documented for the operation and \`{"success": true, ...}\`. Failure: its status and \`{"success": false, "error", "message", "errors"?}\` (the \`ErrorResponse\` schema) — every failure, including unknown paths (404), wrong methods (405, with \`Allow\`), bodies over 1 MiB (413), bodies that are not JSON (415) and headers or URLs over 16 KB (431).

**Input.** JSON bodies are taken as typed: a boolean is \`true\` or \`false\`, a number is a number (rates also take numeric text); \`"false"\` is refused, never read as true. Query strings: \`true\`/\`false\` and digits are read by each parameter's type. Text is refused when it holds control characters (notes and descriptions may hold line breaks and tabs) or unpaired UTF-16 surrogates; names and keys also refuse invisible formatting characters. Lengths and counts are capped (names ${TEXT_LIMITS.name} characters, notes ${TEXT_LIMITS.note}, ${TEXT_LIMITS.queueNamesPerProfile} queue names per profile, ${TEXT_LIMITS.selectedQueues} selected queues per billing run); each schema shows its limits. Searches match \`%\` and \`_\` literally.

**CSV.** \`GET /billing/jobs/{id}/calls.csv?profileId=<profile id>\` (billing:view) answers \`text/csv\`: one row per call billed on that customer's invoice in the job (Conversation ID, Start Time in the company timezone, Duration (seconds), Billed Seconds, Queue, Period, Line; when a period has a rate plan, also Media Type, Direction, Charges (the charges that price the interaction, or \`not in plan\`) and a column per charge: its billed seconds or its count); its errors are the JSON envelope. \`GET /invoices.csv\` (billing:view, the filters of \`GET /invoices\`) answers the filtered invoices as \`text/csv\`.

**QuickBooks webhooks.** \`POST /webhooks/quickbooks\` (public) takes Intuit's deliveries, classic or CloudEvents: \`intuit-signature\` must be base64(HMAC-SHA256(verifier token, raw body)), else 401 and nothing is stored; bodies over 1 MiB: 413; a signed delivery is answered 200 at once and worked from a queue.

**Limits.** Per client address and minute: ${Object.entries(RATE_LIMITS)
  .map(([procedure, limit]) => `${procedure} ${limit.perMinute}`)
  .join(
    ', ',
  )}; each call of a tRPC batch counts as a request. Only a wrong password counts as a failed sign-in, once in each of three limits over the last ${SIGN_IN_LIMITS.windowMs / 60_000} minutes: ${SIGN_IN_LIMITS.perAccountFromAddress} failures at an e-mail from one client address refuse it there; ${SIGN_IN_LIMITS.perAccount} failures at an e-mail from at least ${SIGN_IN_LIMITS.accountLockAddresses} addresses refuse it everywhere; ${SIGN_IN_LIMITS.perAddress} failures from a client address refuse it. An attempt a limit refuses is not counted, and a successful sign-in forgets the failures at that e-mail.

**Idempotency.** The POSTs that create (those listing a \`${IDEMPOTENCY_KEY_HEADER}\` header parameter) take \`${IDEMPOTENCY_KEY_HEADER}: <1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters>\`, e.g. a UUID per intended action. The same key from the same user within 24 hours answers the first answer again (same status and body, with \`Idempotent-Replayed: true\`) and creates nothing; the same key with a different body or path is a 422; a twin still running after 15 seconds is a 409. Failed answers are not kept: a retry with the key runs again. Without a key, every request creates.`;

/**
 * /api/v1/openapi.json, told truthfully: the envelope as every error's schema, every status each
 * operation can answer (declared in its meta where the domain decides: `errorResponses`,
 * `successStatus`; derived here where the transport decides), public operations without
 * security, the schemas' limits and patterns, and a tag list. A test lints it with Spectral's
 * `spectral:oas` ruleset, and the fuzz suite checks answers against it.
 */
export function buildOpenApiDocument(operations: RestOperation[], appOrigin: string): OpenApiDocument {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Phone Billing API',
    version: '1.0.0',
    description: DESCRIPTION,
    contact: { name: 'Phone Billing', url: `${appOrigin}/api/docs` },
    baseUrl: `${appOrigin}/api/v1`,
    securitySchemes: {
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        name: 'pb_session',
        description: 'The session cookie set by POST /auth/sign-in',
      },
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token' },
    },
  });

  const components = (document.components ??= {}) as {
    schemas?: JsonObject;
    responses?: JsonObject;
    headers?: JsonObject;
  };
  // trpc-to-openapi's own error schemas describe a body this server never sends.
  for (const name of Object.keys(components.schemas ?? {}))
    if (name.startsWith('error.')) delete components.schemas![name];
  components.schemas = { ...components.schemas, ErrorResponse: ERROR_RESPONSE_SCHEMA };
  components.headers = {
    RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  };
  components.responses = Object.fromEntries(
    Object.entries(ERROR_MEANINGS).map(([status, meaning]) => [
      errorResponseName(Number(status)),
      errorResponse(Number(status), meaning),
    ]),
  );

  const usedTags = new Set<string>();
  for (const operation of operations) {
    const entry = (document.paths?.[operation.path] as Record<string, OperationObject> | undefined)?.[
      operation.method.toLowerCase()
    ];
    if (!entry) throw new Error(`openapi.json lacks ${operation.method} ${operation.path}`);
    for (const tag of operation.meta.openapi?.tags ?? []) usedTags.add(tag);

    const access = operation.meta.access;
    const permission =
      access === 'public'
        ? 'public'
        : access === 'signed-in'
          ? 'any signed-in user'
          : access
            ? access.anyOf.join(' or ')
            : 'unknown';
    const rateLimit = RATE_LIMITS[operation.procedurePath];
    entry.description = [
      entry.description,
      `Permission: ${permission}`,
      rateLimit && `Rate limit: ${rateLimit.perMinute} a minute per client address (then 429 with Retry-After)`,
    ]
      .filter(Boolean)
      .join('\n\n');
    if (access === 'public') delete entry.security;

    entry.responses = responsesOf(operation, entry);
    if (takesIdempotencyKey(operation.method, operation.meta))
      documentIdempotencyKey(entry, operation.meta.successStatus ?? 200);
  }
  document.tags = [...usedTags].sort().map((name) => ({ name, description: TAGS[name] ?? name }));
  const referenced = JSON.stringify(document.paths);
  for (const name of Object.keys(components.responses))
    if (!referenced.includes(`#/components/responses/${name}"`)) delete components.responses[name];
  return document;
}

/** The statuses one operation can answer, each with its meaning. */
export function documentedStatuses(operation: RestOperation): Record<number, string> {
  const declared = (operation.meta.openapi?.errorResponses ?? {}) as Record<number, string>;
  const statuses: Record<number, string> = {};
  const add = (status: number, when: boolean) => {
    if (when) statuses[status] = declared[status] ?? ERROR_MEANINGS[status]!;
  };
  // Every operation: its input, and also headers and URLs Fastify or Node refuse before it runs.
  add(400, true);
  add(401, true); // a revoked API token is refused on every path, public ones included
  add(403, true); // cross-site and foreign-Origin cookie requests are refused on every path
  add(404, operation.path.includes('{') || declared[404] !== undefined);
  const idempotent = takesIdempotencyKey(operation.method, operation.meta);
  add(409, declared[409] !== undefined || idempotent);
  add(422, idempotent);
  add(413, takesBody(operation.method));
  add(415, takesBody(operation.method));
  add(429, RATE_LIMITS[operation.procedurePath] !== undefined || declared[429] !== undefined);
  add(431, true);
  add(500, true);
  add(502, declared[502] !== undefined);
  return statuses;
}

function responsesOf(operation: RestOperation, entry: OperationObject): Record<string, unknown> {
  const success = entry.responses['200'] as { description?: string } | undefined;
  const successStatus = operation.meta.successStatus ?? 200;
  const responses: Record<string, unknown> = {
    [successStatus]: { ...success, description: successStatus === 201 ? 'Created' : 'Success' },
  };
  const declared = (operation.meta.openapi?.errorResponses ?? {}) as Record<number, string>;
  for (const [status, meaning] of Object.entries(documentedStatuses(operation))) {
    responses[status] = declared[Number(status)]
      ? errorResponse(Number(status), meaning)
      : { $ref: `#/components/responses/${errorResponseName(Number(status))}` };
  }
  return responses;
}

/** The Idempotency-Key header parameter, and the header that marks a replayed answer. */
function documentIdempotencyKey(entry: OperationObject, successStatus: number) {
  entry.parameters = [
    ...(entry.parameters ?? []),
    {
      in: 'header',
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Sent again within 24 hours by the same user, the first answer is answered again and nothing is created (see Idempotency above)',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN },
    },
  ];
  const success = entry.responses[successStatus] as Record<string, unknown>;
  success.headers = {
    'Idempotent-Replayed': {
      description: '"true" when this is the kept answer of an earlier request with the same Idempotency-Key',
      schema: { type: 'string', enum: ['true'] },
    },
  };
}

const ERROR_RESPONSE_SCHEMA = {
  type: 'object',
  description: 'Every failed answer',
  required: ['success', 'error', 'message'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', const: false },
    error: { type: 'string', description: 'What went wrong, for a person' },
    message: { type: 'string', description: 'The same text as error' },
    errors: {
      type: 'array',
      description: 'On 400: each invalid field',
      items: {
        type: 'object',
        required: ['msg', 'path'],
        additionalProperties: false,
        properties: {
          msg: { type: 'string' },
          path: { type: 'string', description: 'Dotted path of the field, e.g. killSwitch.enabled' },
        },
      },
    },
  },
  example: {
    success: false,
    error: 'Region name is required',
    message: 'Region name is required',
    errors: [{ msg: 'Region name is required', path: 'name' }],
  },
};

function errorResponseName(status: number): string {
  return `Error${status}`;
}

function errorResponse(status: number, description: string) {
  return {
    description,
    ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
  };
}
