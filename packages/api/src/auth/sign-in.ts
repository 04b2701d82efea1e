import { randomBytes } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { AppError } from '../errors';
import { countRequest, resetRequestCount, uncountRequest, type CounterWindow } from '../throttling/request-counters';
import { recordAudit } from './audit';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, loadAuthUser, type CreatedSession } from './sessions';

/** Sign-in attempts one e-mail may make in a window; a successful sign-in starts it afresh. */
export const SIGN_IN_FAILURE_LIMIT = 5;
/**
 * Failed sign-ins one client address may make in a window, whatever the e-mails (password
 * spraying). An office behind one address has room for its people's typos.
 */
export const SIGN_IN_ADDRESS_LIMIT = 20;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// A hash of a random password: unknown e-mails are checked against it, so they cost the same
// Argon2 work as known ones and the answer time does not tell which e-mails exist.
let unknownUserHash: Promise<string> | undefined;
const hashForUnknownUsers = () => (unknownUserHash ??= hashPassword(randomBytes(24).toString('base64url')));

/**
 * Checks the credentials and opens a session. The attempt is counted before the password is
 * checked, atomically in PostgreSQL, per e-mail (5 in 15 minutes) and per client address
 * (20 failures in 15 minutes): beyond either, the answer is 429 without checking anything, so
 * parallel guesses get no more tries than sequential ones.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string; rememberMe: boolean; clientAddress: string },
  now = new Date(),
): Promise<{ user: AuthUser; session: CreatedSession }> {
  const email = normaliseEmail(input.email);
  const emailKey = `sign-in:email:${email}`;
  const addressKey = `sign-in:address:${input.clientAddress}`;
  const [byEmail, byAddress] = await countRequest(db, [emailKey, addressKey], SIGN_IN_WINDOW_MS, now);
  if (byEmail!.hits > SIGN_IN_FAILURE_LIMIT) throw tooManyAttempts(byEmail!, now, 'Too many failed sign-in attempts.');
  if (byAddress!.hits > SIGN_IN_ADDRESS_LIMIT) throw tooManyAttempts(byAddress!, now, 'Too many failed sign-in attempts from your network.');

  const user = await db.user.findUnique({ where: { email } });
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUsers()), input.password);
  if (!user?.passwordHash || !passwordMatches) {
    await recordAudit(db, { actor: user ? { id: user.id, email: user.email } : null, action: 'auth.sign-in-failed', target: email });
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }

  // A right password clears the e-mail's count and does not count against the address.
  await Promise.all([resetRequestCount(db, emailKey), uncountRequest(db, addressKey, now)]);
  const session = await createSession(db, user.id, input.rememberMe, now);
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });
  await recordAudit(db, { actor: { id: user.id, email: user.email }, action: 'auth.sign-in', target: email });
  const authUser = await loadAuthUser(db, user.id);
  return { user: authUser!, session };
}

function tooManyAttempts(window: CounterWindow, now: Date, reason: string): AppError {
  const minutes = Math.max(1, Math.ceil((window.windowEndsAt.getTime() - now.getTime()) / 60_000));
  return new AppError('TOO_MANY_REQUESTS', `${reason} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
