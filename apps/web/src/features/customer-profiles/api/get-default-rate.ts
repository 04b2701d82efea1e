import { trpc } from '../../../lib/trpc';

/** The organisation's default rate per minute (Settings): what a new profile starts with. */
export function useDefaultRate(): string | undefined {
  return trpc.settings.get.useQuery(undefined, { select: (answer) => answer.data.defaultRatePerMinute, staleTime: 0 })
    .data;
}
