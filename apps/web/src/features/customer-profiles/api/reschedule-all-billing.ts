import toast from 'react-hot-toast';
import { plural } from '../../../lib/format';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useRescheduleAllBilling() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.rescheduleAllBilling.useMutation({
    onSuccess: (answer) => {
      toast.success(`Rescheduled billing for ${answer.data.successCount} customer profiles`);
      if (answer.data.failedCount > 0)
        toast.error(`${plural(answer.data.failedCount, 'customer profile')} could not be rescheduled`);
      void utils.customerProfiles.list.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to reschedule all billing')),
  });
}
