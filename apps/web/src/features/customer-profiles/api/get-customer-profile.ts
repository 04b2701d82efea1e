import { trpc } from '../../../lib/trpc';

/** One profile by id (a link to its dialog); null asks nothing. An unknown id is an error, not retried. */
export function useCustomerProfile(profileId: string | null) {
  return trpc.customerProfiles.get.useQuery({ id: profileId ?? '' }, { enabled: profileId !== null, retry: false });
}
