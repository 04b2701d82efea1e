import { trpc } from '../../../lib/trpc';

/** The invoices of one job with their status and e-mail status (Job Details' E-mail section). */
export function useJobInvoices(billingJobId: string | null) {
  return trpc.receivables.list.useQuery(
    { billingJobId: billingJobId ?? undefined, limit: 500 },
    { enabled: Boolean(billingJobId), refetchInterval: 15_000 },
  );
}
