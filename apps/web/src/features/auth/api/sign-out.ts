import { useAuthStore } from '../../../lib/auth-store';
import { trpc } from '../../../lib/trpc';

/**
 * Signs out at the server, then always here: sign-out clears the user even when the server call
 * fails (spec 000 §4). Resolves false when the server call failed.
 */
export function useSignOut() {
  const utils = trpc.useUtils();
  const clearUser = useAuthStore((state) => state.clearUser);
  const signOut = trpc.auth.signOut.useMutation();
  return async (): Promise<boolean> => {
    let ok = true;
    try {
      await signOut.mutateAsync(undefined);
    } catch {
      ok = false;
    }
    clearUser();
    await utils.invalidate();
    return ok;
  };
}
