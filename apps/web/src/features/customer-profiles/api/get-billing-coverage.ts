import { trpc } from '../../../lib/trpc';

/** Which of a profile's billing periods are billed and by which invoices, which ended ones are not, and late calls (the statistics modal). */
export function useBillingCoverage(profileId: string | null) {
  return trpc.customerProfiles.billingCoverage.useQuery(
    { id: profileId ?? '' },
    { enabled: profileId !== null, retry: false },
  );
}
