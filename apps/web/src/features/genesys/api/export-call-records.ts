import type { CallExportColumns, TCallDateRange } from '@phone-billing/api/schemas';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { downloadTextFile } from '../../../lib/download';
import { plural } from '../../../lib/format';
import { errorMessage, trpc } from '../../../lib/trpc';
import type { CallFilters } from './get-call-records';

/**
 * Export CSV: every call of the range that matches the filters (not just the page), with times
 * in the company timezone and user and queue names beside their ids (spec 000 §5, §8, §9);
 * Export with metrics adds talk, hold, after-call-work and handle seconds.
 */
export function useExportCallRecords() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: TCallDateRange & CallFilters & { columns: CallExportColumns }) =>
      utils.genesys.exportCallRecords.fetch(input, { staleTime: 0 }),
    onSuccess: (answer) => {
      if (answer.data.count === 0) {
        toast.error('No call records to export');
        return;
      }
      downloadTextFile(answer.data.fileName, answer.data.csv);
      toast.success(`Exported ${plural(answer.data.count, 'call record')} to CSV`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to export call records')),
  });
}
