import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useCreateCustomerProfile() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.create.useMutation({
    onSuccess: () => {
      toast.success('Customer profile created successfully');
      void utils.customerProfiles.list.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create customer profile')),
  });
}
