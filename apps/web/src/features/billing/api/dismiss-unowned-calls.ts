import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Dismisses a queue's unowned calls seen so far (billing:run, audited); later calls show again. */
export function useDismissUnownedCalls() {
  const utils = trpc.useUtils();
  return trpc.unownedCalls.dismiss.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      void utils.unownedCalls.list.invalidate();
      void utils.customerProfiles.billingCoverage.invalidate();
      void utils.dashboard.systemStatus.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to dismiss the unowned calls')),
  });
}
