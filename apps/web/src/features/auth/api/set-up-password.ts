import { useAuthStore } from '../../../lib/auth-store';
import { trpc } from '../../../lib/trpc';

/** Spends a one-time link to choose a password; the answer signs the user in. */
export function useSetUpPassword() {
  const utils = trpc.useUtils();
  const setUser = useAuthStore((state) => state.setUser);
  return trpc.auth.setupPassword.useMutation({
    onSuccess: async (answer) => {
      await utils.invalidate();
      setUser(answer.user);
    },
  });
}
