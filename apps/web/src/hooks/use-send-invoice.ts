import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../lib/trpc';

/** Refreshes every view that shows invoices' e-mail status and balances. */
function useInvalidateInvoices() {
  const utils = trpc.useUtils();
  return () => {
    void utils.receivables.list.invalidate();
    void utils.receivables.get.invalidate();
  };
}

/**
 * "Send": e-mails one invoice through QuickBooks (billing:run, audited). Shared by the Invoices
 * screen and Job Details.
 */
export function useSendInvoice() {
  const invalidate = useInvalidateInvoices();
  return trpc.receivables.send.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      invalidate();
    },
  });
}

/** "Send all unsent": every invoice of a job not e-mailed yet; the refusals are listed with their reasons. */
export function useSendUnsentInvoices() {
  const invalidate = useInvalidateInvoices();
  return trpc.receivables.sendUnsentOfJob.useMutation({
    onSuccess: (answer) => {
      if (answer.data.refused.length === 0) toast.success(answer.message);
      else
        toast.error(`${answer.message}: ${answer.data.refused.map((refused) => refused.reason).join('; ')}`, {
          duration: 8000,
        });
      invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to send the invoices')),
  });
}
