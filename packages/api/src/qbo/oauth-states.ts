import { randomBytes } from 'node:crypto';
import type { Database } from '@phone-billing/db';

/** How long an issued state may come back (the consent page rarely takes longer). */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;

/** A fresh, unguessable `state` for one authorization, remembered in oauth_states. */
export async function issueOAuthState(db: Database, provider: string, userId: string | null): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await db.oAuthState.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 24 * 3600_000) } } }).catch(() => undefined);
  await db.oAuthState.create({ data: { state, provider, userId } });
  return state;
}

/**
 * Spends a state: true only for one this server issued for `provider` within the last ten
 * minutes, not used before (and, when the issuer is known, brought back by the same user).
 * Atomic, so two callbacks racing with one state cannot both succeed.
 */
export async function consumeOAuthState(db: Database, provider: string, state: string, userId: string | null): Promise<boolean> {
  if (!state || state.length > 200) return false;
  const spent = await db.oAuthState.updateMany({
    where: {
      state,
      provider,
      usedAt: null,
      createdAt: { gte: new Date(Date.now() - OAUTH_STATE_LIFETIME_MS) },
      ...(userId ? { OR: [{ userId: null }, { userId }] } : {}),
    },
    data: { usedAt: new Date() },
  });
  return spent.count === 1;
}
