import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { loadAuthUser } from './sessions';
import { hashToken } from './tokens';

/** Prefix that makes a leaked token recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'pbt_';

/** The user a bearer token acts as, or null for an unknown or revoked token. */
export async function resolveApiToken(db: Database, bearer: string, now = new Date()): Promise<AuthUser | null> {
  const token = await db.apiToken.findUnique({ where: { tokenHash: hashToken(bearer) } });
  if (!token || token.revokedAt) return null;
  const user = await loadAuthUser(db, token.userId);
  if (!user) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > 60_000) {
    await db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return user;
}
