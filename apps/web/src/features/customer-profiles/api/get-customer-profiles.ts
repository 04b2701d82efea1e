import type { TCustomerProfileListQuery } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** The filtered, paginated list (server-side filters) with the five stat-card counts. */
export function useCustomerProfiles(query: TCustomerProfileListQuery) {
  return trpc.customerProfiles.list.useQuery(query, { placeholderData: (previous) => previous });
}
