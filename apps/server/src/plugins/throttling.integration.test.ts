import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../../test/server';
import { parseTrustProxy, REPO_ROOT } from '../config';

/**
 * Sign-in throttling that holds under concurrency, and the per-address rate limits (issue 13).
 * TRUST_PROXY is on here, so each test speaks from its own client address (X-Forwarded-For).
 */

let server: TestServer;
let addressCount = 0;
/** A fresh client address for each use, so tests do not share a counter by accident. */
const newAddress = () => `198.51.100.${++addressCount}`;

function from(address: string, client: RestClient = server.anonymous()) {
  return {
    post: (path: string, body: unknown) => client.request('POST', path, body, { 'x-forwarded-for': address }),
    get: (path: string) => client.request('GET', path, undefined, { 'x-forwarded-for': address }),
  };
}

const USERS = {
  timing: { email: 'timing@example.com', password: 'timing-password-1' },
  victim: { email: 'victim@example.com', password: 'victim-password-1' },
  target: { email: 'target@example.com', password: 'target-password-1' },
  stranger: { email: 'stranger-victim@example.com', password: 'stranger-victim-1' },
  burst: { email: 'burst@example.com', password: 'burst-password-1' },
  batch: { email: 'batch@example.com', password: 'batch-password-1' },
};
/** Forgets every sign-in failure at an e-mail (from any address). */
const forgetSignIns = (email: string) => server.server.services.db.signInFailure.deleteMany({ where: { email } });

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', DEMO_DATA: '0' } });
  const admin = await server.admin();
  for (const user of Object.values(USERS))
    expect((await admin.post('/api/v1/auth/users', { ...user, roleIds: [] })).status).toBe(201);
});
afterAll(() => server?.stop());

describe('sign-in throttle per e-mail', () => {
  it('of 10 parallel wrong passwords, 5 are checked and 5 refused with 429 before any check; the real user, elsewhere, still signs in', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        from(address).post('/api/v1/auth/sign-in', { email: USERS.victim.email, password: 'wrong-password' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body).toEqual({
        success: false,
        error: 'Too many failed sign-in attempts. Try again in 15 minutes.',
        message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      });
    }
    // Exactly five failures reached the password check (and the audit log).
    const failures = await server.server.services.db.auditLog.count({
      where: { action: 'auth.sign-in-failed', target: USERS.victim.email },
    });
    expect(failures).toBe(5);
    // The guesser's address stays locked out of this e-mail for the window, right password or not...
    expect((await from(address).post('/api/v1/auth/sign-in', USERS.victim)).status).toBe(429);
    // ...but the real user, signing in from their own address, is not locked out by someone else's guesses.
    const realUser = await from(newAddress()).post('/api/v1/auth/sign-in', USERS.victim);
    expect(realUser.status).toBe(200);
    expect(realUser.body.user.email).toBe(USERS.victim.email);
  });

  it('guesses spread over many addresses: 50 attempts at one e-mail lock it everywhere for the window', async () => {
    const guesses = Array.from({ length: 10 }, newAddress).flatMap((address) =>
      Array.from(
        { length: 5 },
        (_, attempt) => () =>
          from(address).post('/api/v1/auth/sign-in', {
            email: USERS.target.email,
            password: `guess-${attempt}-password`,
          }),
      ),
    );
    const statuses = await Promise.all(guesses.map((guess) => guess()));
    expect(statuses.map((answer) => answer.status).filter((status) => status !== 401)).toEqual([]);
    const locked = await from(newAddress()).post('/api/v1/auth/sign-in', USERS.target);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('Too many failed sign-in attempts for this account. Try again in 15 minutes.');
    await forgetSignIns(USERS.target.email);
    expect((await from(newAddress()).post('/api/v1/auth/sign-in', USERS.target)).status).toBe(200);
  });

  it('a successful sign-in starts the count afresh', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(
        (await from(address).post('/api/v1/auth/sign-in', { email: USERS.timing.email, password: 'nope-nope' })).status,
      ).toBe(401);
    }
    expect((await from(address).post('/api/v1/auth/sign-in', USERS.timing)).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await from(address).post('/api/v1/auth/sign-in', { email: USERS.timing.email, password: 'nope-nope' })).status,
      ).toBe(401);
    }
    expect((await from(address).post('/api/v1/auth/sign-in', USERS.timing)).status).toBe(429);
    await forgetSignIns(USERS.timing.email);
  });
});

describe('a stranger cannot lock an account (issue 25)', () => {
  it('60 wrong passwords for an e-mail from one address: 5 are checked, none of the refusals counts; the right password from another address signs in', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 60; attempt++) {
      statuses.push(
        (
          await from(address).post('/api/v1/auth/sign-in', {
            email: USERS.stranger.email,
            password: `wrong-${attempt}-password`,
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const failures = await server.server.services.db.signInFailure.count({
      where: { email: USERS.stranger.email, failedAt: { not: null } },
    });
    expect(failures).toBe(5);
    const realUser = await from(newAddress()).post('/api/v1/auth/sign-in', USERS.stranger);
    expect(realUser.status).toBe(200);
    expect(realUser.body.user.email).toBe(USERS.stranger.email);
  });

  it('30 parallel right-password sign-ins from one address: each 200 or the per-minute 429, never "failed attempts"; the account still opens', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => from(address).post('/api/v1/auth/sign-in', USERS.burst)),
    );
    for (const answer of answers) {
      expect([200, 429]).toContain(answer.status);
      if (answer.status === 429) expect(answer.body.error).toMatch(/^Too many requests: at most 30 a minute/);
      else expect(answer.body.user.email).toBe(USERS.burst.email);
    }
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(
      await server.server.services.db.signInFailure.count({
        where: { OR: [{ email: USERS.burst.email }, { address }] },
      }),
    ).toBe(0);
    expect((await from(newAddress()).post('/api/v1/auth/sign-in', USERS.burst)).status).toBe(200);
  });

  it('a right password forgets the failures at the account, from every address', async () => {
    const [first, second] = [newAddress(), newAddress()];
    for (const address of [first, first, first, first, second, second]) {
      expect(
        (await from(address).post('/api/v1/auth/sign-in', { email: USERS.timing.email, password: 'typo-typo-1' }))
          .status,
      ).toBe(401);
    }
    expect((await from(second).post('/api/v1/auth/sign-in', USERS.timing)).status).toBe(200);
    // The first address's four failures are gone too: five more are checked before it is refused.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await from(first).post('/api/v1/auth/sign-in', { email: USERS.timing.email, password: 'typo-typo-2' })).status,
      ).toBe(401);
    }
    expect((await from(first).post('/api/v1/auth/sign-in', USERS.timing)).status).toBe(429);
    await forgetSignIns(USERS.timing.email);
  });

  it('a tRPC batch of 40 sign-in calls counts 40 against the 30-a-minute limit: at least 10 calls are refused', async () => {
    const address = newAddress();
    const calls = 40;
    const path = `/trpc/${Array.from({ length: calls }, () => 'auth.signIn').join(',')}?batch=1`;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, index) => [String(index), { ...USERS.batch, rememberMe: false }]),
    );
    const answer = await server.anonymous().request('POST', path, input, { 'x-forwarded-for': address });
    expect(Array.isArray(answer.body)).toBe(true);
    const refusals = (answer.body as Array<{ error?: { message: string; data: { httpStatus: number } } }>).filter(
      (entry) =>
        entry.error?.data.httpStatus === 429 && /^Too many requests: at most 30 a minute/.test(entry.error.message),
    );
    expect(refusals.length).toBeGreaterThanOrEqual(10);
    // The limit holds for the next single request from that address too.
    expect((await from(address).post('/api/v1/auth/sign-in', USERS.batch)).status).toBe(429);
  });
});

describe('sign-in throttle per client address', () => {
  it('20 failures from one address, whatever the e-mails, refuse the 21st; another address still gets checked', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(
        (
          await from(address).post('/api/v1/auth/sign-in', {
            email: `spray-${attempt}@example.com`,
            password: 'Summer2026!',
          })
        ).status,
      ).toBe(401);
    }
    const refused = await from(address).post('/api/v1/auth/sign-in', {
      email: 'spray-20@example.com',
      password: 'Summer2026!',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many failed sign-in attempts from your network. Try again in 15 minutes.');
    expect(
      (
        await from(newAddress()).post('/api/v1/auth/sign-in', {
          email: 'spray-20@example.com',
          password: 'Summer2026!',
        })
      ).status,
    ).toBe(401);
  });
});

/** CPU time (ns) of each of this process's threads but the main one, from Linux's scheduler counters; null elsewhere. */
function threadCpuNs(): Map<string, number> | null {
  const threads = new Map<string, number>();
  try {
    for (const thread of readdirSync('/proc/self/task')) {
      if (Number(thread) === process.pid) continue;
      threads.set(thread, Number(readFileSync(`/proc/self/task/${thread}/schedstat`, 'utf8').split(' ')[0]));
    }
  } catch {
    return null;
  }
  return threads;
}

describe('unknown e-mails cost the same password check as known ones', () => {
  it('spends about as much password-check CPU on a wrong password for an unknown e-mail as for a known one', async () => {
    // CPU time, not wall time: the Argon2 work is what timed the difference (23 ms against 75 ms),
    // and CPU time does not depend on the machine's load. Where Linux tells threads apart, what
    // counts is the busiest thread beside the main one during the request: Argon2 runs as one task
    // on one of libuv's threads. The main thread's work (the lookup, a known account's failure
    // bookkeeping) outweighed the hash on a slow machine (138 ms against 53 ms of whole-process
    // CPU), and the garbage collector's helper threads, summed, grew with that work in a full run.
    const cpuOf = async (email: string, attempt: number) => {
      const usageBefore = process.cpuUsage();
      const before = threadCpuNs();
      expect(
        (await from(newAddress()).post('/api/v1/auth/sign-in', { email, password: `wrong-${attempt}-password` }))
          .status,
      ).toBe(401);
      const after = threadCpuNs();
      if (!before || !after) {
        const used = process.cpuUsage(usageBefore);
        return used.user + used.system;
      }
      let busiest = 0;
      for (const [thread, ns] of after) busiest = Math.max(busiest, ns - (before.get(thread) ?? ns));
      return busiest;
    };
    await cpuOf('warm-up@example.com', 0);
    // Interleaved, so whatever else this process does meanwhile (GC, the job queue) falls on both
    // alike, and compared by medians, so one attempt that met a garbage collection does not decide.
    // On a machine where page faults are dear, one Argon2 check costs 25 ms on reused memory and
    // 120–145 ms on fresh (19 MiB of faults), and either path can land in either mode for all nine
    // tries: seen 27 known against 112–126 unknown, and 118–144 against 25–29. Without the dummy
    // check the unknown e-mail's busiest thread is a garbage collector's: 2.3 ms against 35. So the
    // bar sits between: unknown at least a tenth of known (0.17 at worst seen, 0.07 or less without).
    const known: number[] = [];
    const unknown: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      known.push(await cpuOf(TEST_ADMIN.email, attempt));
      unknown.push(await cpuOf('nobody-here@example.com', attempt));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.1);
    await forgetSignIns(TEST_ADMIN.email);
  });
});

describe('per-minute rate limits per client address', () => {
  it('sign-in: the 31st request in a minute is a 429 with Retry-After and the envelope, over REST and /trpc alike', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 30; attempt++) {
      // Invalid bodies: counted by the limiter without costing a password check.
      expect((await from(address).post('/api/v1/auth/sign-in', {})).status).toBe(400);
    }
    const limited = await from(address).post('/api/v1/auth/sign-in', USERS.timing);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Too many requests: at most 30 a minute/),
    });
    expect(limited.body.message).toBe(limited.body.error);

    const overTrpc = await server
      .anonymous()
      .request('POST', '/trpc/auth.signIn', USERS.timing, { 'x-forwarded-for': address });
    expect(overTrpc.status).toBe(429);
    expect(overTrpc.headers.get('retry-after')).not.toBeNull();
    expect(overTrpc.body.error).toMatchObject({ data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    // Another address is not affected.
    expect((await from(newAddress()).post('/api/v1/auth/sign-in', USERS.timing)).status).toBe(200);
  });

  it('token creation, billing runs and setup-password are limited too', async () => {
    const address = newAddress();
    const admin = new RestClient(server.url);
    await admin.request('POST', '/api/v1/auth/sign-in', TEST_ADMIN, { 'x-forwarded-for': newAddress() });
    const as = from(address, admin);
    const tokenStatuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      tokenStatuses.push((await as.post('/api/v1/auth/tokens', { name: `script ${attempt}` })).status);
    expect(tokenStatuses.filter((status) => status === 201)).toHaveLength(10);
    expect(tokenStatuses.at(-1)).toBe(429);
    expect(await server.server.services.db.apiToken.count({ where: { name: { startsWith: 'script ' } } })).toBe(10);

    const runStatuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++)
      runStatuses.push((await as.post('/api/v1/billing/run', { selectedQueues: [] })).status);
    expect(runStatuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(runStatuses[30]).toBe(429);

    const setupStatuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      setupStatuses.push(
        (await as.post('/api/v1/auth/setup-password', { token: 'x', password: 'long-enough-1' })).status,
      );
    expect(setupStatuses[10]).toBe(429);
  });
});

describe('the expensive reads are limited per client address', () => {
  it('analytics (60 a minute), call records (120) and their CSV export (30): the next one is a 429 with Retry-After and the envelope', async () => {
    const admin = new RestClient(server.url);
    await admin.request('POST', '/api/v1/auth/sign-in', TEST_ADMIN, { 'x-forwarded-for': newAddress() });
    for (const [path, perMinute] of [
      ['/api/v1/genesys/analytics', 60],
      ['/api/v1/genesys/call-records', 120],
      ['/api/v1/genesys/call-records/export', 30],
    ] as const) {
      const as = from(newAddress(), admin);
      // Without dates: a 400 that costs nothing, still counted.
      for (let attempt = 0; attempt < perMinute; attempt++) expect((await as.get(path)).status, path).toBe(400);
      const limited = await as.get(path);
      expect(limited.status, path).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body).toMatchObject({
        success: false,
        error: expect.stringMatching(
          new RegExp(`^Too many requests: at most ${perMinute} a minute\\. Try again in \\d+ seconds?\\.$`),
        ),
      });
    }
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told: false by default, true, a hop count, or addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1,10.0.0.0/8')).toBe('127.0.0.1,10.0.0.0/8');
  });

  it('is documented where an operator looks: the README (with why it matters) and .env.example', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/\| `TRUST_PROXY` +\|/);
    expect(readme).toContain('**Behind a reverse proxy or load balancer, set `TRUST_PROXY`**');
    expect(readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')).toMatch(/^# TRUST_PROXY=/m);
  });
});
