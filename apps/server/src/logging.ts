// How the server logs: human-readable lines on a terminal, JSON lines otherwise (for log
// collectors); errors as their name, message, code and stack, never the objects hanging off them.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { PgBoss } from 'pg-boss';
import pretty from 'pino-pretty';
import { redactSecretsInUrl } from './areas/qbo';
import type { ServerConfig } from './config';

type LoggedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  cause?: LoggedError;
};

/**
 * An error as a log line needs it. Errors of database drivers carry their connection (pg's
 * DatabaseError has `client`, Prisma's errors their engine state): serialising every property
 * would dump those, so only what names the error is kept.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  if (typeof code === 'string' || typeof code === 'number') logged.code = code;
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Pretty output when LOG_FORMAT=pretty, or when unset and stdout is a terminal; JSON otherwise. */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv, stdoutIsTerminal = Boolean(process.stdout.isTTY)): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return stdoutIsTerminal;
}

export function loggerOptions(config: ServerConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      // Request URLs without the OAuth code, state and QuickBooks realm.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactSecretsInUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: serializeError,
      error: serializeError,
    },
    // Synchronous, in this thread: lines written just before the process exits are not lost.
    ...(wantsPrettyLogs(config.env)
      ? {
          stream: pretty({
            sync: true,
            colorize: true,
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname',
          }),
        }
      : {}),
  };
}

type JobLogger = {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * Logs every pg-boss job this process runs, when it ends: which queue, which job, its payload
 * (our payloads are ids), how long it took, and the error when it failed. With several worker
 * processes this is where an operator sees which one ran what. `quietQueues` (a minute tick,
 * say) are logged at debug level only.
 */
export function logJobRuns(boss: PgBoss, logger: JobLogger, quietQueues: readonly string[] = []): void {
  const work = boss.work.bind(boss) as (
    name: string,
    options: object,
    handler: (jobs: Array<{ id: string; data: unknown }>) => Promise<unknown>,
  ) => Promise<string>;
  const logged =
    (name: string, handler: (jobs: Array<{ id: string; data: unknown }>) => Promise<unknown>) =>
    async (jobs: Array<{ id: string; data: unknown }>) => {
      const started = performance.now();
      const ids = jobs.map((job) => job.id);
      const data = jobs.length === 1 ? jobs[0]?.data : jobs.map((job) => job.data);
      try {
        const result = await handler(jobs);
        const line = { queue: name, jobIds: ids, data, ms: Math.round(performance.now() - started) };
        if (quietQueues.includes(name)) logger.debug(line, 'job finished');
        else logger.info(line, 'job finished');
        return result;
      } catch (error) {
        logger.warn(
          { queue: name, jobIds: ids, data, ms: Math.round(performance.now() - started), err: error },
          'job failed (pg-boss retries it when retries are left)',
        );
        throw error;
      }
    };
  // Replaces the instance's `work` with one that wraps each handler (both call forms of pg-boss).
  boss.work = ((
    name: string,
    optionsOrHandler: object,
    maybeHandler?: (jobs: Array<{ id: string; data: unknown }>) => Promise<unknown>,
  ) => {
    if (typeof optionsOrHandler === 'function') return work(name, {}, logged(name, optionsOrHandler as never));
    return work(name, optionsOrHandler, logged(name, maybeHandler!));
  }) as PgBoss['work'];
}
