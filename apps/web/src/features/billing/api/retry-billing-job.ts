import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useRetryBillingJob() {
  const utils = trpc.useUtils();
  return trpc.billing.retry.useMutation({
    onSuccess: (answer) => {
      toast.success(`Job retry initiated for ${answer.data.jobId}`);
      void utils.billing.jobs.invalidate();
      void utils.billing.job.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to retry job')),
  });
}
