import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Add New User: new users go to the top of the list; the spec's toast says how they get in. */
export function useCreateUser() {
  const utils = trpc.useUtils();
  return trpc.accessControl.createUser.useMutation({
    onSuccess: (answer) => {
      utils.accessControl.listUsers.setData(
        undefined,
        (old) => old && { ...old, users: [answer.user, ...old.users.filter((user) => user.id !== answer.user.id)] },
      );
      void utils.accessControl.auditLog.invalidate();
      toast.success(
        answer.setupUrl
          ? 'User created. Ask them to reset their password via the login screen.'
          : 'User created. Share the password you set with them.',
      );
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create user')),
  });
}
