import {
  claimIdempotencyKey,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  releaseIdempotencyKey,
  requestFingerprint,
  storeIdempotentAnswer,
  takesIdempotencyKey,
  type AppServices,
} from '@phone-billing/api';
import type { FastifyRequest } from 'fastify';
import { errorBody } from './rest-errors';
import type { RestOperation } from './rest-operations';

/** What a REST operation answers, before it is sent. */
export interface RestAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const VALID_KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);
const INVALID_KEY = `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`;
const KEY_USED_FOR_ANOTHER_REQUEST = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request in the last 24 hours: send a new key`;
const TWIN_STILL_RUNNING = `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running: try again in a moment`;

/**
 * Runs an operation that takes Idempotency-Key (AppMeta.idempotent) at most once per key and
 * user: a request with a key already answered gets that answer again (header
 * `Idempotent-Replayed: true`), one with a key used for another request 422, one whose twin is
 * still running after a wait 409. Without a key, or without a signed-in user, it simply runs.
 */
export async function answerIdempotently(
  operation: RestOperation,
  request: FastifyRequest,
  services: AppServices,
  answer: () => Promise<RestAnswer>,
): Promise<RestAnswer> {
  const key = request.headers['idempotency-key'];
  if (key === undefined || !request.auth || !takesIdempotencyKey(operation.method, operation.meta)) return answer();
  if (typeof key !== 'string' || !VALID_KEY.test(key)) {
    return { status: 400, body: errorBody(INVALID_KEY, [{ msg: INVALID_KEY, path: IDEMPOTENCY_KEY_HEADER }]) };
  }
  const path = request.url.split('?')[0]!;
  const requestHash = requestFingerprint(request.method, path, request.body);
  const idempotent = { userId: request.auth.user.id, key, requestHash };
  const { appSecret } = services.config;
  const claim = await claimIdempotencyKey(services.db, idempotent, appSecret);
  if (claim.kind === 'replay') return { ...claim.answer, headers: { 'idempotent-replayed': 'true' } };
  if (claim.kind === 'other-request') {
    return { status: 422, body: errorBody(KEY_USED_FOR_ANOTHER_REQUEST) };
  }
  if (claim.kind === 'still-running') {
    return { status: 409, body: errorBody(TWIN_STILL_RUNNING) };
  }
  let result: RestAnswer;
  try {
    result = await answer();
  } catch (error) {
    await releaseIdempotencyKey(services.db, idempotent).catch(() => undefined);
    throw error;
  }
  const succeeded = result.status >= 200 && result.status < 300;
  if (succeeded) await storeIdempotentAnswer(services.db, idempotent, result, appSecret);
  else await releaseIdempotencyKey(services.db, idempotent);
  return result;
}
