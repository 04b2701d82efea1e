import { useAuthStore } from '../../../lib/auth-store';
import { trpc } from '../../../lib/trpc';

/** POST /auth/sign-in; on success every cached answer is dropped and the user is stored. */
export function useSignIn() {
  const utils = trpc.useUtils();
  const setUser = useAuthStore((state) => state.setUser);
  return trpc.auth.signIn.useMutation({
    onSuccess: async (answer) => {
      await utils.invalidate();
      setUser(answer.user);
    },
  });
}
