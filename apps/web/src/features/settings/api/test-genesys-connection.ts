import { trpc } from '../../../lib/trpc';

/** Test Connection on the Phone System card; the card's status follows. */
export function useTestGenesysConnection() {
  const utils = trpc.useUtils();
  return trpc.genesys.testConnection.useMutation({ onSettled: () => utils.genesys.status.invalidate() });
}
