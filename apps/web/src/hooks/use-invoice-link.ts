import { trpc } from '../lib/trpc';

/**
 * The address of an invoice in QuickBooks (the company's invoice page; the simulator serves one
 * at the same path), or null while unknown. Job Details and the statistics modal link to it.
 */
export function useInvoiceLink(): (qboInvoiceId: string | null) => string | null {
  const links = trpc.qbo.invoiceLinks.useQuery(undefined, { staleTime: 5 * 60_000 });
  const base = links.data?.data.invoicePageBase ?? null;
  return (qboInvoiceId) => (base && qboInvoiceId ? `${base}${encodeURIComponent(qboInvoiceId)}` : null);
}
