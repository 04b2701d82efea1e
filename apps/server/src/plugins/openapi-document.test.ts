import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appRouter } from '@phone-billing/api';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { buildOpenApiDocument } from './openapi-document';
import { RATE_LIMITS } from './rate-limits';
import { restOperations } from './rest-operations';

/** /api/v1/openapi.json tells the truth about errors, statuses, security and input rules (issue 13). */

const operations = restOperations(appRouter);
const document = buildOpenApiDocument(operations, 'http://localhost:3000') as unknown as {
  info: { description?: string; contact?: { name?: string; url?: string } };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    responses?: Record<string, Response>;
  };
};
type Response = {
  description: string;
  content?: Record<string, { schema: { $ref?: string } }>;
  headers?: Record<string, unknown>;
  $ref?: string;
};
type Operation = {
  tags?: string[];
  security?: unknown[];
  responses: Record<string, Response>;
  requestBody?: any;
  parameters?: any[];
};

const operationOf = (method: string, path: string) => document.paths[path]![method.toLowerCase()]!;
const resolve = (response: Response): Response =>
  response.$ref ? document.components.responses![response.$ref.split('/').at(-1)!]! : response;

const scratch = mkdtempSync(path.join(tmpdir(), 'pb-openapi-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it("passes Spectral's spectral:oas ruleset with no errors and no warnings", () => {
    const documentFile = path.join(scratch, 'openapi.json');
    const rulesetFile = path.join(scratch, '.spectral.yaml');
    writeFileSync(documentFile, JSON.stringify(document, null, 2));
    writeFileSync(rulesetFile, 'extends: ["spectral:oas"]\n');
    const spectral = path.join(REPO_ROOT, 'node_modules/.bin/spectral');
    const run = spawnSync(
      spectral,
      ['lint', documentFile, '--ruleset', rulesetFile, '--format', 'json', '--fail-severity', 'hint', '--quiet'],
      {
        encoding: 'utf8',
      },
    );
    const findings = JSON.parse(run.stdout || '[]') as Array<{ code: string; message: string; path: string[] }>;
    expect(findings.map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`)).toEqual([]);
    expect(run.status).toBe(0);
  }, 60_000); // Spectral starts in a second or two, more on a busy machine

  it('describes every operation of the router', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(operations.map((operation) => `${operation.method} ${operation.path}`).sort());
    expect(operations.length).toBeGreaterThanOrEqual(68);
  });

  it('documents the real envelope as the schema of every error answer', () => {
    const envelope = document.components.schemas.ErrorResponse!;
    expect(envelope.required).toEqual(['success', 'error', 'message']);
    expect(Object.keys(envelope.properties!)).toEqual(['success', 'error', 'message', 'errors']);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(resolve(response).content!['application/json']!.schema.$ref, `${method} ${path} ${status}`).toBe(
            '#/components/schemas/ErrorResponse',
          );
        }
      }
    }
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);
  });

  it('lists 201 for creates and the statuses the findings named: 404, 409, 429 (with Retry-After)', () => {
    expect(Object.keys(operationOf('POST', '/customer-profiles').responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '413', '415']),
    );
    expect(operationOf('POST', '/customer-profiles').responses['200']).toBeUndefined();
    expect(Object.keys(operationOf('DELETE', '/regions/{id}').responses)).toEqual(
      expect.arrayContaining(['200', '404']),
    );
    const signIn = operationOf('POST', '/auth/sign-in');
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(resolve(signIn.responses['429']!).headers).toHaveProperty('Retry-After');
    expect(Object.keys(operationOf('POST', '/billing/run').responses)).toEqual(
      expect.arrayContaining(['201', '409', '429']),
    );
    expect(Object.keys(operationOf('GET', '/genesys/analytics').responses)).toEqual(
      expect.arrayContaining(['429', '502']),
    );
  });

  it("states each rate-limited operation's limit in its description, and lists 429 for it", () => {
    for (const operation of operations.filter((candidate) => RATE_LIMITS[candidate.procedurePath])) {
      const entry = operationOf(operation.method, operation.path) as Operation & { description?: string };
      expect(entry.description, operation.path).toContain(
        `Rate limit: ${RATE_LIMITS[operation.procedurePath]!.perMinute} a minute per client address`,
      );
      expect(Object.keys(entry.responses), operation.path).toContain('429');
    }
    expect((operationOf('GET', '/regions') as { description?: string }).description).not.toContain('Rate limit');
  });

  it('marks the public operations as needing no authentication, and only them', () => {
    const publicOperations = operations
      .filter((operation) => operation.meta.access === 'public')
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(publicOperations.sort()).toEqual([
      'GET /auth/setup-password',
      'GET /system/info',
      'POST /auth/setup-password',
      'POST /auth/sign-in',
      'POST /auth/sign-out',
    ]);
    for (const operation of operations) {
      const security = operationOf(operation.method, operation.path).security;
      if (operation.meta.access === 'public') expect(security, operation.path).toBeUndefined();
      else expect(security, operation.path).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    }
  });

  it('carries the input rules: date patterns, at least one queue, 8-character passwords, id lengths, text limits', () => {
    const runBody = operationOf('POST', '/billing/run').requestBody.content['application/json'].schema.properties;
    expect(runBody.billingPeriodStart).toMatchObject({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
    expect(runBody.selectedQueues).toMatchObject({ minItems: 1, maxItems: 1000, items: { maxLength: 200 } });
    expect(runBody.isDryRun).toMatchObject({ type: 'boolean' });
    const analytics = operationOf('GET', '/genesys/analytics').parameters!;
    expect(analytics.find((parameter: { name: string }) => parameter.name === 'startDate').schema).toMatchObject({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    });
    const password = operationOf('PATCH', '/auth/users/me/password').requestBody.content['application/json'].schema
      .properties.newPassword;
    expect(password).toMatchObject({ minLength: 8, maxLength: 200 });
    const jobId = operationOf('GET', '/billing/jobs/{id}').parameters!.find(
      (parameter: { name: string }) => parameter.name === 'id',
    );
    expect(jobId.schema).toMatchObject({ maxLength: 100 });
    const profile = operationOf('POST', '/customer-profiles').requestBody.content['application/json'].schema.properties;
    expect(profile.genesysQueueNames).toMatchObject({ minItems: 1, maxItems: 100, items: { maxLength: 200 } });
    expect(profile.qboDisplayName).toMatchObject({ minLength: 1, maxLength: 200 });
    expect(profile.notes.anyOf[0]).toMatchObject({ maxLength: 2000 });
  });

  it('documents Idempotency-Key (header, 422, 409, Idempotent-Replayed) on every creating POST, and only there', () => {
    const withKey = operations.filter((operation) =>
      operationOf(operation.method, operation.path).parameters?.some(
        (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
      ),
    );
    expect(withKey.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(
      operations
        .filter((operation) => operation.method === 'POST' && operation.meta.successStatus === 201)
        .map((operation) => `${operation.method} ${operation.path}`)
        .sort(),
    );
    expect(withKey.map((operation) => operation.path)).toEqual(
      expect.arrayContaining([
        '/billing/run',
        '/customer-profiles',
        '/auth/tokens',
        '/regions',
        '/teams',
        '/queue-assignments',
      ]),
    );
    for (const operation of withKey) {
      const entry = operationOf(operation.method, operation.path);
      expect(Object.keys(entry.responses), operation.path).toEqual(expect.arrayContaining(['201', '409', '422']));
      expect(entry.responses['201']!.headers, operation.path).toHaveProperty('Idempotent-Replayed');
      const header = entry.parameters!.find((parameter) => parameter.name === 'Idempotency-Key');
      expect(header.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    }
    expect(document.info.description).toContain('**Idempotency.**');
  });

  it('lists 400 on every operation (malformed headers and URLs are refused before any input is read)', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods))
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('400');
    }
  });

  it('gives every string input a pattern (control characters refused as the server refuses them), e-mails format: email, rates their bounds', () => {
    const unpatterned: string[] = [];
    const visit = (schema: any, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.type === 'string' && !schema.pattern && !schema.enum && schema.const === undefined)
        unpatterned.push(where);
      for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${where}.${name}`);
      for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(alternative, where);
      if (schema.items) visit(schema.items, `${where}[]`);
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? [])
          visit(parameter.schema, `${method} ${path} ${parameter.name}`);
        visit(operation.requestBody?.content['application/json'].schema, `${method} ${path} body`);
      }
    }
    expect(unpatterned).toEqual([]);
    const body = (method: string, path: string) =>
      operationOf(method, path).requestBody.content['application/json'].schema.properties;
    const controlFree = new RegExp(body('POST', '/regions').name.pattern, 'u');
    expect(['West', 'Zoë & Søn'].every((name) => controlFree.test(name))).toBe(true);
    expect(
      ['We\u0000st', 'tab\tname', 'zero\u200Bwidth', 'lone \uD800', '   '].some((name) => controlFree.test(name)),
    ).toBe(false);
    expect(body('POST', '/auth/sign-in').email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(body('POST', '/auth/users').email).toMatchObject({ format: 'email' });
    // The default rate follows the profile rates' rule (shared/number-input.ts: Decimal(12, 4)).
    expect(body('PUT', '/settings').defaultRatePerMinute.anyOf).toContainEqual(
      expect.objectContaining({ type: 'number', minimum: 0, maximum: 99_999_999.9999, multipleOf: 0.0001 }),
    );
    expect(body('POST', '/customer-profiles').ratePerMinute.anyOf).toContainEqual(
      expect.objectContaining({ type: 'number', minimum: 0 }),
    );
  });

  it('has a top-level tag list covering every operation, a contact and a description', () => {
    const listed = new Set(document.tags!.map((tag) => tag.name));
    for (const operation of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
      for (const tag of operation.tags ?? []) expect(listed.has(tag), tag).toBe(true);
    }
    expect(document.tags!.every((tag) => tag.description && tag.description !== tag.name)).toBe(true);
    expect(document.info.contact?.url).toBe('http://localhost:3000/api/docs');
    expect(document.info.description).toContain('"success": false');
  });
});
