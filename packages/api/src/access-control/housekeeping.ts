import type { Database } from '@phone-billing/db';
import { deleteEndedSignInFailures } from '../auth/sign-in-limits';
import { deleteExpiredIdempotencyKeys } from '../idempotency/idempotency-keys';
import { OAUTH_STATE_LIFETIME_MS } from '../qbo/oauth-states';
import { deleteEndedCounters } from '../throttling/request-counters';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets what is no longer needed: expired sessions, setup links used or expired a week ago,
 * rate-limit counters whose window has ended, sign-in failures older than their window, revoked
 * API tokens after 90 days, Idempotency-Keys after 24 hours, spent OAuth states after their ten minutes.
 * The audit log is kept.
 */
export async function cleanUpAccessData(db: Database, now = new Date()) {
  const [sessions, setupLinks, requestCounters, tokens, signInFailures, idempotencyKeys, oauthStates] =
    await Promise.all([
      db.session.deleteMany({ where: { expiresAt: { lte: now } } }),
      db.passwordSetupToken.deleteMany({
        where: {
          OR: [
            { usedAt: { lte: new Date(now.getTime() - 7 * DAY_MS) } },
            { expiresAt: { lte: new Date(now.getTime() - 7 * DAY_MS) } },
          ],
        },
      }),
      deleteEndedCounters(db, now),
      db.apiToken.deleteMany({ where: { revokedAt: { lte: new Date(now.getTime() - 90 * DAY_MS) } } }),
      deleteEndedSignInFailures(db, now),
      deleteExpiredIdempotencyKeys(db, now),
      db.oAuthState.deleteMany({
        where: { createdAt: { lte: new Date(now.getTime() - 2 * OAUTH_STATE_LIFETIME_MS) } },
      }),
    ]);
  return {
    sessions: sessions.count,
    setupLinks: setupLinks.count,
    requestCounters,
    apiTokens: tokens.count,
    signInFailures,
    idempotencyKeys,
    oauthStates: oauthStates.count,
  };
}
