import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useDeleteCustomerProfile() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.delete.useMutation({
    onSuccess: () => {
      toast.success('Customer profile deleted successfully');
      void utils.customerProfiles.list.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete customer profile')),
  });
}
