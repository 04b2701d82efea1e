import { trpc } from '../../../lib/trpc';

export function useRevokeApiToken() {
  const utils = trpc.useUtils();
  return trpc.auth.revokeToken.useMutation({ onSuccess: () => utils.auth.listTokens.invalidate() });
}
