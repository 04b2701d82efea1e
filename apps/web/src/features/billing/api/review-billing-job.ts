import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** POST /billing/jobs/{id}/approve: the approved invoices are sent. */
export function useApproveBillingJob() {
  const utils = trpc.useUtils();
  return trpc.billing.approve.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      void utils.billing.jobs.invalidate();
      void utils.billing.job.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to approve the invoices')),
  });
}

/** POST /billing/jobs/{id}/reject: the rejected invoices are dropped, nothing billed. */
export function useRejectBillingJob() {
  const utils = trpc.useUtils();
  return trpc.billing.reject.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      void utils.billing.jobs.invalidate();
      void utils.billing.job.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to reject the invoices')),
  });
}
