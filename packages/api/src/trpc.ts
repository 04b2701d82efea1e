import { isDeepStrictEqual } from 'node:util';
import { initTRPC, TRPCError, type AnyRouter } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import type { RequestContext } from './context';
import { AppError, type AppErrorCode } from './errors';

/** Who may call a procedure. Every procedure declares one; a test walks the router to check. */
export type ProcedureAccess = 'public' | 'signed-in' | { anyOf: string[] };

export type AppMeta = OpenApiMeta & {
  access?: ProcedureAccess;
  /** The REST status of a success when it is not 200 (201 for a create). */
  successStatus?: 201;
  /**
   * Takes an `Idempotency-Key` header over REST (idempotency/idempotency-keys.ts): the same key
   * from the same user within 24 hours answers the first answer again. Every POST that creates
   * (`successStatus: 201`) takes one unless this says false; another POST opts in with true.
   */
  idempotent?: boolean;
};

/** Whether a REST operation takes Idempotency-Key (see AppMeta.idempotent). */
export function takesIdempotencyKey(method: string, meta: AppMeta): boolean {
  return meta.idempotent ?? (method === 'POST' && meta.successStatus === 201);
}

const TRPC_CODE_FOR: Record<AppErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  BAD_GATEWAY: 'BAD_GATEWAY',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

export interface FieldError {
  msg: string;
  path: string;
}

/** Field errors of a failed call: zod issues of the input, or those an AppError carries. */
export function fieldErrorsOf(error: TRPCError): FieldError[] | undefined {
  const cause = error.cause;
  if (cause instanceof ZodError) {
    return cause.issues.map((issue) => {
      const path = issue.path.map(String).join('.');
      return { msg: issueMessage(issue, path), path };
    });
  }
  if (cause instanceof AppError) return cause.fieldErrors;
  return undefined;
}

// zod's own wording ("Invalid input: expected boolean, received string") does not say which field;
// our schemas' messages do. These are the shapes of zod's defaults.
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid input|Too big:|Too small:|Invalid string:|Invalid option:|Unrecognized keys?:|Invalid (key|value) in|Invalid number:)/;
const EXPECTED: Record<string, string> = {
  boolean: 'true or false',
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  array: 'a list',
  object: 'a JSON object',
  record: 'a JSON object',
};

/** A person-readable message for one zod issue, naming the field when zod's default does not. */
function issueMessage(issue: ZodError['issues'][number], path: string): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const field = path || 'The request';
  if (issue.code === 'invalid_type') {
    const received = /received (\w+)$/.exec(issue.message)?.[1];
    if (received === 'undefined') return `${field} is required`;
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    return `${field} must be ${expected}${received ? ` (got ${received === 'string' ? 'text' : received})` : ''}`;
  }
  return path ? `${path}: ${issue.message}` : issue.message;
}

const t = initTRPC
  .context<RequestContext>()
  .meta<AppMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const errors = fieldErrorsOf(error);
      // The first field problem is the message a person should read, not "Input validation failed".
      const message = error.cause instanceof ZodError && errors?.[0] ? errors[0].msg : shape.message;
      return { ...shape, message, data: { ...shape.data, errors, stack: undefined } };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Turns our domain errors into tRPC errors (and so into HTTP statuses). */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: TRPC_CODE_FOR[cause.code], message: cause.message, cause });
    }
  }
  return result;
});

export const baseProcedure = t.procedure.use(mapDomainErrors);

type OutputCheck = ((options: { next: () => Promise<{ ok: boolean; data?: unknown }> }) => Promise<unknown>) & {
  _type?: string;
};
type ProcedureInternals = { _def: { output?: { parse(value: unknown): unknown }; middlewares: OutputCheck[] } };

/**
 * The `.output()` schemas describe every answer (OpenAPI) and check it. The answers are built by
 * our own domain code, so in production (NODE_ENV=production) checking them again on every
 * request is dropped: on a 200-row list it cost more CPU than reading the rows. Everywhere else the
 * check is stricter than tRPC's: an answer the schema would change on its way out (a field it
 * strips, a value it transforms) fails, so what production sends unchecked is exactly what the
 * tests saw pass. Call once on the finished router.
 */
export function applyOutputChecks(appRouter: AnyRouter, production = process.env.NODE_ENV === 'production'): void {
  for (const procedure of Object.values(appRouter._def.procedures) as ProcedureInternals[]) {
    const { middlewares, output } = procedure._def;
    const index = middlewares.findIndex((middleware) => middleware._type === 'output');
    if (index === -1 || !output) continue;
    if (production) {
      middlewares.splice(index, 1);
      continue;
    }
    const strictCheck: OutputCheck = async ({ next }) => {
      const result = await next();
      if (!result.ok) return result;
      let parsed: unknown;
      try {
        parsed = await output.parse(result.data);
      } catch (cause) {
        throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause });
      }
      const asSent = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
      if (!isDeepStrictEqual(asSent(parsed), asSent(result.data))) {
        throw new TRPCError({
          code: 'INTERNAL_SERVER_ERROR',
          message: 'Output validation changed the answer: production would send it unchecked and differently',
        });
      }
      return result;
    };
    strictCheck._type = 'output';
    middlewares[index] = strictCheck;
  }
}
