import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/**
 * Delete of a profile. One with invoices is archived instead (kept, inactive, hidden by default);
 * the toast says which happened, in the server's words.
 */
export function useDeleteCustomerProfile() {
  const utils = trpc.useUtils();
  return trpc.customerProfiles.delete.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.archived ? answer.message : 'Customer profile deleted successfully');
      void utils.customerProfiles.list.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete customer profile')),
  });
}
