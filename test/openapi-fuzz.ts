import fc from 'fast-check';

/**
 * Requests for every operation of an OpenAPI document, generated from the document itself:
 * values that follow each schema (types, enums, patterns, lengths, bounds), values near the
 * known records (ids, queue names, e-mails) so valid calls go deep, and hostile ones (issue 13):
 * NUL and other control characters, unpaired surrogates, invisible characters, huge strings and
 * lists, wrong JSON types ("false" for false), boundary numbers and impossible dates, missing and
 * extra fields, bodies that are not JSON objects, URLs over the header limit.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type OperationObject = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema }> }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas?: Record<string, JsonSchema>; responses?: Record<string, unknown> };
};

export interface FuzzOperation {
  method: string;
  path: string;
  operationId: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  bodySchema: JsonSchema | null;
  /** Every status the document lists for the operation. */
  statuses: Set<number>;
  /** JSON pointer of the schema of each documented 2xx answer. */
  successSchemaPointers: Map<number, string>;
}

export type Caller = 'anonymous' | 'admin-token' | 'viewer-token' | 'admin-cookie' | 'revoked-token';

export interface FuzzRequest {
  caller: Caller;
  /** A request another site made the browser send (Sec-Fetch-Site: cross-site / a foreign Origin). */
  crossSite: boolean;
  clientAddress: string;
  path: string;
  query: string;
  body?: { text: string; contentType: string | null };
  /** What the generator did, for the failure report. */
  notes: string[];
}

/** Things the server already holds, so generated ids and names sometimes hit real records. */
export interface KnownValues {
  ids: string[];
  queueNames: string[];
  emails: string[];
  permissionKeys: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function fuzzOperations(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, entries] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = entries[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const successSchemaPointers = new Map<number, string>();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 200 && Number(status) < 300 && response.content?.['application/json']) {
          successSchemaPointers.set(
            Number(status),
            `#/paths/${pointerEscape(path)}/${method}/responses/${status}/content/application~1json/schema`,
          );
        }
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        bodySchema: operation.requestBody?.content['application/json']?.schema ?? null,
        statuses: new Set(Object.keys(operation.responses).map(Number)),
        successSchemaPointers,
      });
    }
  }
  return operations;
}

const pointerEscape = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

// ---------------------------------------------------------------- hostile values

const HOSTILE_TEXT = [
  'Reg\u0000ion',
  'a\u0000',
  '\u0000',
  'bell\u0007',
  'tab\tand\nnewline',
  'esc\u001B[31m',
  'del\u007F',
  'c1\u0085',
  'lone \uD800 high',
  'lone \uDFFF low',
  '\uDC00\uD800',
  'zero\u200Bwidth',
  '\u202Eevil',
  '\uFEFF',
  '\u200D',
  '   ',
  '',
  '%',
  '_',
  '%_\\',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '😀👩‍💻',
  'Zoë & Søn',
] as const;
const HOSTILE_LENGTHS = [101, 201, 256, 2_001, 65_536, 921_600] as const;
const HOSTILE_NUMBERS = [
  -1,
  0,
  1,
  31,
  32,
  100,
  101,
  1_001,
  2 ** 31,
  2 ** 53,
  1e21,
  1e308,
  -1e308,
  0.5,
  -0.0001,
  Number.MIN_VALUE,
] as const;
const HOSTILE_DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  '20260101',
  '1970-01-01',
  '2100-02-29',
] as const;

/** A value of the wrong JSON type for `schema` ("false" for a boolean, 1 for a string...). */
function wrongTypeArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = primaryType(schema);
  const byType: Record<string, unknown[]> = {
    boolean: ['false', 'true', '', 0, 1, null, [], {}],
    integer: ['1', '', true, null, 1.5, [], {}, '0x10'],
    number: ['1', '', true, null, [], {}, 'NaN'],
    string: [42, true, false, null, [], {}, ['a']],
    array: ['a', 1, true, {}, null],
    object: ['a', 1, true, [], null],
  };
  return fc.constantFrom(...(byType[type ?? 'string'] ?? byType.string!));
}

function hostileArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = primaryType(schema);
  const options: Array<fc.Arbitrary<unknown>> = [wrongTypeArbitrary(schema), fc.constant(null)];
  if (type === 'string' || type === undefined) {
    options.push(
      fc.constantFrom(...HOSTILE_TEXT),
      fc.constantFrom(...HOSTILE_LENGTHS).map((length) => 'x'.repeat(length)),
      fc.constantFrom(...HOSTILE_DATES),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
  }
  if (type === 'integer' || type === 'number') {
    options.push(fc.constantFrom(...HOSTILE_NUMBERS), ...boundaryNumbers(schema).map((value) => fc.constant(value)));
  }
  if (type === 'array') {
    options.push(
      fc.constantFrom(1_001, 20_000).map((count) => Array.from({ length: count }, (_, index) => `Q${index}`)),
      fc.constant([]),
      fc.constant(['\u0000']),
    );
  }
  if (type === 'object') options.push(fc.constant({}), fc.constant({ unexpected: true }));
  return fc.oneof(...options);
}

/** Hostile text alone (control characters, surrogates, huge, empty...), for inputs outside the document. */
export function hostileTextArbitrary(): fc.Arbitrary<string> {
  return hostileArbitrary({ type: 'string' }).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value ?? ''),
  );
}

function boundaryNumbers(schema: JsonSchema): number[] {
  const values: number[] = [];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum);
  if (schema.maximum !== undefined) values.push(schema.maximum, schema.maximum + 1);
  return values;
}

// ---------------------------------------------------------------- values from schemas

function primaryType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

export class SchemaArbitraries {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly known: KnownValues,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    while (current.$ref) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = this.document.components.schemas?.[name] ?? {};
    }
    return current;
  }

  /** A value that follows `schema`, nudged towards known records when the field name suggests one. */
  valid(rawSchema: JsonSchema, fieldName = '', depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(rawSchema);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    const hinted = this.hinted(fieldName, alternatives ? { type: 'string' } : schema);
    if (alternatives) {
      const each = fc.oneof(...alternatives.map((alternative) => this.valid(alternative, fieldName, depth)));
      return hinted ? fc.oneof(hinted, each) : each;
    }
    const type = primaryType(schema);
    let arbitrary: fc.Arbitrary<unknown>;
    switch (type) {
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'integer':
        arbitrary = fc.integer({
          min: schema.minimum ?? -1_000,
          max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1),
        });
        break;
      case 'number': {
        const min = schema.minimum ?? -1e6;
        const max =
          schema.exclusiveMaximum !== undefined
            ? schema.exclusiveMaximum - (schema.multipleOf ?? 1e-6)
            : (schema.maximum ?? 1e6);
        const step = schema.multipleOf;
        // A multiple of `multipleOf`, written with as many decimals as the step has (0.0001: four).
        arbitrary = step
          ? fc
              .integer({ min: Math.ceil(min / step), max: Math.min(Math.floor(max / step), 2 ** 31 - 1) })
              .map((count) => Number((count * step).toFixed(decimalsOf(step))))
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        break;
      }
      case 'array': {
        const maxLength = Math.min(schema.maxItems ?? 4, 4);
        const minLength = Math.min(schema.minItems ?? 0, maxLength);
        arbitrary =
          depth > 4
            ? fc.constant([])
            : fc.array(this.valid(schema.items ?? {}, singular(fieldName), depth + 1), { minLength, maxLength });
        break;
      }
      case 'object':
        arbitrary = depth > 4 ? fc.constant({}) : this.object(schema, depth);
        break;
      case 'null':
        arbitrary = fc.constant(null);
        break;
      default:
        arbitrary = this.text(schema);
    }
    return hinted ? fc.oneof({ arbitrary: hinted, weight: 2 }, { arbitrary, weight: 1 }) : arbitrary;
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) model[name] = this.valid(property, name, depth + 1);
    if (Object.keys(model).length === 0 && typeof schema.additionalProperties === 'object') {
      return fc.dictionary(fc.string({ maxLength: 8 }), this.valid(schema.additionalProperties, '', depth + 1), {
        maxKeys: 3,
      });
    }
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
  }

  private text(schema: JsonSchema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? 40, 40);
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.format === 'date') return realDate();
    if (schema.format === 'email') {
      const pattern = new RegExp(schema.pattern ?? '@', 'u');
      const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,12}$/);
      return fc
        .oneof(
          fc.emailAddress(),
          fc.tuple(local, fc.domain()).map(([name, domain]) => `${name}@${domain}`),
        )
        .filter((value) => pattern.test(value) && value.length <= (schema.maxLength ?? Infinity));
    }
    if (schema.pattern) {
      const fits = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
      // The document's patterns are read with the `u` flag, as JSON Schema validators do. Those
      // of the text rules (Unicode classes, lookaheads) are met by filtering text of every kind.
      const pattern = new RegExp(schema.pattern, 'u');
      if (/\\p\{|\(\?[=!]/.test(schema.pattern)) {
        const length = { minLength, maxLength: Math.max(minLength, maxLength) };
        return fc
          .oneof(
            fc.string(length),
            fc.string({ ...length, unit: 'grapheme' }),
            fc.string({ ...length, unit: 'binary' }),
          )
          .filter((value) => fits(value) && pattern.test(value));
      }
      return fc.stringMatching(pattern, { size: 'xsmall' }).filter(fits);
    }
    return fc.oneof(
      fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }),
      fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, maxLength) }),
    );
  }

  /** Values of records the server holds, for fields whose names say what they refer to. */
  private hinted(fieldName: string, schema: JsonSchema): fc.Arbitrary<unknown> | null {
    const type = primaryType(schema);
    if (type !== 'string' && type !== undefined) return null;
    const name = fieldName.toLowerCase();
    const pick = (values: string[]) => (values.length > 0 ? fc.constantFrom(...values) : null);
    if (/date|period(start|end)$/.test(name) && (schema.pattern || type === 'string')) return recentDate();
    if (name === 'id' || name.endsWith('id')) return pick(this.known.ids);
    if (name.includes('queue')) return pick(this.known.queueNames);
    if (name.includes('email')) return fc.oneof(pick(this.known.emails) ?? fc.emailAddress(), fc.emailAddress());
    if (name.includes('rate'))
      return fc.oneof(fc.constantFrom('0.05', '1', '0.0725', '12.5'), fc.constantFrom(0.05, 1, 2.5));
    if (name === 'key' || name.includes('actionkey')) return pick(this.known.permissionKeys);
    return null;
  }

  /** An input for one schema: usually valid, sometimes with one or two hostile fields. */
  input(schema: JsonSchema): fc.Arbitrary<{ value: unknown; notes: string[] }> {
    const paths = this.mutablePaths(schema);
    const mutation: fc.Arbitrary<Mutation> = fc.record({
      path: fc.constantFrom(...(paths.length ? paths : [[] as string[]])),
      kind: fc.constantFrom<Mutation['kind']>('hostile', 'missing', 'extra'),
    });
    const mutations: fc.Arbitrary<Mutation[]> = fc.oneof(
      { arbitrary: fc.constant<Mutation[]>([]), weight: 2 },
      { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 3 },
    );
    return fc.record({ value: this.valid(schema), mutations }).chain(({ value, mutations }) => {
      if (mutations.length === 0) return fc.constant({ value, notes: ['valid'] });
      return fc
        .tuple(
          ...mutations.map((m) =>
            m.kind === 'hostile' ? hostileArbitrary(this.schemaAt(schema, m.path)) : fc.constant(undefined),
          ),
        )
        .map((hostile) => {
          let current = structuredClone(value);
          const notes: string[] = [];
          mutations.forEach((m, index) => {
            current = applyMutation(current, m.path, m.kind, hostile[index]);
            notes.push(
              `${m.kind} at ${m.path.join('.') || '(root)'}${m.kind === 'hostile' ? `: ${describe(hostile[index])}` : ''}`,
            );
          });
          return { value: current, notes };
        });
    });
  }

  /** Property paths of an object schema, nested up to three levels (array items as index 0). */
  mutablePaths(rawSchema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
    const schema = this.resolve(rawSchema);
    const paths: string[][] = [];
    if (depth > 3) return paths;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const path = [...prefix, name];
      paths.push(path);
      const resolved = this.resolve(property);
      const inner =
        resolved.anyOf?.find((alternative) => primaryType(this.resolve(alternative)) !== 'null') ?? resolved;
      if (primaryType(this.resolve(inner)) === 'object') paths.push(...this.mutablePaths(inner, path, depth + 1));
      if (primaryType(this.resolve(inner)) === 'array' && inner.items) {
        paths.push([...path, '0']);
        paths.push(...this.mutablePaths(inner.items, [...path, '0'], depth + 1));
      }
    }
    return paths;
  }

  schemaAt(rawSchema: JsonSchema, path: string[]): JsonSchema {
    let schema = this.resolve(rawSchema);
    for (const key of path) {
      const inner = schema.anyOf?.find((alternative) => primaryType(this.resolve(alternative)) !== 'null') ?? schema;
      const resolved = this.resolve(inner);
      schema = this.resolve((key === '0' && resolved.items) || resolved.properties?.[key] || {});
    }
    return schema;
  }
}

type Mutation = { path: string[]; kind: 'hostile' | 'missing' | 'extra' };

function applyMutation(value: unknown, path: string[], kind: string, hostile: unknown): unknown {
  if (path.length === 0) return kind === 'hostile' ? hostile : value;
  const root = value && typeof value === 'object' ? value : {};
  let parent = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    if (!parent[key] || typeof parent[key] !== 'object') parent[key] = key === '0' ? [] : {};
    parent = parent[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (kind === 'missing') delete parent[last];
  else if (kind === 'extra') parent[`${last}Unexpected`] = 'extra';
  else parent[last] = hostile;
  return root;
}

function decimalsOf(step: number): number {
  return (String(step).split('.')[1] ?? '').length;
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/** A real calendar date (format: date), from any year a person could mean. */
export function realDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

/** Whether text is a real calendar date in YYYY-MM-DD (JSON Schema's format: date). */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

function recentDate(): fc.Arbitrary<string> {
  return fc
    .integer({ min: -400, max: 30 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
}

export function describe(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length} chars)` : value)
      : JSON.stringify(value);
  if (Array.isArray(value) && value.length > 5) return `[${value.length} entries]`;
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

// ---------------------------------------------------------------- whole requests

export function requestArbitrary(operation: FuzzOperation, values: SchemaArbitraries): fc.Arbitrary<FuzzRequest> {
  const caller = fc.constantFrom<Caller>(
    'admin-token',
    'admin-token',
    'admin-cookie',
    'viewer-token',
    'anonymous',
    'revoked-token',
  );
  const crossSite = fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 });
  const clientAddress = fc
    .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
    .map(([a, b, c]) => `10.${a}.${b}.${c}`);
  const pathValues = fc.tuple(
    ...operation.pathParameters.map((parameter) =>
      fc.oneof(
        { arbitrary: values.valid(parameter.schema, parameter.name).map(String), weight: 4 },
        { arbitrary: fc.uuid(), weight: 2 },
        { arbitrary: hostileArbitrary({ type: 'string' }).map((value) => String(value ?? '')), weight: 2 },
      ),
    ),
  );
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(operation.queryParameters.map((parameter) => [parameter.name, parameter.schema])),
    required: operation.queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  const query = operation.queryParameters.length
    ? fc.oneof(
        {
          arbitrary: values.input(querySchema).map(({ value, notes }) => ({ text: queryString(value), notes })),
          weight: 9,
        },
        {
          arbitrary: fc.constant({ text: `?q=${'a'.repeat(70_000)}`, notes: ['a 70,000-character query'] }),
          weight: 1,
        },
      )
    : fc.oneof(
        { arbitrary: fc.constant({ text: '', notes: [] as string[] }), weight: 9 },
        { arbitrary: fc.constant({ text: '?unexpected=%00', notes: ['an unknown query parameter'] }), weight: 1 },
      );
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  type BodyChoice = { body?: FuzzRequest['body']; notes: string[] };
  const oddBody = (text: string, contentType: string, note: string): BodyChoice => ({
    body: { text, contentType },
    notes: [note],
  });
  const body: fc.Arbitrary<BodyChoice> = takesBody
    ? fc.oneof(
        {
          arbitrary: (operation.bodySchema
            ? values.input(operation.bodySchema)
            : fc.constant({ value: {} as unknown, notes: ['empty object'] as string[] })
          ).map(({ value, notes }): BodyChoice => ({
            body: { text: JSON.stringify(value ?? null), contentType: 'application/json' },
            notes,
          })),
          weight: 12,
        },
        {
          arbitrary: fc.constantFrom<BodyChoice>(
            oddBody('{"name": ', 'application/json', 'malformed JSON'),
            oddBody('[1,2,3]', 'application/json', 'a JSON array'),
            oddBody('"text"', 'application/json', 'a JSON string'),
            oddBody('null', 'application/json', 'JSON null'),
            oddBody('', 'application/json', 'an empty body'),
            oddBody('name=North', 'application/x-www-form-urlencoded', 'a form body'),
            oddBody('plain', 'text/plain', 'a text body'),
            oddBody(`{"name":"${'x'.repeat(1_100_000)}"}`, 'application/json', 'a body over 1 MiB'),
            oddBody('{"a":"\\ud800"}', 'application/json', 'an escaped lone surrogate'),
          ),
          weight: 2,
        },
      )
    : fc.constant<BodyChoice>({ notes: [] });
  return fc.record({ caller, crossSite, clientAddress, pathValues, query, body }).map((parts) => {
    let path = operation.path;
    operation.pathParameters.forEach((parameter, index) => {
      path = path.replace(`{${parameter.name}}`, encodePathSegment(parts.pathValues[index] as string));
    });
    const request: FuzzRequest = {
      caller: parts.caller,
      crossSite: parts.crossSite,
      clientAddress: parts.clientAddress,
      path,
      query: parts.query.text,
      body: parts.body.body,
      notes: [...parts.query.notes, ...parts.body.notes, ...(parts.crossSite ? ['cross-site'] : [])],
    };
    // fast-check prints counterexamples with this: short, whatever the sizes involved.
    return Object.assign(request, { [fc.toStringMethod]: () => summarizeRequest(operation, request) });
  });
}

/**
 * A request the document allows in every part, from a caller holding every permission (the
 * positive direction, issue 25): path, query and body values generated from the schemas alone.
 * `query` and `body` are also given as values, so the caller can check them against the document.
 */
export function validRequestArbitrary(
  operation: FuzzOperation,
  values: SchemaArbitraries,
): fc.Arbitrary<FuzzRequest & { queryValue: unknown; bodyValue: unknown }> {
  const pathValues = fc.tuple(
    ...operation.pathParameters.map((parameter) => values.valid(parameter.schema, parameter.name).map(String)),
  );
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(operation.queryParameters.map((parameter) => [parameter.name, parameter.schema])),
    required: operation.queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  const body =
    takesBody && operation.bodySchema ? values.valid(operation.bodySchema) : fc.constant(takesBody ? {} : undefined);
  const clientAddress = fc
    .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
    .map(([a, b, c]) => `10.${a}.${b}.${c}`);
  return fc
    .record({ pathValues, queryValue: values.valid(querySchema), bodyValue: body, clientAddress })
    .map((parts) => {
      let path = operation.path;
      operation.pathParameters.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, encodePathSegment(parts.pathValues[index] as string));
      });
      const request = {
        caller: 'admin-token' as const,
        crossSite: false,
        clientAddress: parts.clientAddress,
        path,
        query: queryString(parts.queryValue),
        body:
          parts.bodyValue === undefined
            ? undefined
            : { text: JSON.stringify(parts.bodyValue), contentType: 'application/json' },
        notes: ['every value as the document allows'],
        queryValue: parts.queryValue,
        bodyValue: parts.bodyValue,
      };
      return Object.assign(request, { [fc.toStringMethod]: () => summarizeRequest(operation, request) });
    });
}

/** One line about a request: method, path and query cut short, caller, what was generated. */
export function summarizeRequest(operation: FuzzOperation, request: FuzzRequest): string {
  const cut = (text: string, length: number) =>
    text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text;
  const body = request.body ? ` body ${cut(request.body.text, 160)} (${request.body.contentType})` : '';
  return `${operation.method} ${cut(request.path + request.query, 160)} as ${request.caller}${body} [${request.notes.join('; ')}]`;
}

/** A query string of the generated parameters, each value turned into text as a script would. */
function queryString(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const pairs: string[] = [];
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    if (raw === undefined) continue;
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      pairs.push(
        `${encodeURIComponent(name)}=${encodeQueryValue(item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
      );
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

// encodeURIComponent throws on an unpaired surrogate; send the bytes a careless client would.
export function encodeQueryValue(text: string): string {
  // Only an unpaired surrogate (one code unit); a pair is a character like any other.
  return [...text]
    .map((character) =>
      character.length === 1 && /[\uD800-\uDFFF]/.test(character) ? '%ED%A0%80' : encodeURIComponent(character),
    )
    .join('');
}

export function encodePathSegment(text: string): string {
  return text === '' ? '%20' : encodeQueryValue(text);
}
