import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { downloadTextFile } from '../../../lib/download';
import { plural } from '../../../lib/format';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Job Details' Export CSV: the job's per-customer results as a file. */
export function useExportJobResults() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (id: string) => utils.billing.resultsCsv.fetch({ id }, { staleTime: 0 }),
    onSuccess: (answer) => {
      downloadTextFile(answer.data.fileName, answer.data.csv);
      const rows = answer.data.csv.trimEnd().split('\r\n').length - 1;
      toast.success(`Exported ${plural(rows, 'customer')} to CSV`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to export the job results')),
  });
}
