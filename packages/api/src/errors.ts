/**
 * The one error type domain code throws. The tRPC error formatter and the REST layer map `code`
 * to a status: BAD_REQUEST 400, UNAUTHORIZED 401, FORBIDDEN 403, NOT_FOUND 404, CONFLICT 409,
 * TOO_MANY_REQUESTS 429, BAD_GATEWAY 502 (an outside service failed), INTERNAL 500.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'INTERNAL';

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    /** Field-level problems, shown as `errors: [{ msg, path }]` in REST answers. */
    public readonly fieldErrors?: Array<{ msg: string; path: string }>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
