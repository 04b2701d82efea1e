import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** A role toggle: the answer replaces the user in the list (spec 001 §4) and the audit log moves. */
export function useUpdateUserRoles() {
  const utils = trpc.useUtils();
  return trpc.accessControl.updateUserRoles.useMutation({
    onSuccess: (answer) => {
      utils.accessControl.listUsers.setData(
        undefined,
        (old) => old && { ...old, users: old.users.map((user) => (user.id === answer.user.id ? answer.user : user)) },
      );
      toast.success('Roles updated');
      void utils.accessControl.auditLog.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to update roles')),
  });
}
