import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';
import { plural } from '../../../lib/format';

/** POST /month-end/bill-missing; the month reloads once the jobs are queued. */
export function useBillMissing() {
  const utils = trpc.useUtils();
  return trpc.monthEnd.billMissing.useMutation({
    onSuccess: (answer, input) => {
      const jobs = answer.data.jobs;
      const kind = input.isDryRun ? 'Dry run' : 'Billing';
      toast.success(
        jobs.length
          ? `${kind} started: ${plural(jobs.length, 'job')} (${jobs.map((job) => job.jobId).join(', ')})`
          : 'Nothing is missing: no job started',
      );
      void utils.monthEnd.get.invalidate();
      void utils.billing.jobs.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to bill what is missing')),
  });
}
