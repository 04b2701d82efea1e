// The browser's return from QuickBooks' consent page, checked before any code is exchanged: a
// state we signed for this session (once, within ten minutes), no consent error, a code and a realm.
import type { Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { AppError } from '../errors';
import { consumeOAuthState } from './oauth-states';
import { QBO_PROVIDER } from './token-store';

export type QboCallbackInput = {
  code?: string | undefined;
  state?: string | undefined;
  realmId?: string | undefined;
  error?: string | undefined;
};

/**
 * Refuses (with an audit entry and the message QBO Setup shows) a callback with an unknown, used or
 * expired state, a consent error, or no code or realm; else the query string to exchange.
 */
export async function acceptCallback(
  db: Database,
  appSecret: string,
  input: QboCallbackInput,
  actor: { id: string; email: string } | null,
  binding: string,
): Promise<string> {
  if (!input.state || !(await consumeOAuthState(db, appSecret, QBO_PROVIDER, input.state, binding))) {
    await recordAudit(db, {
      actor,
      action: 'qbo.callback-refused',
      details: { reason: 'unknown, used or expired state' },
    });
    throw new AppError(
      'BAD_REQUEST',
      'Invalid or expired authorization state. Start the authorization again from QBO Setup.',
    );
  }
  if (input.error) {
    await recordAudit(db, { actor, action: 'qbo.consent-denied', details: { error: input.error } });
    throw new AppError(
      'BAD_REQUEST',
      input.error === 'access_denied'
        ? 'Access was denied on the QuickBooks consent page, so QuickBooks is not connected. Start the authorization again and choose Approve to connect.'
        : `QuickBooks authorization failed: ${input.error}`,
    );
  }
  if (!input.code) throw new AppError('BAD_REQUEST', 'Authorization code not received. Please try again.');
  if (!input.realmId)
    throw new AppError('BAD_REQUEST', 'QuickBooks did not say which company (realmId) was connected.');
  return new URLSearchParams({ code: input.code, state: input.state, realmId: input.realmId }).toString();
}
