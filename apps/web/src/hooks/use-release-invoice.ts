import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../lib/trpc';

/**
 * "Release for re-billing" of an invoice voided or deleted in QuickBooks (billing:run, audited):
 * its calls and period amounts are billed again by the next run. Shared by Job Details and the
 * statistics modal's billing coverage, which both show such an invoice.
 */
export function useReleaseInvoice() {
  const utils = trpc.useUtils();
  return trpc.billing.releaseInvoice.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      void utils.customerProfiles.billingCoverage.invalidate();
      void utils.customerProfiles.invoices.invalidate();
      void utils.billing.job.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to release the invoice')),
  });
}
