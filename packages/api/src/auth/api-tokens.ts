// API tokens, the one home for them: a user's own tokens for scripts (listed, created, revoked
// from Settings) and the bearer token a REST request brings, resolved to the user it acts as.
import type { Database } from '@phone-billing/db';
import { AppError } from '../errors';
import type { AuthUser } from '../services';
import { apiTokenCacheKey, type RequestCache } from '../request-cache';
import { recordAudit } from './audit';
import { AUTH_USER_COLUMNS, toAuthUser, type AuthUserRow } from './sessions';
import { generateSecretToken, hashToken } from './tokens';

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
export async function resolveApiToken(
  db: Database,
  bearer: string,
  now = new Date(),
  cache?: RequestCache,
): Promise<AuthUser | null> {
  const tokenHash = hashToken(bearer);
  const token = cache
    ? await cache.read(apiTokenCacheKey(tokenHash), () => loadTokenPrincipal(db, tokenHash))
    : await loadTokenPrincipal(db, tokenHash);
  if (!token) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_INTERVAL_MS) {
    // Conditional, so requests racing past the same stale copy write (and announce) it once.
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    await db.apiToken
      .updateMany({
        where: { id: token.tokenId, revokedAt: null, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
        data: { lastUsedAt: now },
      })
      .catch(() => undefined);
  }
  return token.user;
}

export interface ApiTokenEntry {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The caller's own live tokens, newest first. */
export async function listApiTokens(db: Database, userId: string): Promise<ApiTokenEntry[]> {
  const tokens = await db.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  return tokens.map((token) => ({
    id: token.id,
    name: token.name,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  }));
}

/** A new token for scripts; the secret is returned this once, only its hash is stored. */
export async function createApiToken(
  db: Database,
  actor: AuthUser,
  name: string,
): Promise<{ id: string; name: string; token: string; createdAt: string }> {
  const token = `${API_TOKEN_PREFIX}${generateSecretToken()}`;
  const created = await db.apiToken.create({ data: { userId: actor.id, name, tokenHash: hashToken(token) } });
  await recordAudit(db, { actor, action: 'auth.token-created', target: name, details: { tokenId: created.id } });
  return { id: created.id, name: created.name, token, createdAt: created.createdAt.toISOString() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes one of the caller's own tokens; anybody else's is "not found". */
export async function revokeApiToken(db: Database, actor: AuthUser, tokenId: string): Promise<void> {
  const token = UUID.test(tokenId)
    ? await db.apiToken.findFirst({ where: { id: tokenId, userId: actor.id, revokedAt: null } })
    : null;
  if (!token) throw new AppError('NOT_FOUND', 'API token not found');
  await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
  await recordAudit(db, { actor, action: 'auth.token-revoked', target: token.name, details: { tokenId: token.id } });
}
