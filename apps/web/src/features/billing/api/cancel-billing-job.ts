import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useCancelBillingJob() {
  const utils = trpc.useUtils();
  return trpc.billing.cancel.useMutation({
    onSuccess: (answer) => {
      toast.success(`Job cancelled for ${answer.data.jobId}`);
      void utils.billing.jobs.invalidate();
      void utils.billing.job.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to cancel job')),
  });
}
