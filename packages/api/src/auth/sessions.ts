import { Prisma, type Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { sessionCacheKey, type RequestCache } from '../request-cache';
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

export async function createSession(
  db: Database,
  userId: string,
  rememberMe: boolean,
  now = new Date(),
): Promise<CreatedSession> {
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

/** A session row with its user, as one query reads it (and the request cache keeps it). */
interface SessionPrincipal {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  rememberMe: boolean;
  user: AuthUser;
}

async function loadSessionPrincipal(db: Database, sessionId: string): Promise<SessionPrincipal | null> {
  const rows = await db.$queryRaw<Array<AuthUserRow & { expiresAt: Date; lastSeenAt: Date; rememberMe: boolean }>>`
    SELECT s."expiresAt", s."lastSeenAt", s."rememberMe", ${AUTH_USER_COLUMNS}
      FROM sessions s JOIN users u ON u.id = s."userId"
     WHERE s.id = ${sessionId}`;
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    rememberMe: row.rememberMe,
    user: toAuthUser(row),
  };
}

/**
 * Looks the token's hash up; expired or idle sessions are deleted. Sliding expiry: a session used
 * in the second half of its life is extended to a full period again. With a request cache the
 * session and its user come from there while nothing needs writing; a decision to delete, slide
 * or touch the session is always taken on a fresh read.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  options: { signOutIdleSessions: boolean; cache?: RequestCache },
  now = new Date(),
): Promise<ValidatedSession | null> {
  const sessionId = hashToken(token);
  const cacheKey = sessionCacheKey(sessionId);
  let session = options.cache
    ? await options.cache.read(cacheKey, () => loadSessionPrincipal(db, sessionId))
    : await loadSessionPrincipal(db, sessionId);
  if (!session) return null;

  const period = session.rememberMe ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS;
  const isOver = (candidate: SessionPrincipal) =>
    candidate.expiresAt <= now ||
    (options.signOutIdleSessions && now.getTime() - candidate.lastSeenAt.getTime() > IDLE_SIGN_OUT_MS);
  const needsWrite = (candidate: SessionPrincipal) =>
    isOver(candidate) ||
    candidate.expiresAt.getTime() - now.getTime() < period / 2 ||
    now.getTime() - candidate.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
  if (!needsWrite(session)) return { sessionId, user: session.user };

  if (options.cache) {
    session = await loadSessionPrincipal(db, sessionId);
    if (!session) return null;
  }
  if (isOver(session)) {
    await db.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  const shouldSlide = session.expiresAt.getTime() - now.getTime() < period / 2;
  const shouldTouch = now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
  let renewedCookieExpiresAt: Date | null | undefined;
  if (shouldSlide || shouldTouch) {
    const expiresAt = shouldSlide ? new Date(now.getTime() + period) : session.expiresAt;
    await db.session.update({ where: { id: sessionId }, data: { expiresAt, lastSeenAt: now } }).catch(() => undefined);
    if (shouldSlide) renewedCookieExpiresAt = session.rememberMe ? expiresAt : null;
  }
  return { sessionId, user: session.user, renewedCookieExpiresAt };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId } });
}

/** Signs a user out everywhere except (optionally) the session in use. */
export async function invalidateOtherSessions(
  db: Database,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const result = await db.session.deleteMany({
    where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
  });
  return result.count;
}

/** A users row aliased "u" with its roles and permissions, as AUTH_USER_COLUMNS selects them. */
export interface AuthUserRow {
  userId: string;
  email: string;
  displayName: string | null;
  permissions: string[];
  roles: Array<{ id: string; name: string }>;
}

/** Selects an AuthUserRow from a query whose users row is aliased "u": one statement, no joins fanning out. */
export const AUTH_USER_COLUMNS = Prisma.sql`
  u.id::text AS "userId", u.email, u."displayName",
  ARRAY(SELECT DISTINCT a.key FROM user_roles ur
          JOIN role_actions ra ON ra."roleId" = ur."roleId"
          JOIN actions a ON a.id = ra."actionId"
         WHERE ur."userId" = u.id) AS permissions,
  COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.name))
              FROM user_roles ur JOIN roles r ON r.id = ur."roleId"
             WHERE ur."userId" = u.id), '[]'::json) AS roles`;

export function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    id: row.userId,
    email: row.email,
    name: row.displayName,
    permissions: [...row.permissions].sort(),
    roles: [...row.roles].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The user with the union of their roles' permissions, read fresh so role changes apply at once. */
export async function loadAuthUser(db: Database, userId: string): Promise<AuthUser | null> {
  const rows = await db.$queryRaw<AuthUserRow[]>`SELECT ${AUTH_USER_COLUMNS} FROM users u WHERE u.id = ${userId}::uuid`;
  return rows[0] ? toAuthUser(rows[0]) : null;
}
