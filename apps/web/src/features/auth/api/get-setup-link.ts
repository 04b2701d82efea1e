import { trpc } from '../../../lib/trpc';

/** Whose account a one-time setup or reset link is for (and whether it can still be used). */
export function useSetupLink(token: string) {
  return trpc.auth.setupLinkInfo.useQuery({ token }, { retry: false });
}
