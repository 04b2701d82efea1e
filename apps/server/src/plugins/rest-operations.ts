import type { AppMeta, AppRouter } from '@phone-billing/api';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One REST operation: a procedure with `meta.openapi`, at its method and path. */
export interface RestOperation {
  method: RestMethod;
  /** The OpenAPI path, e.g. `/customer-profiles/{id}`. */
  path: string;
  /** The same path in Fastify's syntax, e.g. `/customer-profiles/:id`. */
  routePath: string;
  /** The procedure's dotted name, e.g. `customerProfiles.update`. */
  procedurePath: string;
  meta: AppMeta;
  inputSchema: z.ZodType | undefined;
  /** How each query parameter is read (GET and DELETE only). */
  queryKinds: Record<string, QueryKind>;
}

type QueryKind = 'number' | 'boolean' | 'text' | 'number-list' | 'boolean-list' | 'text-list';

/** A request whose shape (not its values) is wrong: answered 400 with the envelope. */
export class RestInputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type ProcedureRecord = Record<string, { _def: { type: string; meta?: AppMeta; inputs: z.ZodType[] } }>;

/** Every procedure of the router that has a REST path. */
export function restOperations(router: AppRouter): RestOperation[] {
  const procedures = router._def.procedures as unknown as ProcedureRecord;
  const operations: RestOperation[] = [];
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const meta = procedure._def.meta;
    if (!meta?.openapi) continue;
    const inputs = procedure._def.inputs;
    if (inputs.length > 1) throw new Error(`${procedurePath}: a REST procedure takes one input schema`);
    const method = meta.openapi.method as RestMethod;
    const inputSchema = inputs[0];
    operations.push({
      method,
      path: meta.openapi.path,
      routePath: meta.openapi.path.replace(/\{(\w+)\}/g, ':$1'),
      procedurePath,
      meta,
      inputSchema,
      queryKinds: takesBody(method) || !inputSchema ? {} : queryKindsOf(inputSchema),
    });
  }
  return operations;
}

export function takesBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

/**
 * The procedure's input from a request, taken strictly (DESIGN.md §6): a JSON body is passed as
 * it came (a boolean must be `true`/`false`, a number a number; the schemas say what else they
 * accept, such as numeric text for rates); query strings are read by each parameter's type, with
 * only "true"/"false" and plain digits turned into booleans and numbers. Path parameters win over
 * body fields of the same name. Nothing is coerced in place.
 */
export function restInput(operation: RestOperation, request: FastifyRequest): Record<string, unknown> {
  const params = request.params as Record<string, string>;
  if (takesBody(operation.method)) {
    const body = request.body;
    if (body === undefined) return { ...params };
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new RestInputError('The request body must be a JSON object');
    }
    return { ...(body as Record<string, unknown>), ...params };
  }
  const query = (request.query ?? {}) as Record<string, string | string[]>;
  const input: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    const kind = operation.queryKinds[name];
    if (!kind) continue; // unknown parameters are ignored, as the schemas would drop them
    input[name] = readQueryValue(kind, raw);
  }
  return { ...input, ...params };
}

const DIGITS = /^-?\d+(\.\d+)?$/;

function readQueryValue(kind: QueryKind, raw: string | string[]): unknown {
  const scalar = (value: string, scalarKind: 'number' | 'boolean' | 'text') => {
    if (scalarKind === 'number') return DIGITS.test(value) ? Number(value) : value;
    if (scalarKind === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
    return value;
  };
  if (kind.endsWith('-list')) {
    const itemKind = kind.slice(0, -'-list'.length) as 'number' | 'boolean' | 'text';
    return (Array.isArray(raw) ? raw : [raw]).map((value) => scalar(value, itemKind));
  }
  // A parameter given twice is a list where one value was expected: the schema refuses it.
  return Array.isArray(raw) ? raw : scalar(raw, kind as 'number' | 'boolean' | 'text');
}

type ZodInternals = {
  _zod: {
    def: {
      type: string;
      innerType?: ZodInternals;
      in?: ZodInternals;
      shape?: Record<string, ZodInternals>;
      element?: ZodInternals;
    };
  };
};

/** The schema under optional/default/nullable/pipe wrappers: what the caller must send. */
function unwrap(schema: ZodInternals): ZodInternals {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

function queryKindsOf(inputSchema: z.ZodType): Record<string, QueryKind> {
  const object = unwrap(inputSchema as unknown as ZodInternals);
  const shape = object._zod.def.shape ?? {};
  const kinds: Record<string, QueryKind> = {};
  for (const [name, field] of Object.entries(shape)) {
    const base = unwrap(field);
    const type = base._zod.def.type;
    if (type === 'array') {
      const elementType = base._zod.def.element ? unwrap(base._zod.def.element)._zod.def.type : 'string';
      kinds[name] = elementType === 'number' ? 'number-list' : elementType === 'boolean' ? 'boolean-list' : 'text-list';
    } else kinds[name] = type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'text';
  }
  return kinds;
}

const patterns = new Map<string, RegExp>();

/** A regular expression matching the request paths of an OpenAPI path (`{id}` is one segment). */
export function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}
