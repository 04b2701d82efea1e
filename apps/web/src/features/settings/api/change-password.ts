import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** PATCH /auth/users/me/password (this session stays signed in). */
export function useChangePassword() {
  return trpc.auth.changePassword.useMutation({
    onSuccess: () => toast.success('Password updated'),
    onError: (error) => toast.error(errorMessage(error, 'Failed to update password')),
  });
}
