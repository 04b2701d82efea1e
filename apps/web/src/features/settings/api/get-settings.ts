import { trpc } from '../../../lib/trpc';

/** The organisation settings (every signed-in user may read them). */
export function useSettings() {
  return trpc.settings.get.useQuery(undefined, { staleTime: 0 });
}
