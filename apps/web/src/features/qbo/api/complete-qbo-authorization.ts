import type { QboCallbackQuery } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** The callback page hands QuickBooks' answer (code or error, state, realm) to the server once. */
export function useCompleteQboAuthorization() {
  const utils = trpc.useUtils();
  return async (query: QboCallbackQuery) => {
    const answer = await utils.client.qbo.callback.query(query);
    void utils.qbo.invalidate();
    return answer;
  };
}
