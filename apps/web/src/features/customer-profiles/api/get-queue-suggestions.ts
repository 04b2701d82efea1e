import { trpc } from '../../../lib/trpc';

/** Genesys queue names for suggestions and the unknown-name warning. */
export function useQueueSuggestions() {
  return trpc.customerProfiles.queueSuggestions.useQuery(undefined, { staleTime: 5 * 60_000 });
}
