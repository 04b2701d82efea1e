import { randomBytes } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import type { AuthUser } from '../services';
import { AppError } from '../errors';
import { countRequest, resetRequestCount, uncountRequest, type CounterWindow } from '../throttling/request-counters';
import { recordAudit } from './audit';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, loadAuthUser, type CreatedSession } from './sessions';

/**
 * Sign-in attempts for one e-mail from one client address in a window; a successful sign-in
 * starts it afresh. Counted per address too, so that an attacker guessing from elsewhere does not
 * lock the real user out (issue 13: they were).
 */
export const SIGN_IN_FAILURE_LIMIT = 5;
/**
 * Sign-in attempts for one e-mail from all addresses together in a window: guessing spread over
 * many addresses. Ten times the per-address limit, so it takes ten addresses to lock a user out.
 */
export const SIGN_IN_EMAIL_LIMIT = 50;
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
 * checked, atomically in PostgreSQL, per e-mail and client address (5 in 15 minutes), per e-mail
 * (50 in 15 minutes, from all addresses) and per client address (20 failures in 15 minutes):
 * beyond any, the answer is 429 without checking anything, so parallel guesses get no more tries
 * than sequential ones.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string; rememberMe: boolean; clientAddress: string },
  now = new Date(),
): Promise<{ user: AuthUser; session: CreatedSession }> {
  const email = normaliseEmail(input.email);
  const keys = signInCounterKeys(email, input.clientAddress);
  const [byEmailHere, byEmail, byAddress] = await countRequest(db, [keys.emailHere, keys.email, keys.address], SIGN_IN_WINDOW_MS, now);
  if (byEmailHere!.hits > SIGN_IN_FAILURE_LIMIT) throw tooManyAttempts(byEmailHere!, now, 'Too many failed sign-in attempts.');
  if (byEmail!.hits > SIGN_IN_EMAIL_LIMIT) throw tooManyAttempts(byEmail!, now, 'Too many failed sign-in attempts for this account.');
  if (byAddress!.hits > SIGN_IN_ADDRESS_LIMIT) throw tooManyAttempts(byAddress!, now, 'Too many failed sign-in attempts from your network.');

  const user = await db.user.findUnique({ where: { email } });
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUsers()), input.password);
  if (!user?.passwordHash || !passwordMatches) {
    await recordAudit(db, { actor: user ? { id: user.id, email: user.email } : null, action: 'auth.sign-in-failed', target: email });
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }

  // A right password clears the count of this e-mail from here, and counts against neither the
  // e-mail nor the address (others' guesses at the e-mail stay counted).
  await Promise.all([resetRequestCount(db, keys.emailHere), uncountRequest(db, keys.email, now), uncountRequest(db, keys.address, now)]);
  const session = await createSession(db, user.id, input.rememberMe, now);
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: now } });
  await recordAudit(db, { actor: { id: user.id, email: user.email }, action: 'auth.sign-in', target: email });
  const authUser = await loadAuthUser(db, user.id);
  return { user: authUser!, session };
}

/** The request_counters keys of a sign-in: the e-mail from this address, the e-mail, the address. */
export function signInCounterKeys(email: string, clientAddress: string) {
  const normalised = normaliseEmail(email);
  return {
    emailHere: `sign-in:email-from:${clientAddress}:${normalised}`,
    email: `sign-in:email:${normalised}`,
    address: `sign-in:address:${clientAddress}`,
  };
}

function tooManyAttempts(window: CounterWindow, now: Date, reason: string): AppError {
  const minutes = Math.max(1, Math.ceil((window.windowEndsAt.getTime() - now.getTime()) / 60_000));
  return new AppError('TOO_MANY_REQUESTS', `${reason} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
