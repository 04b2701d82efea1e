import type { Database } from '@phone-billing/db';
import type { QboTokenSet, QboTokenStore } from '@phone-billing/integrations/qbo';
import { deriveSecretKey, openSecret, sealSecret } from './secret-box';

export const QBO_PROVIDER = 'qbo';
const SECRET_CONTEXT = 'integration_connections:qbo';
/** Advisory lock key shared by every process that may refresh the QuickBooks tokens. */
const REFRESH_LOCK_KEY = 7_305_019_001n;

type SealedTokens = {
  accessToken: string;
  refreshToken: string;
  realmId: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string | null;
};

export interface DbQboTokenStore extends QboTokenStore {
  /** Forgets the tokens (the connection row stays, without secrets). */
  clear(): Promise<void>;
  /** Whether a row holds tokens that this APP_SECRET cannot decrypt. */
  unreadable(): Promise<boolean>;
}

export type DbQboTokenStoreOptions = {
  /** Runs inside the refresh lock when `fn` fails, e.g. to record the connection's last error. */
  onRefreshFailure?: (error: unknown) => Promise<void>;
};

/**
 * QuickBooks tokens and realm in integration_connections, sealed with AES-256-GCM under a key
 * derived from APP_SECRET. withRefreshLock holds a PostgreSQL advisory lock for the whole refresh
 * (inside a transaction), so two processes never spend the same rotating refresh token; within
 * this process callers queue before asking the database, so waiting costs no extra connections.
 */
export function createDbQboTokenStore(
  db: Database,
  appSecret: string,
  options: DbQboTokenStoreOptions = {},
): DbQboTokenStore {
  const key = deriveSecretKey(appSecret, 'integration-secrets');
  let localTail: Promise<unknown> = Promise.resolve();

  function decode(sealed: string): QboTokenSet | null {
    try {
      const data = JSON.parse(openSecret(sealed, key, SECRET_CONTEXT)) as SealedTokens;
      return {
        accessToken: data.accessToken,
        refreshToken: data.refreshToken,
        realmId: data.realmId,
        accessTokenExpiresAt: new Date(data.accessTokenExpiresAt),
        refreshTokenExpiresAt: data.refreshTokenExpiresAt ? new Date(data.refreshTokenExpiresAt) : null,
      };
    } catch {
      return null;
    }
  }

  async function lockedInDatabase<T>(fn: () => Promise<T>): Promise<T> {
    return db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REFRESH_LOCK_KEY})`;
        return fn();
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
  }

  return {
    async load() {
      const row = await db.integrationConnection.findUnique({
        where: { provider: QBO_PROVIDER },
        select: { encryptedSecrets: true },
      });
      return row?.encryptedSecrets ? decode(row.encryptedSecrets) : null;
    },

    async save(tokens) {
      const sealed = sealSecret(
        JSON.stringify({
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          realmId: tokens.realmId,
          accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
          refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ? tokens.refreshTokenExpiresAt.toISOString() : null,
        } satisfies SealedTokens),
        key,
        SECRET_CONTEXT,
      );
      const fields = {
        encryptedSecrets: sealed,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt,
        refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
        lastError: null,
      };
      await db.integrationConnection.upsert({
        where: { provider: QBO_PROVIDER },
        create: { provider: QBO_PROVIDER, ...fields },
        update: fields,
      });
    },

    withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
      const guarded = async () => {
        try {
          return await fn();
        } catch (error) {
          await options.onRefreshFailure?.(error).catch(() => undefined);
          throw error;
        }
      };
      const run = localTail.then(
        () => lockedInDatabase(guarded),
        () => lockedInDatabase(guarded),
      );
      localTail = run.catch(() => undefined);
      return run;
    },

    async clear() {
      await db.integrationConnection.updateMany({
        where: { provider: QBO_PROVIDER },
        data: { encryptedSecrets: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null },
      });
    },

    async unreadable() {
      const row = await db.integrationConnection.findUnique({
        where: { provider: QBO_PROVIDER },
        select: { encryptedSecrets: true },
      });
      return Boolean(row?.encryptedSecrets) && decode(row!.encryptedSecrets!) === null;
    },
  };
}
