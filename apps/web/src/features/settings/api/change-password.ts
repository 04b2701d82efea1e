import { trpc } from '../../../lib/trpc';

/** PATCH /auth/users/me/password (this session stays signed in). */
export function useChangePassword() {
  return trpc.auth.changePassword.useMutation();
}
