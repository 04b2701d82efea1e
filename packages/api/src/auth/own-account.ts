import type { Database } from '@phone-billing/db';
import { AppError } from '../errors';
import type { AuthUser } from '../services';
import { getOrganizationSettings } from '../settings/organization-settings';
import { recordAudit } from './audit';
import { hashPassword, verifyPassword } from './passwords';
import { invalidateOtherSessions, loadAuthUser } from './sessions';

// What any signed-in user may change about their own account (no permission needed).

/** Sets the user's display name (audited when it changes) and returns the user as now stored. */
export async function updateDisplayName(db: Database, user: AuthUser, name: string): Promise<AuthUser> {
  await db.user.update({ where: { id: user.id }, data: { displayName: name } });
  if (name !== user.name) {
    await recordAudit(db, {
      actor: user,
      action: 'auth.profile-updated',
      target: user.email,
      details: { name: { from: user.name, to: name } },
    });
  }
  return (await loadAuthUser(db, user.id))!;
}

/**
 * Replaces the user's password after checking the current one (a 400 on the field when wrong).
 * With the organisation's `signOutOnPasswordChange`, every other session of the user ends; the
 * session that made the change (`keepSessionId`) stays signed in.
 */
export async function changePassword(
  db: Database,
  user: AuthUser,
  passwords: { currentPassword: string; newPassword: string },
  keepSessionId: string | null,
): Promise<void> {
  const record = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  if (!(await verifyPassword(record.passwordHash, passwords.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect', [
      { msg: 'Current password is incorrect', path: 'currentPassword' },
    ]);
  }
  await db.user.update({ where: { id: record.id }, data: { passwordHash: await hashPassword(passwords.newPassword) } });
  const settings = await getOrganizationSettings(db);
  const signedOut = settings.signOutOnPasswordChange ? await invalidateOtherSessions(db, record.id, keepSessionId) : 0;
  await recordAudit(db, {
    actor: user,
    action: 'auth.password-changed',
    target: record.email,
    details: { otherSessionsSignedOut: signedOut },
  });
}
