import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { AppError } from '../errors';
import { recordAudit } from './audit';
import { verifyPassword } from './passwords';
import { createSession, loadAuthUser, type CreatedSession } from './sessions';

export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks the credentials and opens a session. Five failures for one e-mail within 15 minutes lock
 * that e-mail out (429) until the window passes, whatever the password, to stop guessing.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string; rememberMe: boolean },
  now = new Date(),
): Promise<{ user: AuthUser; session: CreatedSession }> {
  const email = normaliseEmail(input.email);
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const lastSuccess = await db.signInAttempt.findFirst({ where: { email, succeeded: true, at: { gte: windowStart } }, orderBy: { at: 'desc' } });
  const recentFailures = await db.signInAttempt.findMany({
    where: { email, succeeded: false, at: { gte: lastSuccess && lastSuccess.at > windowStart ? lastSuccess.at : windowStart } },
    orderBy: { at: 'asc' },
    select: { at: true },
  });
  if (recentFailures.length >= SIGN_IN_FAILURE_LIMIT) {
    const unlockAt = recentFailures[recentFailures.length - SIGN_IN_FAILURE_LIMIT]!.at.getTime() + SIGN_IN_WINDOW_MS;
    const minutes = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }

  const user = await db.user.findUnique({ where: { email } });
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  await db.signInAttempt.create({ data: { email, succeeded: valid, at: now } });
  if (!user || !valid) {
    await recordAudit(db, { actor: user ? { id: user.id, email: user.email } : null, action: 'auth.sign-in-failed', target: email });
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }

  const session = await createSession(db, user.id, input.rememberMe, now);
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });
  await recordAudit(db, { actor: { id: user.id, email: user.email }, action: 'auth.sign-in', target: email });
  const authUser = await loadAuthUser(db, user.id);
  return { user: authUser!, session };
}
