import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@phone-billing/db';

const CHECK_NAME = 'app-secret';

/** Thrown when this instance must not start; its message says what the operator should do. */
export class StartupRefusedError extends Error {
  override name = 'StartupRefusedError';
}

/** A value derived from the secret that proves two instances hold the same one without revealing it. */
export function appSecretCheckValue(appSecret: string): string {
  return createHmac('sha256', appSecret).update('phone-billing app-secret check v1').digest('base64url');
}

export const APP_SECRET_MISMATCH_MESSAGE =
  'APP_SECRET differs from the one this database was first started with, so this instance could not read the ' +
  'stored QuickBooks tokens. Every instance sharing a database needs the same APP_SECRET: set APP_SECRET here to ' +
  'the value the other instances use (an instance started without APP_SECRET generated one and keeps it in its ' +
  'DATA_DIR/app-secret file). To change the secret on purpose, start one instance with ACCEPT_NEW_APP_SECRET=1 ' +
  'and then connect QuickBooks again from QBO Setup (tokens stored under the old secret cannot be read).';

/**
 * Makes sure every instance on one database uses one APP_SECRET (it encrypts the stored QuickBooks
 * tokens). The first start stores a check value derived from the secret; later starts compare
 * against it and refuse with StartupRefusedError on a mismatch, unless `acceptNewSecret` (the
 * operator changed the secret on purpose), which replaces the stored check value.
 * Returns what happened, for the start-up log.
 */
export async function checkAppSecret(
  db: Database,
  appSecret: string,
  options: { acceptNewSecret?: boolean } = {},
): Promise<'stored' | 'matched' | 'replaced'> {
  const value = appSecretCheckValue(appSecret);
  // Insert-or-keep in one statement: instances starting together agree on whichever came first.
  const inserted = await db.$executeRaw`
    INSERT INTO deployment_checks (name, value) VALUES (${CHECK_NAME}, ${value}) ON CONFLICT (name) DO NOTHING`;
  if (inserted > 0) return 'stored';
  const stored = await db.deploymentCheck.findUniqueOrThrow({ where: { name: CHECK_NAME } });
  if (sameText(stored.value, value)) return 'matched';
  if (!options.acceptNewSecret) throw new StartupRefusedError(APP_SECRET_MISMATCH_MESSAGE);
  await db.deploymentCheck.update({ where: { name: CHECK_NAME }, data: { value, updatedAt: new Date() } });
  return 'replaced';
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
