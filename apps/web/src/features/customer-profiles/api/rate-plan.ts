import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** A profile's rate plan (for a profile on the spec's fields, the plan they mean). */
export function useRatePlan(profileId: string | null) {
  return trpc.customerProfiles.ratePlan.useQuery(
    { id: profileId ?? '' },
    { enabled: profileId !== null, retry: false },
  );
}

export function useSaveRatePlan() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.saveRatePlan.useMutation({
    onSuccess: (answer, input) => {
      toast.success(
        `Rate plan saved: it applies from ${answer.data.effectiveFrom ?? 'the first period with no invoice'}`,
      );
      void utils.customerProfiles.ratePlan.invalidate({ id: input.id });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the rate plan')),
  });
}

/** What a plan would have cost over past days ("What would this plan have cost?"). */
export function useQuote() {
  return trpc.billing.quote.useMutation({
    onError: (error) => toast.error(errorMessage(error, 'Failed to quote the plan')),
  });
}
