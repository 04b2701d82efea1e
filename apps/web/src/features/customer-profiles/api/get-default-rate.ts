import { trpc } from '../../../lib/trpc';

/** The organisation's default rate per minute (Settings): what a new profile starts with. */
export function useDefaultRate(): string | undefined {
  return trpc.settings.get.useQuery(undefined, { select: (answer) => answer.data.defaultRatePerMinute, staleTime: 0 })
    .data;
}

/**
 * Starts fetching the default rate when Add is pressed, beside the form's own code, instead of
 * after it: the new profile's rate field then shows the default as soon as the dialog does.
 */
export function usePrefetchDefaultRate(): () => void {
  const utils = trpc.useUtils();
  return () => void utils.settings.get.prefetch(undefined, { staleTime: 0 });
}
