import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/**
 * What every change of the Region & Teams screen does when it settles: the spec's toast (001 §8)
 * and, because any change can move queues between teams and the unassigned list, a refresh of
 * all the screen's lists. Pass `{ onSuccess }` to `mutate` to close a modal after the toast.
 */
export function useRegionChangeOptions(success: string, failure: string) {
  const utils = trpc.useUtils();
  return {
    onSuccess: async () => {
      toast.success(success);
      await utils.regions.invalidate();
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error, failure));
    },
  };
}
