import { trpc } from '../../../lib/trpc';

/** A profile's usage in its current billing period up to today (the statistics modal). */
export function useProfileStats(profileId: string | null) {
  return trpc.customerProfiles.stats.useQuery({ id: profileId ?? '' }, { enabled: profileId !== null, retry: false });
}
