import { createHash } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import { deriveSecretKey, openSecret, sealSecret } from '../qbo/secret-box';

/**
 * The one home of Idempotency-Key (issue 25, spec/API.md "Idempotency"): a creating request sent
 * again with the same key by the same user within 24 hours gets the first answer again and
 * creates nothing; the same key with another request is refused. The first request claims the key
 * with an INSERT on its primary key, so of two identical requests arriving together exactly one
 * runs; the other waits for its answer. Only successes are kept: a request that failed releases
 * its key, so a retry runs again.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Printable ASCII, 1 to 200 characters (a UUID, "run-2026-05", ...). */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;

// How long a claim holds the key without an answer before another request may take it over
// (the process that claimed it died); longer than any creating request takes.
const CLAIM_HOLD_MS = 2 * 60_000;
// How long a second request waits for the first one's answer before it is told to retry (409).
const WAIT_FOR_FIRST_MS = 15_000;

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** What the request asks (method, path, body): requestFingerprint. */
  requestHash: string;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'other-request' }
  | { kind: 'still-running' };

/** A stable hash of a request: the same method, path and JSON body (keys in any order) hash alike. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    const sorted = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${sorted.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Claims `request.key` for the user, or says what its first use decided: the answer to replay,
 * another request under the key (422), or still running after a wait (409).
 */
export async function claimIdempotencyKey(
  db: Database,
  request: IdempotentRequest,
  appSecret: string,
  now = () => new Date(),
): Promise<IdempotencyClaim> {
  const startedAt = Date.now();
  for (let round = 0; ; round++) {
    const at = now();
    const claimEndsBy = new Date(at.getTime() + CLAIM_HOLD_MS);
    const inserted = await db.$executeRaw`
      INSERT INTO "idempotency_keys" ("userId", "key", "requestHash", "createdAt", "claimEndsBy")
      VALUES (${request.userId}::uuid, ${request.key}, ${request.requestHash}, ${at}::timestamptz,
        ${claimEndsBy}::timestamptz)
      ON CONFLICT ("userId", "key") DO NOTHING`;
    if (inserted === 1) return { kind: 'claimed' };

    const row = await db.idempotencyKey.findUnique({
      where: { userId_key: { userId: request.userId, key: request.key } },
    });
    if (!row) continue; // released between the two statements: claim it afresh
    const expired = row.createdAt.getTime() <= at.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS;
    const abandoned = row.status === null && row.claimEndsBy.getTime() <= at.getTime();
    if (expired || abandoned) {
      // Take the key over, unless someone else just did (the row changed since it was read).
      const taken = await db.idempotencyKey.updateMany({
        where: { userId: request.userId, key: request.key, createdAt: row.createdAt, claimEndsBy: row.claimEndsBy },
        data: { requestHash: request.requestHash, createdAt: at, claimEndsBy, status: null, sealedAnswer: null },
      });
      if (taken.count === 1) return { kind: 'claimed' };
      continue;
    }
    if (row.requestHash !== request.requestHash) return { kind: 'other-request' };
    if (row.status !== null && row.sealedAnswer !== null) {
      const body = JSON.parse(openSecret(row.sealedAnswer, answerKey(appSecret), sealContext(request))) as unknown;
      return { kind: 'replay', answer: { status: row.status, body } };
    }
    if (Date.now() - startedAt > WAIT_FOR_FIRST_MS) return { kind: 'still-running' };
    await new Promise((resolve) => setTimeout(resolve, Math.min(20 + round * 10, 100)));
  }
}

/** Keeps the answer of a claimed key (sealed: an API token's secret can be in it). */
export async function storeIdempotentAnswer(
  db: Database,
  request: IdempotentRequest,
  answer: StoredAnswer,
  appSecret: string,
): Promise<void> {
  const sealedAnswer = sealSecret(JSON.stringify(answer.body), answerKey(appSecret), sealContext(request));
  await db.idempotencyKey.updateMany({
    where: { userId: request.userId, key: request.key, requestHash: request.requestHash },
    data: { status: answer.status, sealedAnswer },
  });
}

/** The claimed request failed: the key is free again, so a retry runs. */
export async function releaseIdempotencyKey(db: Database, request: IdempotentRequest): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { userId: request.userId, key: request.key, status: null } });
}

/** Forgets keys older than 24 hours (housekeeping). */
export async function deleteExpiredIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  return (await db.idempotencyKey.deleteMany({ where: { createdAt: { lte: before } } })).count;
}

const answerKeys = new Map<string, Buffer>();
function answerKey(appSecret: string): Buffer {
  let key = answerKeys.get(appSecret);
  if (!key) answerKeys.set(appSecret, (key = deriveSecretKey(appSecret, 'idempotency-answers')));
  return key;
}

const sealContext = (request: IdempotentRequest) => `idempotency:${request.userId}:${request.key}`;
