import { compareCaseInsensitive } from '@phone-billing/api/schemas';
import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Create Permission: inserted into the list sorted by key, case-insensitively. */
export function useCreatePermission() {
  const utils = trpc.useUtils();
  return trpc.accessControl.createAction.useMutation({
    onSuccess: (answer) => {
      utils.accessControl.listActions.setData(
        undefined,
        (old) =>
          old && {
            ...old,
            actions: [...old.actions, answer.action].sort((a, b) => compareCaseInsensitive(a.key, b.key)),
          },
      );
      void utils.accessControl.auditLog.invalidate();
      toast.success('Permission created');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create permission')),
  });
}
