import type { QboCustomerMatch } from '@phone-billing/api/schemas';
import { errorMessage, trpc } from '../../../lib/trpc';

export type QboSearchOutcome =
  { kind: 'found'; customer: QboCustomerMatch } | { kind: 'not-found' } | { kind: 'error'; message: string };

/**
 * 'Search QBO Customer ID': the QuickBooks customer with exactly this display name
 * (GET /qbo/customers/search/display-name). Returns a function the form calls on demand.
 */
export function useSearchQboCustomer() {
  const utils = trpc.useUtils();
  return async (displayName: string): Promise<QboSearchOutcome> => {
    try {
      const answer = await utils.qbo.searchCustomerByDisplayName.fetch({ displayName }, { staleTime: 0 });
      return answer.found && answer.data?.Id ? { kind: 'found', customer: answer.data } : { kind: 'not-found' };
    } catch (error) {
      return { kind: 'error', message: errorMessage(error, 'Failed to search QBO customers') };
    }
  };
}
