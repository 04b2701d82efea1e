import { randomBytes } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { AppError } from '../errors';
import {
  clearSignInFailures,
  recordSignInFailure,
  releaseSignInCheck,
  reserveSignInCheck,
  SIGN_IN_LIMITS,
  type SignInLimits,
} from './sign-in-limits';
import { recordAudit } from './audit';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, loadAuthUser, type CreatedSession } from './sessions';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// A hash of a random password: unknown e-mails are checked against it, so they cost the same
// Argon2 work as known ones and the answer time does not tell which e-mails exist.
let unknownUserHash: Promise<string> | undefined;
const hashForUnknownUsers = () => (unknownUserHash ??= hashPassword(randomBytes(24).toString('base64url')));

/**
 * Checks the credentials and opens a session, within the failure limits of sign-in-limits.ts:
 * the attempt takes a place under them before the password is checked (so parallel guesses get
 * no more checks than sequential ones), a wrong password turns the place into a failure, a right
 * one forgets the account's failures. An attempt a limit refuses (429) checks and counts nothing.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string; rememberMe: boolean; clientAddress: string },
  now = new Date(),
  limits: SignInLimits = SIGN_IN_LIMITS,
): Promise<{ user: AuthUser; session: CreatedSession }> {
  const email = normaliseEmail(input.email);
  const check = await reserveSignInCheck(db, { email, address: input.clientAddress }, limits, now);
  let user: Awaited<ReturnType<typeof db.user.findUnique>>;
  let passwordMatches: boolean;
  try {
    user = await db.user.findUnique({ where: { email } });
    passwordMatches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUsers()), input.password);
  } catch (error) {
    await releaseSignInCheck(db, check).catch(() => undefined);
    throw error;
  }
  if (!user?.passwordHash || !passwordMatches) {
    await recordSignInFailure(db, check, now);
    await recordAudit(db, {
      actor: user ? { id: user.id, email: user.email } : null,
      action: 'auth.sign-in-failed',
      target: email,
    });
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }

  await clearSignInFailures(db, check);
  const session = await createSession(db, user.id, input.rememberMe, now);
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });
  await recordAudit(db, { actor: { id: user.id, email: user.email }, action: 'auth.sign-in', target: email });
  const authUser = await loadAuthUser(db, user.id);
  return { user: authUser!, session };
}
