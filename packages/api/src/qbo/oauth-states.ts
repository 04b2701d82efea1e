import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@phone-billing/db';
import { deriveSecretKey } from './secret-box';

/** How long an issued state may come back (the consent page rarely takes longer). */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;
// A state dated this far in the future (clocks of two instances apart) is still taken.
const CLOCK_SKEW_MS = 60_000;

/**
 * Who an authorization is for: the browser session that started it (a cookie), or the user of an
 * API token. The state is valid only when it comes back with the same one.
 */
export function oauthStateBinding(auth: { user: { id: string }; sessionId: string | null }): string {
  return auth.sessionId ? `session:${auth.sessionId}` : `user:${auth.user.id}`;
}

/**
 * A fresh `state` for one authorization, written nowhere (issue 25: a row per GET /qbo/auth was a
 * GET that wrote, unbounded): `<issued at>.<nonce>.<signature>`, the signature an HMAC-SHA256 with
 * a key derived from APP_SECRET over the provider, the binding (the session) and the rest.
 */
export function issueOAuthState(appSecret: string, provider: string, binding: string, now = new Date()): string {
  const payload = `${now.getTime().toString(36)}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${signature(appSecret, provider, binding, payload)}`;
}

/**
 * Spends a state: true only for one this server signed for `provider` and `binding` within the
 * last ten minutes, and not spent before. Spent states are remembered in oauth_states for their
 * ten minutes (the primary key, so two callbacks racing with one state cannot both succeed); the
 * older ones are swept on the way.
 */
export async function consumeOAuthState(
  db: Database,
  appSecret: string,
  provider: string,
  state: string,
  binding: string,
  now = new Date(),
): Promise<boolean> {
  if (!isValidOAuthState(appSecret, provider, state, binding, now)) return false;
  const pastReplay = new Date(now.getTime() - OAUTH_STATE_LIFETIME_MS - CLOCK_SKEW_MS);
  await db.oAuthState.deleteMany({ where: { createdAt: { lt: pastReplay } } });
  const spent = await db.$executeRaw`
    INSERT INTO "oauth_states" ("state", "provider", "createdAt", "usedAt")
    VALUES (${state}, ${provider}, ${now}, ${now})
    ON CONFLICT ("state") DO NOTHING`;
  return spent === 1;
}

/** The signature and age of a state, without spending it. */
export function isValidOAuthState(
  appSecret: string,
  provider: string,
  state: string,
  binding: string,
  now = new Date(),
): boolean {
  if (!state || state.length > 200) return false;
  const parts = state.split('.');
  if (parts.length !== 3) return false;
  const [issuedAtText, nonce, given] = parts as [string, string, string];
  const expected = Buffer.from(signature(appSecret, provider, binding, `${issuedAtText}.${nonce}`));
  if (Buffer.byteLength(given) !== expected.length || !timingSafeEqual(Buffer.from(given), expected)) return false;
  const age = now.getTime() - parseInt(issuedAtText, 36);
  return age <= OAUTH_STATE_LIFETIME_MS && age >= -CLOCK_SKEW_MS;
}

const stateKeys = new Map<string, Buffer>();
function signature(appSecret: string, provider: string, binding: string, payload: string): string {
  let key = stateKeys.get(appSecret);
  if (!key) stateKeys.set(appSecret, (key = deriveSecretKey(appSecret, 'oauth-state')));
  return createHmac('sha256', key).update(`${provider}\n${binding}\n${payload}`).digest('base64url');
}
