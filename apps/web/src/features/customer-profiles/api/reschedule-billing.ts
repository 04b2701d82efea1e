import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** 'Reschedule Now' of one profile: its next run from its bill day and time. */
export function useRescheduleBilling() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.rescheduleBilling.useMutation({
    onSuccess: (answer) => {
      toast.success(`Billing rescheduled for ${answer.data.customerName}`);
      void utils.customerProfiles.list.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to reschedule billing')),
  });
}
