import { compareCaseInsensitive } from '@phone-billing/api/schemas';
import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Create Role: inserted into the list sorted by name, case-insensitively. */
export function useCreateRole() {
  const utils = trpc.useUtils();
  return trpc.accessControl.createRole.useMutation({
    onSuccess: (answer) => {
      utils.accessControl.listRoles.setData(
        undefined,
        (old) =>
          old && { ...old, roles: [...old.roles, answer.role].sort((a, b) => compareCaseInsensitive(a.name, b.name)) },
      );
      void utils.accessControl.auditLog.invalidate();
      toast.success('Role created');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create role')),
  });
}
