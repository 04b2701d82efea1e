import type { Database } from '@phone-billing/db';
import { deleteEndedCounters } from '../throttling/request-counters';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets what is no longer needed: expired sessions, setup links used or expired a week ago,
 * sign-in and rate-limit counters whose window has ended, revoked API tokens after 90 days.
 * The audit log is kept.
 */
export async function cleanUpAccessData(db: Database, now = new Date()) {
  const [sessions, setupLinks, requestCounters, tokens] = await Promise.all([
    db.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    db.passwordSetupToken.deleteMany({
      where: { OR: [{ usedAt: { lte: new Date(now.getTime() - 7 * DAY_MS) } }, { expiresAt: { lte: new Date(now.getTime() - 7 * DAY_MS) } }] },
    }),
    deleteEndedCounters(db, now),
    db.apiToken.deleteMany({ where: { revokedAt: { lte: new Date(now.getTime() - 90 * DAY_MS) } } }),
  ]);
  return { sessions: sessions.count, setupLinks: setupLinks.count, requestCounters, apiTokens: tokens.count };
}
