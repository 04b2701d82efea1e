import { trpc } from '../../../lib/trpc';

/** Test Connection on the QuickBooks card; the card's status follows. */
export function useTestQboConnection() {
  const utils = trpc.useUtils();
  return trpc.qbo.testConnection.useMutation({ onSettled: () => utils.qbo.status.invalidate() });
}
