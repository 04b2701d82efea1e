import toast from 'react-hot-toast';
import { useAuthStore } from '../../../lib/auth-store';
import { errorMessage, trpc } from '../../../lib/trpc';

/** PATCH /auth/users/me/profile; the signed-in user shown everywhere takes the new name. */
export function useUpdateProfile() {
  const setUser = useAuthStore((state) => state.setUser);
  return trpc.auth.updateProfile.useMutation({
    onSuccess: (answer) => {
      setUser(answer.user);
      toast.success('Profile updated');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to update profile')),
  });
}
