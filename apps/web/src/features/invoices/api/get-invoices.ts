import type { TInvoiceFilters } from '@phone-billing/api/schemas';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { downloadTextFile } from '../../../lib/download';
import { plural } from '../../../lib/format';
import { errorMessage, trpc } from '../../../lib/trpc';

/** While open, the list is read again every 15 s: payments and voids arrive from QuickBooks on their own. */
const REFRESH_MS = 15_000;

export function useInvoices(filters: TInvoiceFilters & { page: number; limit: number }) {
  return trpc.receivables.list.useQuery(filters, {
    placeholderData: (previous) => previous,
    refetchInterval: REFRESH_MS,
  });
}

/** The customer filter's choices (archived profiles too: their invoices stay listed). */
export function useCustomerChoices() {
  return trpc.customerProfiles.list.useQuery({ limit: 100, status: 'all' }, { staleTime: 60_000 });
}

/** Where the simulated QuickBooks company page is (null with real QuickBooks). */
export function useSimulatorLinks() {
  return trpc.receivables.simulatorLinks.useQuery(undefined, { staleTime: Infinity });
}

/** "Export CSV": the filtered invoices as a file. */
export function useExportInvoices() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (filters: TInvoiceFilters) => utils.receivables.csv.fetch(filters, { staleTime: 0 }),
    onSuccess: (answer) => {
      downloadTextFile(answer.filename, answer.csv);
      toast.success(`Exported ${plural(answer.csv.trimEnd().split('\r\n').length - 1, 'invoice')} to CSV`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to export the invoices')),
  });
}
