import type { Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { hashPassword } from '../auth/passwords';
import { normaliseEmail } from '../auth/sign-in';
import { forgetAccountFailures } from '../auth/sign-in-limits';
import { createSession, invalidateOtherSessions, loadAuthUser, type CreatedSession } from '../auth/sessions';
import { generateSecretToken, hashToken } from '../auth/tokens';
import type { AuthUser } from '../services';
import { AppError } from '../errors';

/** How long a one-time password setup link stays valid. */
export const SETUP_LINK_TTL_MS = 72 * 60 * 60 * 1000;

const INVALID_LINK =
  'This setup link is invalid, expired or has already been used. Ask an administrator for a new one.';

/**
 * A one-time link (72 h) to choose a password: `setup` for a user created without one, `reset`
 * for a password reset an administrator issued. Only the token's hash is stored.
 */
export async function createPasswordSetupLink(
  db: Database,
  userId: string,
  appOrigin: string,
  now = new Date(),
  purpose: 'setup' | 'reset' = 'setup',
): Promise<string> {
  const token = generateSecretToken();
  await db.passwordSetupToken.create({
    data: { id: hashToken(token), userId, expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS), createdAt: now },
  });
  return `${appOrigin.replace(/\/$/, '')}/login?${purpose}=${encodeURIComponent(token)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Send reset link" on Access Control: a one-time link (72 h) with which the user chooses a new
 * password on the login screen. Earlier unused links of the user stop working; audited.
 */
export async function createPasswordResetLink(
  db: Database,
  actor: AuthUser,
  userId: string,
  appOrigin: string,
  now = new Date(),
): Promise<string> {
  const user = UUID.test(userId)
    ? await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true } })
    : null;
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  await db.passwordSetupToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
  const url = await createPasswordSetupLink(db, user.id, appOrigin, now, 'reset');
  await recordAudit(db, {
    actor,
    action: 'auth.reset-link-created',
    target: user.email,
    details: { validHours: SETUP_LINK_TTL_MS / 3_600_000 },
  });
  return url;
}

async function findUsableToken(db: Database, token: string, now: Date) {
  const record = await db.passwordSetupToken.findUnique({
    where: { id: hashToken(token) },
    include: { user: { select: { email: true } } },
  });
  if (!record || record.usedAt || record.expiresAt <= now) return null;
  return record;
}

/** Whose link this is, so the form can show the e-mail; null when it can no longer be used. */
export async function describeSetupLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ email: string; expiresAt: string } | null> {
  const record = await findUsableToken(db, token, now);
  return record ? { email: record.user.email, expiresAt: record.expiresAt.toISOString() } : null;
}

/** Sets the password once (the link is used up atomically) and opens a session. */
export async function redeemSetupLink(
  db: Database,
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ user: AuthUser; session: CreatedSession }> {
  const record = await findUsableToken(db, input.token, now);
  if (!record) throw new AppError('BAD_REQUEST', INVALID_LINK);
  const passwordHash = await hashPassword(input.password);
  // Single use even when two requests race: only the one that flips usedAt goes on.
  const claimed = await db.passwordSetupToken.updateMany({
    where: { id: record.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) throw new AppError('BAD_REQUEST', INVALID_LINK);
  await db.user.update({ where: { id: record.userId }, data: { passwordHash, lastLoginAt: now } });
  // Other outstanding links of this user die with it, and so do sessions opened with the old password.
  await db.passwordSetupToken.updateMany({ where: { userId: record.userId, usedAt: null }, data: { usedAt: now } });
  await invalidateOtherSessions(db, record.userId, null);
  await forgetAccountFailures(db, normaliseEmail(record.user.email));
  const session = await createSession(db, record.userId, true, now);
  await recordAudit(db, {
    actor: { id: record.userId, email: record.user.email },
    action: 'auth.password-set-from-link',
    target: record.user.email,
  });
  const user = await loadAuthUser(db, record.userId);
  return { user: user!, session };
}
