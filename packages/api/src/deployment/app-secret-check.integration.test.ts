import { createDatabaseClient, type Database } from '@phone-billing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { checkAppSecret, StartupRefusedError } from './app-secret-check';

let db: Database;
beforeAll(async () => {
  db = createDatabaseClient(await createTestDatabase());
});
afterAll(async () => {
  await db.$disconnect();
});

describe('one APP_SECRET for every instance on a database', () => {
  it('stores a check at the first start, accepts the same secret, refuses another, and replaces it only when told to', async () => {
    expect(await checkAppSecret(db, 'first-secret-0123456789')).toBe('stored');
    const stored = await db.deploymentCheck.findUniqueOrThrow({ where: { name: 'app-secret' } });
    expect(stored.value).not.toContain('first-secret');
    expect(await checkAppSecret(db, 'first-secret-0123456789')).toBe('matched');

    const refused = await checkAppSecret(db, 'second-secret-0123456789').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StartupRefusedError);
    expect((refused as Error).message).toMatch(/ACCEPT_NEW_APP_SECRET=1/);

    expect(await checkAppSecret(db, 'second-secret-0123456789', { acceptNewSecret: true })).toBe('replaced');
    expect(await checkAppSecret(db, 'second-secret-0123456789')).toBe('matched');
    await expect(checkAppSecret(db, 'first-secret-0123456789')).rejects.toBeInstanceOf(StartupRefusedError);
  });

  it('agrees on one value when several instances store it at once', async () => {
    await db.deploymentCheck.deleteMany();
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((name) => checkAppSecret(db, `secret-${name}-0123456789`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof StartupRefusedError),
    ).toHaveLength(3);
  });
});
