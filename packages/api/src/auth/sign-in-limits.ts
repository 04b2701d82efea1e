import type { Database } from '@phone-billing/db';
import { AppError } from '../errors';

/**
 * The one home of the sign-in failure limits (issue 13, corrected in issue 25). Only a wrong
 * password is a failure, and it counts once in each limit; an attempt a limit refuses is not
 * checked and not counted; a right password forgets the account's failures (from every address,
 * so also their part of each address's count). Failures count for a sliding 15 minutes.
 */
export interface SignInLimits {
  /** Failures for one e-mail from one client address: the guesser is stopped, the user elsewhere is not. */
  perAccountFromAddress: number;
  /** Failures for one e-mail from all addresses together... */
  perAccount: number;
  /** ...lock it everywhere only when they came from at least this many addresses. */
  accountLockAddresses: number;
  /** Failures from one client address, whatever the e-mails (password spraying). */
  perAddress: number;
  windowMs: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccountFromAddress: 5,
  perAccount: 50,
  accountLockAddresses: 10,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
};

/** Failures in the window that concern one attempt (its e-mail, its address). */
export interface FailureCounts {
  accountFromAddress: number;
  account: number;
  /** Distinct client addresses among the account's failures. */
  accountAddresses: number;
  address: number;
}

export type SignInLock = 'account-from-address' | 'account' | 'address';

/** Which limit, if any, the failures counted so far put out of reach. */
export function signInLockFor(counts: FailureCounts, limits: SignInLimits = SIGN_IN_LIMITS): SignInLock | null {
  if (counts.accountFromAddress >= limits.perAccountFromAddress) return 'account-from-address';
  if (counts.account >= limits.perAccount && counts.accountAddresses >= limits.accountLockAddresses) return 'account';
  if (counts.address >= limits.perAddress) return 'address';
  return null;
}

export const SIGN_IN_LOCK_MESSAGES: Record<SignInLock, string> = {
  'account-from-address': 'Too many failed sign-in attempts.',
  account: 'Too many failed sign-in attempts for this account.',
  address: 'Too many failed sign-in attempts from your network.',
};

/** A place under the limits for one password check, held until it is settled. */
export interface SignInCheck {
  id: string;
  email: string;
  address: string;
}

// How long a check may hold its place: a password check takes well under a second; this only
// matters when the process died in the middle of one.
const CHECK_HOLD_MS = 30_000;
// How long an attempt waits for the checks in flight ahead of it before it gives up. Thirty
// parallel sign-ins from one address and e-mail are checked five at a time: about a second on
// an idle machine, 13 s with both cores busy with other tests; this leaves room beyond that.
const WAIT_FOR_CHECKS_MS = 30_000;
// The admission is a few short statements; under load it may wait a while for a connection.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

type Admission =
  | { kind: 'admitted'; check: SignInCheck }
  | { kind: 'refused'; lock: SignInLock; since: Date | null }
  | { kind: 'wait' };

type CountsRow = {
  [K in keyof FailureCounts]: number;
} & {
  [K in keyof FailureCounts as `${K}InFlight`]: number;
} & { accountFromAddressSince: Date | null; accountSince: Date | null; addressSince: Date | null };

/**
 * Takes a place for one password check, or refuses the attempt (429, nothing counted) when the
 * failures so far reach a limit. When only checks still in flight could reach it (parallel
 * attempts), the attempt waits for them to settle instead: ten parallel wrong guesses get five
 * checks, thirty parallel right passwords all get theirs. Admission is serialised per e-mail and
 * per address (advisory locks, so every instance agrees); the password check itself is not.
 */
export async function reserveSignInCheck(
  db: Database,
  attempt: { email: string; address: string },
  limits: SignInLimits,
  now: Date,
): Promise<SignInCheck> {
  const startedAt = Date.now();
  // `now` dates the attempt (tests move it); checks in flight expire by the clock that passes.
  const current = () => new Date(now.getTime() + (Date.now() - startedAt));
  for (let round = 0; ; round++) {
    const outcome = await db.$transaction(async (tx): Promise<Admission> => {
      // Try, never wait, for the locks: a transaction waiting on a lock would hold a pooled
      // connection, and fifty parallel attempts at one e-mail would drain the pool (a 500).
      const [locks] = await tx.$queryRaw<Array<{ held: boolean }>>`
        SELECT pg_try_advisory_xact_lock(hashtextextended(${`sign-in:email:${attempt.email}`}, 0))
           AND pg_try_advisory_xact_lock(hashtextextended(${`sign-in:address:${attempt.address}`}, 0)) AS "held"`;
      if (!locks?.held) return { kind: 'wait' };
      const counts = await countFailures(tx as unknown as Database, attempt, limits, now, current());
      const settled: FailureCounts = {
        accountFromAddress: counts.accountFromAddress,
        account: counts.account,
        accountAddresses: counts.accountAddresses,
        address: counts.address,
      };
      const lock = signInLockFor(settled, limits);
      if (lock) return { kind: 'refused', lock, since: counts[`${lockKey(lock)}Since`] };
      const ifInFlightFail: FailureCounts = {
        accountFromAddress: counts.accountFromAddressInFlight,
        account: counts.accountInFlight,
        accountAddresses: counts.accountAddressesInFlight,
        address: counts.addressInFlight,
      };
      if (signInLockFor(ifInFlightFail, limits)) return { kind: 'wait' };
      const [row] = await tx.$queryRaw<Array<{ id: string }>>`
        INSERT INTO "sign_in_failures" ("email", "address", "failedAt", "checkEndsBy")
        VALUES (${attempt.email}, ${attempt.address}, NULL, ${checkEndsBy(current())}::timestamptz)
        RETURNING "id"::text AS "id"`;
      return { kind: 'admitted', check: { id: row!.id, ...attempt } };
    }, TRANSACTION_OPTIONS);
    if (outcome.kind === 'admitted') return outcome.check;
    // Dated by the clock that passed: a refusal that waited on parallel checks would otherwise
    // count from before their failures and promise more than the window ("16 minutes").
    if (outcome.kind === 'refused') throw tooManyFailures(outcome.lock, outcome.since, limits, current());
    if (Date.now() - startedAt > WAIT_FOR_CHECKS_MS) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many sign-in attempts at once. Try again in a minute.');
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(10 + round * 5, 50) + Math.random() * 10));
  }
}

function lockKey(lock: SignInLock): 'accountFromAddress' | 'account' | 'address' {
  return lock === 'account-from-address' ? 'accountFromAddress' : lock;
}

const checkEndsBy = (at: Date) => new Date(at.getTime() + CHECK_HOLD_MS);

async function countFailures(
  db: Database,
  attempt: { email: string; address: string },
  limits: SignInLimits,
  now: Date,
  current: Date,
) {
  const windowStart = new Date(now.getTime() - limits.windowMs);
  const [row] = await db.$queryRaw<CountsRow[]>`
    WITH relevant AS (
      SELECT "email" = ${attempt.email} AS "ofAccount", "address" = ${attempt.address} AS "ofAddress",
        "address", "failedAt"
      FROM "sign_in_failures"
      WHERE ("email" = ${attempt.email} OR "address" = ${attempt.address})
        AND ("failedAt" > ${windowStart}::timestamptz
          OR ("failedAt" IS NULL AND "checkEndsBy" > ${current}::timestamptz))
    )
    SELECT
      count(*) FILTER (WHERE "ofAccount" AND "ofAddress" AND "failedAt" IS NOT NULL)::int AS "accountFromAddress",
      count(*) FILTER (WHERE "ofAccount" AND "ofAddress")::int AS "accountFromAddressInFlight",
      count(*) FILTER (WHERE "ofAccount" AND "failedAt" IS NOT NULL)::int AS "account",
      count(*) FILTER (WHERE "ofAccount")::int AS "accountInFlight",
      count(DISTINCT "address") FILTER (WHERE "ofAccount" AND "failedAt" IS NOT NULL)::int AS "accountAddresses",
      count(DISTINCT "address") FILTER (WHERE "ofAccount")::int AS "accountAddressesInFlight",
      count(*) FILTER (WHERE "ofAddress" AND "failedAt" IS NOT NULL)::int AS "address",
      count(*) FILTER (WHERE "ofAddress")::int AS "addressInFlight",
      min("failedAt") FILTER (WHERE "ofAccount" AND "ofAddress") AS "accountFromAddressSince",
      min("failedAt") FILTER (WHERE "ofAccount") AS "accountSince",
      min("failedAt") FILTER (WHERE "ofAddress") AS "addressSince"
    FROM relevant`;
  return row!;
}

/** The password was wrong: the check's place becomes a failure, dated `now`. */
export async function recordSignInFailure(db: Database, check: SignInCheck, now: Date): Promise<void> {
  await db.signInFailure.update({ where: { id: check.id }, data: { failedAt: now } });
}

/** The check could not be made (an unexpected error): its place is given back, nothing counted. */
export async function releaseSignInCheck(db: Database, check: SignInCheck): Promise<void> {
  await db.signInFailure.deleteMany({ where: { id: check.id } });
}

/** The account's counted failures (settled checks), from every address; checks in flight are not failures. */
const failuresOfAccount = (email: string) => ({ email, failedAt: { not: null } });

/**
 * The password was right: the account's failures are forgotten, from every address (and so from
 * each address's count too), with this check's place. Checks of the account still in flight
 * keep theirs. Others' failures at other accounts stay counted against their address: signing in
 * to one's own account does not reset a sprayer's count.
 */
export async function clearSignInFailures(db: Database, check: SignInCheck): Promise<void> {
  await db.signInFailure.deleteMany({ where: { OR: [{ id: check.id }, failuresOfAccount(check.email)] } });
}

/**
 * The account's owner proved who they are another way (a setup or reset link an administrator
 * sent): its failures are forgotten, as after a right password, so the new password opens it at
 * once instead of after the lock's fifteen minutes.
 */
export async function forgetAccountFailures(db: Database, email: string): Promise<void> {
  await db.signInFailure.deleteMany({ where: failuresOfAccount(email) });
}

/** Forgets failures older than the window and checks that were never settled (housekeeping). */
export async function deleteEndedSignInFailures(
  db: Database,
  now = new Date(),
  limits = SIGN_IN_LIMITS,
): Promise<number> {
  const windowStart = new Date(now.getTime() - limits.windowMs);
  const removed = await db.signInFailure.deleteMany({
    where: { OR: [{ failedAt: { lte: windowStart } }, { failedAt: null, checkEndsBy: { lte: now } }] },
  });
  return removed.count;
}

function tooManyFailures(lock: SignInLock, oldestFailure: Date | null, limits: SignInLimits, now: Date): AppError {
  const liftsAt = (oldestFailure?.getTime() ?? now.getTime()) + limits.windowMs;
  const waitMs = Math.min(limits.windowMs, liftsAt - now.getTime());
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const retry = `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new AppError('TOO_MANY_REQUESTS', `${SIGN_IN_LOCK_MESSAGES[lock]} ${retry}`);
}
