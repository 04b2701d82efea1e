import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useUpdateCustomerProfile() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.update.useMutation({
    onSuccess: (_answer, input) => {
      toast.success('Customer profile updated successfully');
      void utils.customerProfiles.list.invalidate();
      void utils.customerProfiles.stats.invalidate({ id: input.id });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to update customer profile')),
  });
}
