// The connection's health as QBO Setup and the bell see it: the last failure on
// integration_connections, and one notification when a working connection breaks.
import type { Database } from '@phone-billing/db';
import { notify } from '../notifications';
import type { Logger } from '../services';
import { qboErrorMessage } from './connection-errors';
import { QBO_PROVIDER } from './token-store';

/** Stores the failure as lastError and rings the bell when the connection was fine until now. */
export async function recordConnectionFailure(
  db: Database,
  error: unknown,
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  const message = qboErrorMessage(error);
  const before = await db.integrationConnection.findUnique({
    where: { provider: QBO_PROVIDER },
    select: { lastError: true },
  });
  if (!before) return;
  await db.integrationConnection.update({
    where: { provider: QBO_PROVIDER },
    data: { lastError: message, lastCheckedAt: new Date() },
  });
  logger?.warn({ error: message }, 'QuickBooks connection failed');
  if (!before.lastError)
    await notify(db, {
      kind: 'integration',
      message: `QuickBooks connection failed: ${message}`,
      link: '/qbo-setup',
    });
}
