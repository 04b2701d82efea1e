import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** POST /billing/run. The list reloads one second after a run is accepted (the page does that). */
export function useRunBillingJob() {
  return trpc.billing.run.useMutation({
    onSuccess: (answer) => toast.success(`Billing job started successfully! Job ID: ${answer.data.jobId}`),
    onError: (error) => toast.error(errorMessage(error, 'Failed to start billing job')),
  });
}
