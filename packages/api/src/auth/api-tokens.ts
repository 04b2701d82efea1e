import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { apiTokenCacheKey, type RequestCache } from '../request-cache';
import { AUTH_USER_COLUMNS, toAuthUser, type AuthUserRow } from './sessions';
import { hashToken } from './tokens';

/** Prefix that makes a leaked token recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'pbt_';
/** Writing lastUsedAt on every request would be wasteful; once a minute is precise enough. */
const LAST_USED_INTERVAL_MS = 60_000;

/** A live token with its user, as one query reads it (and the request cache keeps it). */
interface TokenPrincipal {
  tokenId: string;
  lastUsedAt: Date | null;
  user: AuthUser;
}

async function loadTokenPrincipal(db: Database, tokenHash: string): Promise<TokenPrincipal | null> {
  const rows = await db.$queryRaw<Array<AuthUserRow & { tokenId: string; lastUsedAt: Date | null }>>`
    SELECT t.id::text AS "tokenId", t."lastUsedAt", ${AUTH_USER_COLUMNS}
      FROM api_tokens t JOIN users u ON u.id = t."userId"
     WHERE t."tokenHash" = ${tokenHash} AND t."revokedAt" IS NULL`;
  const row = rows[0];
  return row ? { tokenId: row.tokenId, lastUsedAt: row.lastUsedAt, user: toAuthUser(row) } : null;
}

/**
 * The user a bearer token acts as, or null for an unknown or revoked token. With a request cache
 * the token and its user come from there (a revocation drops them in every process at once).
 */
export async function resolveApiToken(db: Database, bearer: string, now = new Date(), cache?: RequestCache): Promise<AuthUser | null> {
  const tokenHash = hashToken(bearer);
  const token = cache
    ? await cache.read(apiTokenCacheKey(tokenHash), () => loadTokenPrincipal(db, tokenHash))
    : await loadTokenPrincipal(db, tokenHash);
  if (!token) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_INTERVAL_MS) {
    // Conditional, so requests racing past the same stale copy write (and announce) it once.
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    await db.apiToken
      .updateMany({ where: { id: token.tokenId, revokedAt: null, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] }, data: { lastUsedAt: now } })
      .catch(() => undefined);
  }
  return token.user;
}
