import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { generateSecretToken, hashToken } from './tokens';

export const SESSION_COOKIE = 'pb_session';
const DAY_MS = 24 * 60 * 60 * 1000;
/** "Remember me": 30 days, renewed as the user keeps using the app. */
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;
/** Without "remember me" the cookie dies with the browser; the server forgets it after a day idle. */
export const BROWSER_SESSION_MS = DAY_MS;
export const IDLE_SIGN_OUT_MS = 30 * 60 * 1000;
/** Writing lastSeenAt on every request would be wasteful; once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface CreatedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  /** null: a browser-session cookie (no Max-Age). */
  cookieExpiresAt: Date | null;
}

export async function createSession(db: Database, userId: string, rememberMe: boolean, now = new Date()): Promise<CreatedSession> {
  const token = generateSecretToken();
  const sessionId = hashToken(token);
  const expiresAt = new Date(now.getTime() + (rememberMe ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS));
  await db.session.create({ data: { id: sessionId, userId, expiresAt, rememberMe, createdAt: now, lastSeenAt: now } });
  return { token, sessionId, expiresAt, cookieExpiresAt: rememberMe ? expiresAt : null };
}

export interface ValidatedSession {
  sessionId: string;
  user: AuthUser;
  /** Set when the expiry slid forward and the cookie should be re-sent. */
  renewedCookieExpiresAt?: Date | null;
}

/**
 * Looks the token's hash up; expired or idle sessions are deleted. Sliding expiry: a session used
 * in the second half of its life is extended to a full period again.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  options: { signOutIdleSessions: boolean },
  now = new Date(),
): Promise<ValidatedSession | null> {
  const sessionId = hashToken(token);
  const session = await db.session.findUnique({ where: { id: sessionId } });
  if (!session) return null;
  const idleTooLong = options.signOutIdleSessions && now.getTime() - session.lastSeenAt.getTime() > IDLE_SIGN_OUT_MS;
  if (session.expiresAt <= now || idleTooLong) {
    await db.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  const user = await loadAuthUser(db, session.userId);
  if (!user) return null;

  const period = session.rememberMe ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS;
  const shouldSlide = session.expiresAt.getTime() - now.getTime() < period / 2;
  const shouldTouch = now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
  let renewedCookieExpiresAt: Date | null | undefined;
  if (shouldSlide || shouldTouch) {
    const expiresAt = shouldSlide ? new Date(now.getTime() + period) : session.expiresAt;
    await db.session.update({ where: { id: sessionId }, data: { expiresAt, lastSeenAt: now } }).catch(() => undefined);
    if (shouldSlide) renewedCookieExpiresAt = session.rememberMe ? expiresAt : null;
  }
  return { sessionId, user, renewedCookieExpiresAt };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId } });
}

/** Signs a user out everywhere except (optionally) the session in use. */
export async function invalidateOtherSessions(db: Database, userId: string, keepSessionId: string | null): Promise<number> {
  const result = await db.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  return result.count;
}

/** The user with the union of their roles' permissions, read fresh so role changes apply at once. */
export async function loadAuthUser(db: Database, userId: string): Promise<AuthUser | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    include: { roles: { include: { role: { include: { actions: { include: { action: true } } } } } } },
  });
  if (!user) return null;
  const permissions = new Set<string>();
  for (const { role } of user.roles) for (const { action } of role.actions) permissions.add(action.key);
  return {
    id: user.id,
    email: user.email,
    name: user.displayName,
    permissions: [...permissions].sort(),
    roles: user.roles.map(({ role }) => ({ id: role.id, name: role.name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
