import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { downloadTextFile } from '../../../lib/download';
import { plural } from '../../../lib/format';
import { errorMessage, trpc } from '../../../lib/trpc';

/**
 * Job Details' "Export calls" of one customer: the calls behind its invoice (or, for a dry run, the
 * calls the preview rated) as a CSV file, the same file as GET /billing/jobs/{id}/calls.csv.
 */
export function useExportJobCalls() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: { id: string; profileId: string }) => utils.billing.jobCallsCsv.fetch(input, { staleTime: 0 }),
    onSuccess: (answer) => {
      downloadTextFile(answer.filename, answer.csv);
      const rows = answer.csv.trimEnd().split('\r\n').length - 1;
      toast.success(`Exported ${plural(rows, 'call')} to CSV`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to export the calls')),
  });
}
