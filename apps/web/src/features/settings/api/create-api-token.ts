import { trpc } from '../../../lib/trpc';

/** A new API token; its secret is in the answer, shown once. */
export function useCreateApiToken() {
  const utils = trpc.useUtils();
  return trpc.auth.createToken.useMutation({ onSuccess: () => utils.auth.listTokens.invalidate() });
}
