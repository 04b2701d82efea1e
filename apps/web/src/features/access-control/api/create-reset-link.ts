import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** "Send reset link": a one-time link (72 h) with which the user chooses a new password. */
export function useCreateResetLink() {
  const utils = trpc.useUtils();
  return trpc.accessControl.createResetLink.useMutation({
    onSuccess: () => {
      toast.success('Reset link created. Send it to the user: it works once, within 72 hours.');
      void utils.accessControl.auditLog.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create the reset link')),
  });
}
