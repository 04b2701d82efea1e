import type { Database } from '@phone-billing/db';
import { API_TOKEN_PREFIX } from '../auth/api-tokens';
import { recordAudit } from '../auth/audit';
import { generateSecretToken, hashToken } from '../auth/tokens';
import type { AuthUser } from '../services';
import { AppError } from '../errors';

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
export async function createApiToken(db: Database, actor: AuthUser, name: string): Promise<{ id: string; name: string; token: string; createdAt: string }> {
  const token = `${API_TOKEN_PREFIX}${generateSecretToken()}`;
  const created = await db.apiToken.create({ data: { userId: actor.id, name, tokenHash: hashToken(token) } });
  await recordAudit(db, { actor, action: 'auth.token-created', target: name, details: { tokenId: created.id } });
  return { id: created.id, name: created.name, token, createdAt: created.createdAt.toISOString() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes one of the caller's own tokens; anybody else's is "not found". */
export async function revokeApiToken(db: Database, actor: AuthUser, tokenId: string): Promise<void> {
  const token = UUID.test(tokenId) ? await db.apiToken.findFirst({ where: { id: tokenId, userId: actor.id, revokedAt: null } }) : null;
  if (!token) throw new AppError('NOT_FOUND', 'API token not found');
  await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
  await recordAudit(db, { actor, action: 'auth.token-revoked', target: token.name, details: { tokenId: token.id } });
}
