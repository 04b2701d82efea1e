import { trpc } from '../../../lib/trpc';

/** The customer's invoices, newest period first (number, period, amount, status, QuickBooks id). */
export function useProfileInvoices(profileId: string | null) {
  return trpc.customerProfiles.invoices.useQuery({ id: profileId ?? '' }, { enabled: profileId !== null });
}
