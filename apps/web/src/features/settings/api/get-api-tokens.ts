import { trpc } from '../../../lib/trpc';

/** The signed-in user's own API tokens (never their secrets). */
export function useApiTokens() {
  return trpc.auth.listTokens.useQuery(undefined);
}
